// Tree: one store of the engine. Layers, newest first: the mutable segment
// (a MemTable with its own WAL), a queue of frozen read-only segments waiting
// for the merge thread, one multi-part disk segment, and bottom segments.
//
// Writes take a mutex (one writer at a time: the WAL order is the memtable
// order). Reads load the current Version from a VersionSlot (a pointer copy
// under a spinlock, no mutex). One background thread per tree merges every frozen segment
// with the disk segment (holding a pass of the engine's MergeGate meanwhile), moves an oversized disk segment to the
// bottoms and merges bottoms by policy. Every layout change is recorded in the manifest before the files it replaces
// are deleted.
//
// Thread-safety: Put/Delete/Get/NewIterator/Count may be called concurrently.
// Freeze/WaitForMerges/Stabilize/Settle/Close must not run concurrently with
// each other.
#ifndef ZT_DB_TREE_H_
#define ZT_DB_TREE_H_

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "db/manifest.h"
#include "db/memtable.h"
#include "db/merge_gate.h"
#include "db/options.h"
#include "db/stats.h"
#include "db/tree_iterator.h"
#include "db/version.h"
#include "db/wal_writer.h"
#include "table/block_cache.h"
#include "table/segment.h"
#include "table/write_caching.h"
#include "util/status.h"

namespace zt {

class Tree {
 public:
  // Opens (creating if needed) the tree in directory dir: reads the manifest,
  // opens the segments, replays live logs (torn tails are cut off, counted in
  // stats and logged) and starts the merge thread, whose merges each hold
  // a pass of gate (null: no limit) while they run.
  static Status Open(const std::string& dir, const Options& options, std::shared_ptr<BlockCache> cache,
                     EngineStats* stats, MergeGate* gate, std::unique_ptr<Tree>* out);
  ~Tree();  // Close()
  Tree(const Tree&) = delete;
  Tree& operator=(const Tree&) = delete;

  Status Put(std::string_view key, std::string_view value);
  Status Delete(std::string_view key);

  // OK and sink(ctx, value) once (bytes valid during the call), or NotFound.
  Status Get(std::string_view key, void (*sink)(void*, std::string_view), void* ctx) const;
  Status Get(std::string_view key, std::string* value) const;

  // fill_cache = false: blocks read for the iterator do not enter the block
  // cache (full scans).
  std::unique_ptr<TreeIterator> NewIterator(bool fill_cache = true) const;
  // Live keys (a full merged scan).
  Status Count(uint64_t* count) const;

  // Freezes the mutable segment now (if it holds anything) and queues it.
  Status Freeze();
  // Waits until no frozen segment is queued and no merge is running.
  Status WaitForMerges();
  // Freeze + WaitForMerges: everything written is in disk/bottom segments.
  Status Stabilize();
  // Flushes every log to its file and persists the manifest. In WAL mode
  // none there is no log: the mutable segment is merged to disk instead.
  Status Settle();
  // True while blocks are queued to warm after a merge, or being warmed (see
  // Options::warm_cache_after_merge); Stabilize does not wait for them.
  bool Warming() const;
  // Settle, stops the merge thread (after its current job), closes the logs.
  // Leaves files a later Open reopens. Idempotent.
  Status Close();

  struct Layout {
    uint64_t mutable_records = 0;
    size_t frozen = 0;
    uint64_t disk_entries = 0;
    size_t disk_parts = 0;
    std::vector<uint64_t> disk_part_files;
    std::vector<uint64_t> bottom_entries;  // newest first
  };
  Layout GetLayout() const;
  const std::string& dir() const { return dir_; }
  uint64_t puts() const { return puts_.load(std::memory_order_relaxed); }
  uint64_t deletes() const { return deletes_.load(std::memory_order_relaxed); }
  const Options& options() const { return options_; }
  // Bytes held by memtables (mutable + frozen).
  size_t MemTableMemory() const;

 private:
  struct FrozenSegment {
    std::shared_ptr<MemTable> mem;
    uint64_t wal_number = 0;  // 0: none
    std::unique_ptr<WalWriter> wal;
  };

  Tree(const std::string& dir, const Options& options, std::shared_ptr<BlockCache> cache, EngineStats* stats,
       MergeGate* gate);

