#include "rocksdb5_engine.hpp"

#include <rocksdb/version.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "rocksdb5_options_report.hpp"

namespace kvbench::rocksdb5 {

Status RocksStore::NewIterator(std::unique_ptr<Iterator>* it) {
  *it = std::make_unique<Iterator>(std::unique_ptr<rocksdb::Iterator>(instance_->db()->NewIterator({})));
  return Status::OK();
}

Status RocksEngine::Open(const sdk::OpenRequest& request, std::unique_ptr<RocksEngine>* engine) {
  Settings settings;
  Status s = ParseSettings(request.config_json, &settings);
  if (!s.ok()) return s;
  std::error_code ec;
  if (!std::filesystem::is_directory(request.data_dir, ec)) {
    return Status::InvalidArgument("data directory '" + request.data_dir + "' does not exist");
  }
  std::shared_ptr<rocksdb::Cache> cache = MakeSharedBlockCache(settings);
  rocksdb::Options options;
  s = BuildOptions(settings, cache, &options);
  if (!s.ok()) return s;
  engine->reset(new RocksEngine(request.data_dir, std::move(settings), std::move(cache), std::move(options)));
  return Status::OK();
}

RocksEngine::RocksEngine(std::string dir, Settings settings, std::shared_ptr<rocksdb::Cache> cache,
                         rocksdb::Options template_options)
    : dir_(std::move(dir)),
      settings_(std::move(settings)),
      shared_cache_(std::move(cache)),
      template_options_(std::move(template_options)),
      write_options_(MakeWriteOptions(settings_)) {}

RocksEngine::~RocksEngine() { Close(); }

Status RocksEngine::OpenStore(std::string_view name, std::unique_ptr<Store>* store) {
  if (name == "." || name == "..") return Status::InvalidArgument("store name '" + std::string(name) + "'");
  std::lock_guard<std::mutex> lock(mu_);
  Instance* instance = nullptr;
  for (const auto& i : instances_) {
    if (i->name() == name) instance = i.get();
  }
  if (instance == nullptr) {
    rocksdb::Options options;  // built afresh: each instance gets its own Statistics when they are on
    Status s = BuildOptions(settings_, shared_cache_, &options);
    if (!s.ok()) return s;
    std::unique_ptr<Instance> opened;
    s = Instance::Open(std::string(name), dir_ + "/" + std::string(name), options, write_options_, &opened);
    if (!s.ok()) return s;
    instance = opened.get();
    instances_.push_back(std::move(opened));
  }
  if (!instance->TryAcquire()) return Status::Busy("store '" + std::string(name) + "' is already open");
  *store = std::make_unique<Store>(instance);
  return Status::OK();
}

Status RocksEngine::Stabilize() {
  for (const auto& i : instances_) {
    Status s = i->Stabilize(settings_.read_stabilization);
    if (!s.ok()) return s;
  }
  return Status::OK();
}

Status RocksEngine::Settle() {
  for (const auto& i : instances_) {
    Status s = i->Flush();
    if (!s.ok()) return s;
  }
  return Status::OK();
}

Status RocksEngine::Close() {
  Status result;
  for (const auto& i : instances_) {
    Status s = i->Close();
    if (result.ok()) result = s;
  }
  instances_.clear();
  return result;
}

rocksdb::Options RocksEngine::ReferenceOptions() const {
  return instances_.empty() ? template_options_ : instances_.front()->Options();
}

Status RocksEngine::EffectiveSettings(std::string* out) {
  rocksdb::Options ref = ReferenceOptions();
  nlohmann::json described = DescribeOptions(ref);
  nlohmann::json j;
  std::string databases;
  for (const auto& i : instances_) databases += (databases.empty() ? "" : ",") + i->name();
  // The report's configuration lines, from what RocksDB runs with.
  j["Databases"] = databases;
  j["Compression"] = described["compression"];
  j["CompressionPerLevel"] = described["compression_per_level"];
  j["WriteBufferMb"] = described["write_buffer_size_mb"];
  j["MaxWriteBufferNumber"] = ref.max_write_buffer_number;
  j["Wal"] = !write_options_.disableWAL;
  j["WriteSync"] = write_options_.sync;
  j["ReadStabilization"] = ReadStabilizationName(settings_.read_stabilization);
  j["BlockCacheBytes"] = described.value("block_cache_capacity", nlohmann::json());
  j["BlockCacheShared"] = shared_cache_ != nullptr;
  j["BloomBitsPerKey"] = described.value("bloom_bits_per_key", nlohmann::json());
  j["BlockSize"] = described.value("block_size", nlohmann::json());
  j["MaxBackgroundJobs"] = ref.max_background_jobs;
  j["OptimizeLevelStyleCompaction"] = false;
  j["RocksDBVersion"] = rocksdb::GetRocksVersionAsString();
  j["RocksDBHeaderVersion"] =
      std::to_string(ROCKSDB_MAJOR) + "." + std::to_string(ROCKSDB_MINOR) + "." + std::to_string(ROCKSDB_PATCH);
  j["Requested"] = SettingsToJson(settings_);
  j["OptionsSource"] =
      instances_.empty() ? "options built for new instances (none open yet)" : "DB::GetOptions() of the open instances";
  nlohmann::json per = nlohmann::json::object();
  for (const auto& i : instances_) per[i->name()] = i->EffectiveOptions();
  j["Instances"] = per;
  if (instances_.empty()) j["Options"] = described;
  if (settings_.sync_writes && !settings_.wal) {
    j["Note"] = "SyncWrites has no effect with the WAL off (RocksDB refuses sync writes without a WAL)";
  }
  *out = j.dump();
  return Status::OK();
}

Status RocksEngine::Durability(std::string* out) {
  *out = DurabilityLine(ReferenceOptions(), write_options_, instances_.size(), settings_.sync_writes);
  return Status::OK();
}

Status RocksEngine::Stats(std::string* out) {
  nlohmann::json per = nlohmann::json::object();
  for (const auto& i : instances_) per[i->name()] = i->Stats();
  *out = nlohmann::json{{"Instances", per}}.dump();
  return Status::OK();
}

}  // namespace kvbench::rocksdb5
