// BlockCache: decompressed blocks shared by every segment of an engine.
//
// Keyed by (cache id of a part, block offset); a part gets its cache id from
// NewId() when it is opened, so file numbers need not be unique across the
// stores sharing a cache. Readers pin a block through a handle (reference
// count) and read it in place; eviction only drops the cache's own reference,
// so a pinned block stays valid until its last Release.
//
// Eviction: within a byte limit for the whole cache (charge =
// Block::MemoryUsage() plus a fixed per-entry overhead) by CLOCK, the
// second-chance approximation of LRU (a hit only sets a bit, it does not
// relink a list), and EvictExpired() drops
// blocks not used for `lifetime` (called periodically by a background
// cleaner).
//
// A reader may pass a `slot` (a Handle* it owns, one per block, e.g. an
// array indexed by block number): the cache keeps it pointing at the cached
// handle while the block is cached, so a later Lookup with that slot skips
// the hash table. Slots are written under the shard lock, with atomic
// stores, so that PrefetchSlot may read one without it.
//   byte_budget == 0      -> nothing is retained (each read decompresses its
//                            own copy, freed on Release).
//   byte_budget == kUnbounded -> no byte limit (ZoneTree's behaviour).
//   lifetime <= 0         -> no time-based expiry.
//
// The limit is the cache's own budget plus the part of `shared_bytes` that
// the memory charged to the cache (it is a MemoryAccount: the memtables'
// arenas, see Options::block_cache_shared_bytes) leaves free: room that
// belongs to other memory first, which the cache uses while that memory
// does not. A Charge evicts blocks until the cache is within its limit
// again, never below its own budget; a Refund lets it grow back.
//   limit = budget + shared_bytes - min(charged, shared_bytes)
// Thread-safe: sharded, one mutex per shard.
#ifndef ZT_TABLE_BLOCK_CACHE_H_
#define ZT_TABLE_BLOCK_CACHE_H_

#include <atomic>
#include <chrono>
#include <cstdint>
#include <limits>
#include <memory>
#include <utility>

#include "util/memory_account.h"

namespace zt {

class Block;
class PartRegistry;

class BlockCache final : public MemoryAccount {
 public:
  static constexpr uint64_t kUnbounded = std::numeric_limits<uint64_t>::max();
  static constexpr uint64_t kEntryOverhead = 128;  // bytes charged per block

  // shared_bytes counts only with a byte_budget other than 0 and kUnbounded.
  BlockCache(uint64_t byte_budget, std::chrono::milliseconds lifetime, uint64_t shared_bytes = 0);
  ~BlockCache();
  BlockCache(const BlockCache&) = delete;
  BlockCache& operator=(const BlockCache&) = delete;

  struct Handle;  // opaque

  // A pinned handle or nullptr. With `use`, marks the block used (CLOCK bit,
  // last-use time); a read that will not keep what it reads (a merge's
  // input, fill_cache off) passes false, so that it does not make the
  // blocks it replaces look hot. With a slot, the slot is consulted instead
  // of the hash table.
  Handle* Lookup(uint64_t id, uint64_t offset, Handle** slot = nullptr, bool use = true);
  // Inserts block and returns a pinned handle. If another thread inserted
  // the same key first, its block is returned and `block` is dropped.
  // REQUIRES: the same slot (or none) for every Insert/Lookup of a key, and
  // the slot outlives the block's stay in the cache (EraseId(id) first).
  Handle* Insert(uint64_t id, uint64_t offset, std::unique_ptr<Block> block, Handle** slot = nullptr);
  // For a block inserted before its reader had slots (a block cached as its
  // part was written, see table/segment_writer.h's WriteCaching): links the
  // cached block of (id, offset), if any, to `slot` and returns it pinned;
  // nullptr when it is not cached. The same REQUIRES as Insert from then on.
  Handle* Adopt(uint64_t id, uint64_t offset, Handle** slot);
  // Drops the entry of (id, offset), if cached (a pinned block stays alive
  // until released).
  void Erase(uint64_t id, uint64_t offset);
  // Makes the entry of (id, offset), if cached and not used since
  // unused_since_ms (NowMs()), the next to go: first in its shard's CLOCK
  // order with its bit cleared, so that it is evicted before any other
  // unless a reader uses it first. For a block whose keys a merge has just
  // cached anew (see table/write_caching.h).
  void Demote(uint64_t id, uint64_t offset, int64_t unused_since_ms);
  // The clock of last-use stamps (coarse monotonic, milliseconds).
  static int64_t NowMs();
  // A handle for a block that is not (and never will be) in the cache: the
  // reader owns it alone, and Release frees it. For reads with fill_cache off.
  Handle* Wrap(std::unique_ptr<Block> block);
  // Starts fetching the handle a slot points at (if any), so that a Lookup
  // of it soon after finds it in the CPU's cache. Only a hint.
  static void PrefetchSlot(Handle* const* slot);
  static const Block* Value(const Handle* handle);
  void Release(Handle* handle);