  Status Recover();
  // Corruption naming the file when the store lacks a file it needs: the
  // manifest while segment or log files are present, a segment file the
  // manifest names, or a live log. Touches nothing.
  Status CheckRecoveryFiles(bool manifest_exists, const ManifestState& state, const std::set<uint64_t>& seg_files,
                            const std::set<uint64_t>& wal_files) const;
  Status Write(std::string_view key, EntryKind kind, std::string_view value);
  // REQUIRES: write_mu_ held.
  Status FreezeLocked(bool wait_for_room);
  Status NewWal(uint64_t* number, std::unique_ptr<WalWriter>* wal);
  // An empty memtable, its memory charged to the block cache when the cache
  // shares room with the memtables (Options::block_cache_shared_bytes).
  std::shared_ptr<MemTable> NewMemTable() const;
  // REQUIRES: layout_mu_ held.
  void PublishVersionLocked();
  ManifestState ManifestStateLocked() const;
  Status PersistManifest(const ManifestState& state);
  Status PersistCurrentManifest();
  bool BottomMergeWantedLocked() const;
  void SetBackgroundError(const Status& s);

  void MergeLoop();
  Status MergeFrozen();
  Status MergeBottoms();
  // Queues the blocks of `merged` to warm (replacing any queue of an older
  // segment): see Options::warm_cache_after_merge.
  void QueueWarming(std::shared_ptr<Segment> merged, std::vector<Segment::BlockRef> blocks);
  // REQUIRES: layout_mu_ held.
  bool WarmingWantedLocked() const { return warm_next_ < warm_blocks_.size(); }
  // Whether the store is taking writes: its memtable holds records. Warming
  // runs only while it is not (as after a Stabilize): under writes it would
  // take CPU from the writer and the merges (Options::warm_cache_after_merge).
  // A merge that ends under writes queues nothing, since the memtable empties
  // only at a freeze, whose merge replaces the queue.
  // REQUIRES: layout_mu_ held (mem_ is replaced under it).
  bool TakingWritesLocked() const { return mem_->records() != 0; }
  // The blocks of `merged` to warm after it replaced `replaced`: none unless
  // warming is on and the store takes no writes.
  std::vector<Segment::BlockRef> BlocksToWarm(const Segment& merged, const std::vector<const Segment*>& replaced);
  // Which blocks a merge replacing `replaced` caches as it writes them: those
  // over keys of a cached block of theirs (Options::cache_merge_output).
  WriteCaching MergeCaching(std::vector<std::shared_ptr<Segment>> replaced) const;
  // Loads the next batch of queued blocks. REQUIRES: layout_mu_ held through
  // `lock` (released while the blocks are read).
  void WarmNextBatch(std::unique_lock<std::mutex>& lock);
  // REQUIRES: layout_mu_ held.
  void DropWarmingLocked();
  void DeleteWalFiles(uint64_t number);
  uint64_t NewFileNumber() { return next_file_number_.fetch_add(1, std::memory_order_relaxed); }

  const std::string dir_;
  const Options options_;
  const std::shared_ptr<BlockCache> cache_;
  EngineStats* const stats_;
  MergeGate* const gate_;
  std::atomic<uint64_t> next_file_number_{1};

  // Writers. seq_ is published through last_seq_ after the memtable insert.
  mutable std::mutex write_mu_;
  std::unique_ptr<WalWriter> wal_;  // the mutable segment's log
  uint64_t seq_ = 0;
  std::atomic<uint64_t> last_seq_{0};
  std::atomic<uint64_t> puts_{0}, deletes_{0};

  // Layout: everything below changes under layout_mu_ only.
  mutable std::mutex layout_mu_;
  std::condition_variable merge_cv_;  // work for the merge thread
  std::condition_variable done_cv_;   // a merge finished / queue has room
  std::shared_ptr<MemTable> mem_;
  uint64_t mem_wal_number_ = 0;
  std::deque<FrozenSegment> frozen_;  // newest first
  std::shared_ptr<Segment> disk_;
  std::vector<std::shared_ptr<Segment>> bottoms_;  // newest first
  bool merge_running_ = false;
  // The blocks the merge thread warms when it has no merge to run.
  std::shared_ptr<Segment> warm_segment_;
  std::vector<Segment::BlockRef> warm_blocks_;
  size_t warm_next_ = 0;
  bool warm_batch_running_ = false;
  bool stop_ = false;
  bool closed_ = false;
  Status bg_error_;
  std::atomic<bool> has_bg_error_{false};

  VersionSlot version_;
  std::mutex manifest_mu_;  // serializes manifest writes
  std::thread merge_thread_;
};

}  // namespace zt

#endif  // ZT_DB_TREE_H_
