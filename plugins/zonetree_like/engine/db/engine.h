// zt::Engine: a data directory holding named trees (one subdirectory per
// store), one block cache shared by all of them (a byte budget and a
// lifetime), a background cache cleaner, and engine-wide statistics.
//
// Thread-safety: OpenTree and the data calls of the trees may run
// concurrently. Stabilize/Settle/Close must not run concurrently with
// anything else on the engine.
#ifndef ZT_DB_ENGINE_H_
#define ZT_DB_ENGINE_H_

#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

#include "db/merge_gate.h"
#include "db/options.h"
#include "db/stats.h"
#include "db/tree.h"
#include "table/block_cache.h"
#include "util/status.h"

namespace zt {

class Engine {
 public:
  // Opens (creating if needed) the engine in dir. Trees open lazily.
  static Status Open(const std::string& dir, const Options& options, std::unique_ptr<Engine>* out);
  ~Engine();  // Close()
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // The tree named name (opened on first use; the engine owns it until
  // Close). REQUIRES: name is a valid directory name ([A-Za-z0-9._-]+).
  Status OpenTree(std::string_view name, Tree** tree);

  Status Stabilize();  // every tree
  Status Settle();     // every tree
  Status Close();      // every tree, then the cache cleaner. Idempotent.

  const Options& options() const { return options_; }
  const EngineStats& stats() const { return stats_; }
  BlockCache* block_cache() const { return cache_.get(); }
  // Stats JSON: counters, block cache use and memtable memory. Block cache
  // "misses" count every read of a block not in the cache; "inserts" those
  // that then entered it: the difference is reads that bypassed the cache
  // (merges and other fill_cache = false readers). "page_pool" is the
  // process's PagePool (util/page_pool.h), shared with any other engine in
  // the process.
  std::string StatsJson() const;

 private:
  Engine(std::string dir, const Options& options);
  void CleanerLoop();

  const std::string dir_;
  const Options options_;
  std::shared_ptr<BlockCache> cache_;
  MergeGate merge_gate_;  // shared by the trees' merge threads
  EngineStats stats_;

  mutable std::mutex mu_;
  std::map<std::string, std::unique_ptr<Tree>, std::less<>> trees_;
  bool closed_ = false;

  std::mutex cleaner_mu_;
  std::condition_variable cleaner_cv_;
  bool cleaner_stop_ = false;
  std::thread cleaner_;
};

}  // namespace zt

#endif  // ZT_DB_ENGINE_H_