  // Drops every unpinned-or-pinned entry of `id` from the cache (pinned ones
  // stay alive until released). Used when a part file is deleted.
  void EraseId(uint64_t id);
  void EvictExpired();

  // MemoryAccount: bytes held elsewhere, which take their room from the
  // shared part of the limit first.
  void Charge(size_t bytes) override;
  void Refund(size_t bytes) override;

  uint64_t NewId() { return next_id_.fetch_add(1, std::memory_order_relaxed); }

  uint64_t charge() const;  // bytes charged by the blocks in the cache
  uint64_t charged_elsewhere() const { return elsewhere_.load(std::memory_order_relaxed); }  // see Charge
  uint64_t budget() const { return budget_; }                                                // the cache's own
  uint64_t shared() const { return shared_; }
  uint64_t limit() const;  // what the blocks may take now (see above)
  std::chrono::milliseconds lifetime() const { return lifetime_; }
  size_t entries() const;

  struct Stats {
    uint64_t hits = 0, misses = 0, inserts = 0, evictions = 0, expired = 0, demoted = 0;
  };
  Stats stats() const;

  // Open parts by (dir, file number), so that segments sharing a part (merge
  // reuse) share one reader and delete its file only when no live segment
  // uses it.
  PartRegistry* parts() const { return parts_.get(); }

 private:
  struct Shard;
  Shard& ShardFor(uint64_t id, uint64_t offset) const;
  // Evicts from the shards after `done` (in turn, wrapping; every shard,
  // from the one after the last Charge's, when done is null) until the
  // cache is within its limit. REQUIRES: no shard lock held.
  void EvictElsewhere(const Shard* done);
  bool OverLimit() const;

  uint64_t budget_;
  uint64_t shared_;
  std::chrono::milliseconds lifetime_;
  size_t num_shards_;
  std::unique_ptr<Shard[]> shards_;
  std::atomic<uint64_t> usage_{0};      // charge of every block in the cache
  std::atomic<uint64_t> elsewhere_{0};  // Charge()s not yet refunded
  std::atomic<size_t> charge_hand_{0};  // where the next Charge's eviction starts
  std::atomic<uint64_t> next_id_{1};
  std::unique_ptr<PartRegistry> parts_;
};

// RAII pin of a cached block. Move-only.
class PinnedBlock {
 public:
  PinnedBlock() = default;
  PinnedBlock(BlockCache* cache, BlockCache::Handle* handle) : cache_(cache), handle_(handle) {}
  ~PinnedBlock() { Reset(); }
  PinnedBlock(PinnedBlock&& o) noexcept
      : cache_(std::exchange(o.cache_, nullptr)), handle_(std::exchange(o.handle_, nullptr)) {}
  PinnedBlock& operator=(PinnedBlock&& o) noexcept {
    if (this != &o) {
      Reset();
      cache_ = std::exchange(o.cache_, nullptr);
      handle_ = std::exchange(o.handle_, nullptr);
    }
    return *this;
  }
  PinnedBlock(const PinnedBlock&) = delete;
  PinnedBlock& operator=(const PinnedBlock&) = delete;

  bool valid() const { return handle_ != nullptr; }
  const Block* block() const { return BlockCache::Value(handle_); }
  void Reset() {
    if (handle_ != nullptr) cache_->Release(handle_);
    handle_ = nullptr;
    cache_ = nullptr;
  }

 private:
  BlockCache* cache_ = nullptr;
  BlockCache::Handle* handle_ = nullptr;
};

}  // namespace zt

#endif  // ZT_TABLE_BLOCK_CACHE_H_
