// zonetree_like.so: the zonetree_like LSM engine (engine/, namespace zt)
// behind the kvbench SDK. This file only translates: settings JSON to
// zt::Options, zt::Status to kvbench statuses, the SDK's store/iterator
// shapes to zt::Tree. README.md lists the settings and durability promises.
#include <kvbench/sdk.hpp>
#include <kvbench/sdk_config.hpp>
#include <memory>
#include <string>
#include <string_view>

#include "db/engine.h"
#include "db/options.h"
#include "db/tree.h"
#include "db/tree_iterator.h"

namespace zt::plugin {
namespace {

namespace sdk = kvbench::sdk;

sdk::Status Convert(const zt::Status& s) {
  switch (s.code()) {
    case zt::Status::Code::kOk:
      return sdk::Status::OK();
    case zt::Status::Code::kNotFound:
      return sdk::Status::NotFound(s.message());
    case zt::Status::Code::kCorruption:
      return sdk::Status::Corruption(s.message());
    case zt::Status::Code::kIOError:
      return sdk::Status::IOError(s.message());
    case zt::Status::Code::kInvalidArgument:
      return sdk::Status::InvalidArgument(s.message());
    case zt::Status::Code::kNotSupported:
      return sdk::Status::NotSupported(s.message());
    case zt::Status::Code::kBusy:
      return sdk::Status::Busy(s.message());
  }
  return sdk::Status::Internal(s.ToString());
}

class Iterator {
 public:
  explicit Iterator(std::unique_ptr<zt::TreeIterator> it) : it_(std::move(it)) {}
  void Seek(std::string_view key) { it_->Seek(key); }
  void SeekToFirst() { it_->SeekToFirst(); }
  void Next() { it_->Next(); }
  bool Valid() const { return it_->Valid(); }
  std::string_view key() const { return it_->key(); }
  std::string_view value() const { return it_->value(); }
  sdk::Status status() const { return Convert(it_->status()); }

 private:
  std::unique_ptr<zt::TreeIterator> it_;
};

class Store {
 public:
  using Iterator = plugin::Iterator;
  explicit Store(zt::Tree* tree) : tree_(tree) {}

  sdk::Status Put(std::string_view key, std::string_view value) { return Convert(tree_->Put(key, value)); }
  sdk::Status Get(std::string_view key, sdk::ValueSink sink) {
    zt::Status s = tree_->Get(
        key, [](void* ctx, std::string_view v) { (*static_cast<sdk::ValueSink*>(ctx))(v); }, &sink);
    if (s.IsNotFound()) return sdk::Status::NotFound();
    return Convert(s);
  }
  sdk::Status Delete(std::string_view key) { return Convert(tree_->Delete(key)); }
  sdk::Status NewIterator(std::unique_ptr<Iterator>* it) {
    *it = std::make_unique<Iterator>(tree_->NewIterator());
    return sdk::Status::OK();
  }
  sdk::Status Scan(const sdk::ScanRequest& r, sdk::EntrySink sink, uint64_t* visited) {
    std::unique_ptr<zt::TreeIterator> it = tree_->NewIterator();
    if (r.from_first) {
      it->SeekToFirst();
    } else {
      it->Seek(r.start);
    }
    uint64_t n = 0;
    for (; it->Valid() && (r.limit == 0 || n < r.limit) && r.InRange(it->key()); it->Next()) {
      ++n;
      if (!sink(it->key(), it->value())) break;
    }
    *visited = n;
    return Convert(it->status());
  }
  sdk::Status Count(uint64_t* count) { return Convert(tree_->Count(count)); }

 private:
  zt::Tree* tree_;
};

const char* DurabilityLine(zt::WalMode mode, long long tail_ms) {
  switch (mode) {
    case zt::WalMode::kNone:
      return "WAL none: no write-ahead log; a kill loses every write not yet "
             "merged into a disk segment (stabilize, settle and close merge "
             "everything to disk).";
    case zt::WalMode::kSync:
      return "WAL sync: every record is written to its log file (write(2), no "
             "fsync) before the call returns; survives a process kill, a power "
             "loss may lose what the OS had not yet written.";
    case zt::WalMode::kSyncCompressed:
      (void)tail_ms;
      return "WAL sync-compressed: records are logged in zstd-compressed "
             "blocks; the uncompressed tail is rewritten atomically by a "
             "background thread every tail interval; a process kill loses at "
             "most the records of the last tail interval.";
    case zt::WalMode::kAsyncCompressed:
      return "WAL async-compressed (ZoneTree's default): records are queued in "
             "memory and a background writer compresses and appends them; a "
             "process kill loses at most the records still queued (typically "
             "the last few milliseconds).";
  }
  return "unknown WAL mode";
}

class Engine {
 public:
  using Store = plugin::Store;

