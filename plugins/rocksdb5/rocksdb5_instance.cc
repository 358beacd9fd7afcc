#include "rocksdb5_instance.hpp"

#include <rocksdb/convenience.h>
#include <rocksdb/statistics.h>

#include <chrono>
#include <map>
#include <thread>

#include "rocksdb5_options_report.hpp"
#include "rocksdb5_status.hpp"

namespace kvbench::rocksdb5 {
namespace {

rocksdb::Slice ToSlice(std::string_view s) { return rocksdb::Slice(s.data(), s.size()); }

uint64_t IntProperty(rocksdb::DB* db, const std::string& name) {
  uint64_t v = 0;
  return db->GetIntProperty(name, &v) ? v : 0;
}

}  // namespace

Status Instance::Open(std::string name, std::string path, const rocksdb::Options& options,
                      const rocksdb::WriteOptions& write_options, std::unique_ptr<Instance>* out) {
  rocksdb::DB* db = nullptr;
  rocksdb::Status s = rocksdb::DB::Open(options, path, &db);
  if (!s.ok()) return FromRocks(s, "opening RocksDB instance '" + name + "' at " + path);
  out->reset(new Instance(std::move(name), std::move(path), db, write_options));
  return Status::OK();
}

Instance::~Instance() { Close(); }

Status Instance::Put(std::string_view key, std::string_view value) {
  return FromRocks(db_->Put(write_options_, ToSlice(key), ToSlice(value)));
}

Status Instance::Get(std::string_view key, sdk::ValueSink sink) {
  // Reused by every read of this thread, so that a value copied out of a memtable does not allocate once the
  // buffer has grown; the reset releases the pinned block before we return.
  thread_local rocksdb::PinnableSlice value;
  struct ResetOnExit {
    ~ResetOnExit() { value.Reset(); }
  } reset;
  rocksdb::Status s = db_->Get(read_options_, db_->DefaultColumnFamily(), ToSlice(key), &value);
  if (s.IsNotFound()) return Status::NotFound();
  if (!s.ok()) return FromRocks(s, "get");
  sink(value.ToStringView());
  return Status::OK();
}

Status Instance::Delete(std::string_view key) { return FromRocks(db_->Delete(write_options_, ToSlice(key))); }

Status Instance::Flush() {
  rocksdb::FlushOptions fo;
  fo.wait = true;
  return FromRocks(db_->Flush(fo), "flushing '" + name_ + "'");
}

Status Instance::Stabilize(ReadStabilization mode) {
  if (mode == ReadStabilization::kNone) return Status::OK();
  Status s = Flush();
  if (!s.ok()) return s;
  if (mode == ReadStabilization::kCompact) {
    rocksdb::CompactRangeOptions cro;
    s = FromRocks(db_->CompactRange(cro, nullptr, nullptr), "compacting '" + name_ + "'");
    if (!s.ok()) return s;
  }
  return WaitForBackgroundWork(mode == ReadStabilization::kCompact);
}

Status Instance::WaitForBackgroundWork(bool compactions) {
  using namespace std::chrono_literals;
  for (;;) {
    bool busy =
        IntProperty(db_, "rocksdb.num-running-flushes") > 0 || IntProperty(db_, "rocksdb.mem-table-flush-pending") > 0;
    if (compactions) {
      busy = busy || IntProperty(db_, "rocksdb.num-running-compactions") > 0 ||
             IntProperty(db_, "rocksdb.compaction-pending") > 0;
    }
    if (!busy) return Status::OK();
    std::this_thread::sleep_for(5ms);
  }
}

Status Instance::Close() {
  if (db_ == nullptr) return Status::OK();
  Status result;
  // Without a WAL the memtables are the only copy of recent writes: flush them explicitly.
  if (write_options_.disableWAL) result = Flush();
  rocksdb::CancelAllBackgroundWork(db_, /*wait=*/true);
  Status s = FromRocks(db_->Close(), "closing '" + name_ + "'");
  if (result.ok()) result = s;
  delete db_;
  db_ = nullptr;
  return result;
}

nlohmann::json Instance::EffectiveOptions() const {
  nlohmann::json j = DescribeOptions(db_->GetOptions());
  j["path"] = path_;
  return j;
}

nlohmann::json Instance::Stats() const {
  nlohmann::json j;
  for (const char* p :
       {"rocksdb.estimate-num-keys", "rocksdb.total-sst-files-size", "rocksdb.live-sst-files-size",
        "rocksdb.cur-size-all-mem-tables", "rocksdb.size-all-mem-tables", "rocksdb.estimate-pending-compaction-bytes",
        "rocksdb.num-running-compactions", "rocksdb.block-cache-usage", "rocksdb.estimate-table-readers-mem"}) {
    j[p] = IntProperty(db_, p);
  }
  nlohmann::json levels = nlohmann::json::array();
  for (int level = 0; level < db_->GetOptions().num_levels; ++level) {
    std::string v;
    db_->GetProperty("rocksdb.num-files-at-level" + std::to_string(level), &v);
    levels.push_back(std::strtoull(v.c_str(), nullptr, 10));
  }
  j["files_per_level"] = levels;
  // RocksDB's internal compaction statistics (always kept): the "Sum" row counts flush output (as L0 writes)
  // and compaction output together; the L0 row is mostly flushes.
  std::map<std::string, std::string> cf;
  if (db_->GetMapProperty(rocksdb::DB::Properties::kCFStats, &cf)) {
    auto gib_to_bytes = [&](const char* key) -> nlohmann::json {
      auto it = cf.find(key);
      if (it == cf.end()) return nullptr;
      return static_cast<uint64_t>(std::strtod(it->second.c_str(), nullptr) * (uint64_t{1} << 30));
    };
    j["cfstats_sum_write_bytes"] = gib_to_bytes("compaction.Sum.WriteGB");
    j["cfstats_sum_read_bytes"] = gib_to_bytes("compaction.Sum.ReadGB");
    j["cfstats_l0_write_bytes"] = gib_to_bytes("compaction.L0.WriteGB");
  }
  std::shared_ptr<rocksdb::Statistics> stats = db_->GetOptions().statistics;
  if (stats) {
    j["statistics"] = {
        {"compact_write_bytes", stats->getTickerCount(rocksdb::COMPACT_WRITE_BYTES)},
        {"compact_read_bytes", stats->getTickerCount(rocksdb::COMPACT_READ_BYTES)},
        {"flush_write_bytes", stats->getTickerCount(rocksdb::FLUSH_WRITE_BYTES)},
        {"bytes_written", stats->getTickerCount(rocksdb::BYTES_WRITTEN)},
        {"wal_bytes", stats->getTickerCount(rocksdb::WAL_FILE_BYTES)},
        {"block_cache_hit", stats->getTickerCount(rocksdb::BLOCK_CACHE_HIT)},
        {"block_cache_miss", stats->getTickerCount(rocksdb::BLOCK_CACHE_MISS)},
        {"bloom_filter_useful", stats->getTickerCount(rocksdb::BLOOM_FILTER_USEFUL)},
        {"stall_micros", stats->getTickerCount(rocksdb::STALL_MICROS)},
    };
  }
  return j;
}

}  // namespace kvbench::rocksdb5
