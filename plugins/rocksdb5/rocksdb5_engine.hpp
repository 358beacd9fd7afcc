// The rocksdb5 engine: one data directory, holding one separate RocksDB instance per store (the report's "five
// separate RocksDB instances; no WriteBatch across indexes"), in <data_dir>/<store name>.
#ifndef KVBENCH_PLUGINS_ROCKSDB5_ROCKSDB5_ENGINE_HPP_
#define KVBENCH_PLUGINS_ROCKSDB5_ROCKSDB5_ENGINE_HPP_

#include <rocksdb/cache.h>
#include <rocksdb/options.h>

#include <kvbench/sdk.hpp>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "rocksdb5_instance.hpp"
#include "rocksdb5_iterator.hpp"
#include "rocksdb5_settings.hpp"

namespace kvbench::rocksdb5 {

using Status = sdk::Status;

// A handle on one instance. Data calls may run concurrently from several threads.
class RocksStore {
 public:
  using Iterator = RocksIterator;

  explicit RocksStore(Instance* instance) : instance_(instance) {}
  RocksStore(const RocksStore&) = delete;
  RocksStore& operator=(const RocksStore&) = delete;
  ~RocksStore() { instance_->Release(); }

  Status Put(std::string_view key, std::string_view value) { return instance_->Put(key, value); }
  Status Get(std::string_view key, sdk::ValueSink sink) { return instance_->Get(key, sink); }
  Status Delete(std::string_view key) { return instance_->Delete(key); }
  Status NewIterator(std::unique_ptr<Iterator>* it);
  Status Scan(const sdk::ScanRequest& r, sdk::EntrySink sink, uint64_t* visited) {
    return ScanInstance(instance_->db(), r, sink, visited);
  }
  Status Count(uint64_t* count) { return CountKeys(instance_->db(), count); }

 private:
  Instance* instance_;  // owned by the engine; outlives the store (the ABI closes stores first)
};

class RocksEngine {
 public:
  using Store = RocksStore;

  // Parses the configuration, checks the directory and builds (so validates) the instance options.
  static Status Open(const sdk::OpenRequest& request, std::unique_ptr<RocksEngine>* engine);
  RocksEngine(const RocksEngine&) = delete;
  RocksEngine& operator=(const RocksEngine&) = delete;
  ~RocksEngine();  // closes what Close did not

  // Opens the store's instance on first use (creating <data_dir>/<name>); later opens reuse it.
  Status OpenStore(std::string_view name, std::unique_ptr<Store>* store);
  // ReadStabilization over every instance: flush + CompactRange (compact), flush (flush) or nothing (none).
  Status Stabilize();
  // Flushes every instance's memtables.
  Status Settle();
  // Closes every instance (background work joined). REQUIRES: every store closed.
  Status Close();

  Status EffectiveSettings(std::string* out);
  Status Durability(std::string* out);
  Status Stats(std::string* out);

  const Settings& settings() const { return settings_; }
  size_t instance_count() const { return instances_.size(); }
  // REQUIRES: i < instance_count().
  const Instance& instance(size_t i) const { return *instances_[i]; }

 private:
  RocksEngine(std::string dir, Settings settings, std::shared_ptr<rocksdb::Cache> cache,
              rocksdb::Options template_options);
  // The options the first open instance runs with, else those an instance would be opened with.
  rocksdb::Options ReferenceOptions() const;

  const std::string dir_;
  const Settings settings_;
  const std::shared_ptr<rocksdb::Cache> shared_cache_;  // null unless BlockCacheMb > 0
  const rocksdb::Options template_options_;
  const rocksdb::WriteOptions write_options_;
  std::mutex mu_;                                     // guards instances_ against concurrent store opens
  std::vector<std::unique_ptr<Instance>> instances_;  // in the order the stores were first opened
};

}  // namespace kvbench::rocksdb5

#endif  // KVBENCH_PLUGINS_ROCKSDB5_ROCKSDB5_ENGINE_HPP_