  Engine(std::unique_ptr<zt::Engine> engine, std::string settings_json)
      : engine_(std::move(engine)), settings_json_(std::move(settings_json)) {}

  sdk::Status OpenStore(std::string_view name, std::unique_ptr<Store>* store) {
    zt::Tree* tree = nullptr;
    zt::Status s = engine_->OpenTree(name, &tree);
    if (!s.ok()) return Convert(s);
    *store = std::make_unique<Store>(tree);
    return sdk::Status::OK();
  }
  sdk::Status Stabilize() { return Convert(engine_->Stabilize()); }
  sdk::Status Settle() { return Convert(engine_->Settle()); }
  sdk::Status Close() { return Convert(engine_->Close()); }
  sdk::Status EffectiveSettings(std::string* out) {
    *out = settings_json_;
    return sdk::Status::OK();
  }
  sdk::Status Durability(std::string* out) {
    const zt::Options& o = engine_->options();
    *out = DurabilityLine(o.wal_mode, static_cast<long long>(o.wal_tail_interval.count()));
    if (o.wal_mode == zt::WalMode::kSyncCompressed) {
      *out += " Tail interval: " + std::to_string(o.wal_tail_interval.count()) + " ms.";
    }
    return sdk::Status::OK();
  }
  sdk::Status Stats(std::string* out) {
    *out = engine_->StatsJson();
    return sdk::Status::OK();
  }

