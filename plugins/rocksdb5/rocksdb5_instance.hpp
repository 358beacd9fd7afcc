// One RocksDB instance: the database behind one store, in its own directory. Owns the rocksdb::DB and knows how
// to stabilize, settle, close and describe it.
#ifndef KVBENCH_PLUGINS_ROCKSDB5_ROCKSDB5_INSTANCE_HPP_
#define KVBENCH_PLUGINS_ROCKSDB5_ROCKSDB5_INSTANCE_HPP_

#include <rocksdb/db.h>
#include <rocksdb/options.h>

#include <atomic>
#include <kvbench/sdk.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "rocksdb5_settings.hpp"

namespace kvbench::rocksdb5 {

using Status = sdk::Status;

// Thread-safety: the data calls (Put/Get/Delete and the cursors of rocksdb5_iterator.hpp over db()) may run
// concurrently; the maintenance calls (Flush, Stabilize, Close) run alone.
class Instance {
 public:
  // Opens (creating if missing) the database at `path`.
  static Status Open(std::string name, std::string path, const rocksdb::Options& options,
                     const rocksdb::WriteOptions& write_options, std::unique_ptr<Instance>* out);
  Instance(const Instance&) = delete;
  Instance& operator=(const Instance&) = delete;
  ~Instance();  // closes, if Close was not called

  const std::string& name() const { return name_; }
  const std::string& path() const { return path_; }
  rocksdb::DB* db() const { return db_; }

  Status Put(std::string_view key, std::string_view value);
  // Delivers the value pinned in RocksDB's block cache or memtable (no copy) when it can.
  Status Get(std::string_view key, sdk::ValueSink sink);
  Status Delete(std::string_view key);

  // Flushes every memtable to SST files and waits for the flush.
  Status Flush();
  // Flush, then (kCompact) a CompactRange over the whole key space; waits until no flush or compaction is
  // running or pending.
  Status Stabilize(ReadStabilization mode);
  // Flushes when the WAL is off (else the WAL replays at reopen), waits for background work and closes.
  // Idempotent; after it only name() and path() may be used.
  Status Close();

  // What RocksDB runs with: DescribeOptions(db->GetOptions()) plus the instance's path.
  nlohmann::json EffectiveOptions() const;
  rocksdb::Options Options() const { return db_->GetOptions(); }
  // Sizes, key estimate, memtable size and compaction output of this instance.
  nlohmann::json Stats() const;

  // One store handle at a time (the ABI's rule): TryAcquire fails while another handle is open.
  bool TryAcquire() { return !in_use_.exchange(true); }
  void Release() { in_use_.store(false); }

 private:
  Instance(std::string name, std::string path, rocksdb::DB* db, const rocksdb::WriteOptions& write_options)
      : name_(std::move(name)), path_(std::move(path)), db_(db), write_options_(write_options) {}
  Status WaitForBackgroundWork(bool compactions);

  std::string name_;
  std::string path_;
  rocksdb::DB* db_;  // null after Close
  const rocksdb::WriteOptions write_options_;
  const rocksdb::ReadOptions read_options_;  // of every point read (built once: the struct is not small)
  std::atomic<bool> in_use_{false};
};

}  // namespace kvbench::rocksdb5

#endif  // KVBENCH_PLUGINS_ROCKSDB5_ROCKSDB5_INSTANCE_HPP_