 private:
  std::unique_ptr<zt::Engine> engine_;
  std::string settings_json_;
};

// Reads settings into options; returns the effective settings JSON in *json.
sdk::Status ParseConfig(std::string_view config_json, zt::Options* o, std::string* json) {
  sdk::ConfigReader c(config_json);
  constexpr int64_t kMaxCount = int64_t{1} << 40;
  c.Integer("settings", "MutableSegmentMaxItemCount", &o->mutable_segment_max_item_count, 1, kMaxCount);
  c.Integer("settings", "DiskSegmentMaxItemCount", &o->disk_segment_max_item_count, 1, kMaxCount);
  c.Integer("settings", "SparseArrayStepSize", &o->table.sparse_array_step, 0, 1 << 20);
  c.Integer("settings", "KeyCacheSize", &o->table.key_cache_size, 0, 1 << 24);
  c.Integer("settings", "ValueCacheSize", &o->table.value_cache_size, 0, 1 << 24);
  c.Integer("settings", "IteratorPrefetchSize", &o->table.iterator_prefetch, 0, 1 << 20);
  int64_t lifetime_ms = o->block_cache_lifetime.count();
  c.Int("settings", "BlockCacheLifeTimeMs", &lifetime_ms, 0, kMaxCount);
  o->block_cache_lifetime = std::chrono::milliseconds(lifetime_ms);
  // -1: unbounded (ZoneTree's behaviour).
  int64_t budget_mb = static_cast<int64_t>(o->block_cache_bytes >> 20);
  c.Int("settings", "BlockCacheBudgetMb", &budget_mb, -1, 1 << 24);
  o->block_cache_bytes = budget_mb < 0 ? zt::BlockCache::kUnbounded : static_cast<uint64_t>(budget_mb) << 20;
  std::string policy = zt::BottomMergePolicyName(o->bottom_merge_policy);
  c.Choice("settings", "BottomMergePolicy", &policy, {"merge-all", "none"});
  zt::ParseBottomMergePolicy(policy, &o->bottom_merge_policy);
  c.Integer("settings", "BottomMergeThreshold", &o->bottom_merge_threshold, 1, 1 << 20);
  c.Integer("settings", "CompressionBlockSize", &o->table.block_size, 1024, int64_t{256} << 20);
  std::string compression = zt::CompressionName(o->table.compression);
  c.Choice("settings", "Compression", &compression, {"zstd", "lz4", "none"});
  zt::ParseCompression(compression, &o->table.compression);
  // zstd levels: negative are its fast levels, 0 its default (3).
  c.Integer("settings", "CompressionLevel", &o->table.zstd_level, -50, 19);
  c.Integer("settings", "MergeThreadNice", &o->merge_thread_nice, 0, 19);
  c.Integer("settings", "PartMinEntries", &o->table.part_min_entries, 1, kMaxCount);
  c.Integer("settings", "PartMaxEntries", &o->table.part_max_entries, 1, kMaxCount);
  c.Integer("settings", "MaxFrozenSegments", &o->max_frozen_segments, 1, 1024);
  c.Integer("settings", "MaxConcurrentMerges", &o->max_concurrent_merges, 0, 1024);
  c.Bool("settings", "WarmCacheAfterMerge", &o->warm_cache_after_merge);
  c.Bool("settings", "CacheMergeOutput", &o->cache_merge_output);
  int64_t shared_mb = static_cast<int64_t>(o->block_cache_shared_bytes >> 20);
  c.Int("settings", "BlockCacheSharedMb", &shared_mb, 0, 1 << 24);
  o->block_cache_shared_bytes = static_cast<uint64_t>(shared_mb) << 20;
  c.Bool("settings", "HugePages", &o->huge_pages);
  std::string wal = zt::WalModeName(o->wal_mode);
  c.Choice("durability", "WalMode", &wal, {"none", "sync", "sync-compressed", "async-compressed"});
  zt::ParseWalMode(wal, &o->wal_mode);
  int64_t tail_ms = o->wal_tail_interval.count();
  c.Int("durability", "WalTailIntervalMs", &tail_ms, 1, 3'600'000);
  o->wal_tail_interval = std::chrono::milliseconds(tail_ms);
  c.Integer("durability", "WalCompressionLevel", &o->wal_zstd_level, -50, 19);
  sdk::Status s = c.Finish();
  if (!s.ok()) return s;
  if (o->table.part_min_entries > o->table.part_max_entries) {
    return sdk::Status::InvalidArgument("settings.PartMinEntries must not exceed settings.PartMaxEntries");
  }

  nlohmann::json j;
  j["MutableSegmentMaxItemCount"] = o->mutable_segment_max_item_count;
  j["DiskSegmentMaxItemCount"] = o->disk_segment_max_item_count;
  j["SparseArrayStepSize"] = o->table.sparse_array_step;
  j["KeyCacheSize"] = o->table.key_cache_size;
  j["ValueCacheSize"] = o->table.value_cache_size;
  j["IteratorPrefetchSize"] = o->table.iterator_prefetch;
  j["BlockCacheLifeTimeMs"] = lifetime_ms;
  j["BlockCacheBudgetMb"] = budget_mb;
  j["BlockCacheSharedMb"] = shared_mb;
  j["BottomMergePolicy"] = policy;
  j["BottomMergeThreshold"] = o->bottom_merge_threshold;
  j["CompressionBlockSize"] = o->table.block_size;
  j["Compression"] = compression;
  j["CompressionLevel"] = o->table.zstd_level;
  j["MergeThreadNice"] = o->merge_thread_nice;
  j["PartMinEntries"] = o->table.part_min_entries;
  j["PartMaxEntries"] = o->table.part_max_entries;
  j["MaxFrozenSegments"] = o->max_frozen_segments;
  j["MaxConcurrentMerges"] = o->max_concurrent_merges;
  j["WarmCacheAfterMerge"] = o->warm_cache_after_merge;
  j["CacheMergeOutput"] = o->cache_merge_output;
  j["HugePages"] = o->huge_pages;
  j["WalMode"] = wal;
  j["WalCompressionLevel"] = o->wal_zstd_level;
  j["WalTailIntervalMs"] = tail_ms;
  j["BackgroundMaintainers"] =
      "one merge thread per store (at most MaxConcurrentMerges merging at "
      "once while writers run; it puts the new blocks readers had cached "
      "into the block cache as it writes them when CacheMergeOutput, and "
      "warms the block cache after a merge when WarmCacheAfterMerge), one "
      "WAL writer per mutable segment's log, "
      "block cache cleaner";
  *json = j.dump();
  return sdk::Status::OK();
}

struct ZoneTreeLikePlugin {
  static constexpr const char* kName = "zonetree_like";
  static constexpr const char* kVersion = "0.1.0";
  static constexpr const char* kDescription =
      "LSM tree of ZoneTree's architecture in C++: mutable segment + WAL, "
      "read-only queue, multi-part zstd disk segment, bottom segments";
  // Checked by zt_engine_test under ThreadSanitizer.
  static constexpr bool kConcurrentDataCalls = true;
  using Engine = plugin::Engine;

  static sdk::Status Open(const sdk::OpenRequest& req, std::unique_ptr<Engine>* engine) {
    zt::Options options;  // ZoneTree's defaults; the run config sets the report's
    std::string json;
    sdk::Status s = ParseConfig(req.config_json, &options, &json);
    if (!s.ok()) return s;
    options.logger = [](int level, std::string_view message) { sdk::Host::Log(level, message); };
    std::unique_ptr<zt::Engine> e;
    zt::Status zs = zt::Engine::Open(req.data_dir, options, &e);
    if (!zs.ok()) return Convert(zs);
    *engine = std::make_unique<Engine>(std::move(e), std::move(json));
    return sdk::Status::OK();
  }
};

}  // namespace
}  // namespace zt::plugin

KVBENCH_EXPORT_PLUGIN(zt::plugin::ZoneTreeLikePlugin)
