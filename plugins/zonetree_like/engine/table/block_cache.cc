#include "table/block_cache.h"

#include <time.h>

#include <algorithm>
#include <mutex>
#include <unordered_map>

#include "table/block.h"
#include "table/part_registry.h"

namespace zt {

namespace {

// Millisecond clock for last-use stamps: the coarse monotonic clock costs a
// few ns and its ~4 ms resolution is plenty for lifetimes of seconds.
int64_t CoarseNowMs() {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1000 + ts.tv_nsec / 1000000;
}

uint64_t Mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  x ^= x >> 33;
  return x;
}

struct Key {
  uint64_t id, offset;
  bool operator==(const Key& o) const = default;
};
struct KeyHash {
  size_t operator()(const Key& k) const { return static_cast<size_t>(Mix(k.id * 0x9e3779b97f4a7c15ull ^ k.offset)); }
};

}  // namespace

struct BlockCache::Handle {
  explicit Handle(Block&& b) : block(std::move(b)) {}
  Handle() = default;  // the list head

  // What a hit touches first, together.
  std::atomic<uint32_t> refs{1};
  bool in_cache = false;
  bool referenced = false;  // CLOCK bit
  bool demoted = false;     // by Demote, and not used since
  int64_t last_use_ms = 0;
  Block block;
  Key key{0, 0};
  uint64_t charge = 0;
  Handle** slot = nullptr;
  Handle* prev = nullptr;  // CLOCK ring in insertion order: head.next is
  Handle* next = nullptr;  // the hand
};

struct BlockCache::Shard {
  std::mutex mu;
  std::unordered_map<Key, Handle*, KeyHash> table;
  Handle lru;                   // dummy head of a circular list
  BlockCache* cache = nullptr;  // whose limit holds, and whose charge it keeps
  Stats stats;

  Shard() { lru.prev = lru.next = &lru; }

  void Unlink(Handle* h) {
    h->prev->next = h->next;
    h->next->prev = h->prev;
  }
  void Prepend(Handle* h) {  // at the hand
    h->prev = &lru;
    h->next = lru.next;
    h->next->prev = h;
    lru.next = h;
  }
  void Append(Handle* h) {
    h->next = &lru;
    h->prev = lru.prev;
    h->prev->next = h;
    lru.prev = h;
  }
  // REQUIRES: mu held, h in the cache. Drops the cache's reference.
  void Remove(Handle* h) {
    Unlink(h);
    table.erase(h->key);
    if (h->slot != nullptr) __atomic_store_n(h->slot, nullptr, __ATOMIC_RELAXED);  // see PrefetchSlot
    cache->usage_.fetch_sub(h->charge, std::memory_order_relaxed);
    h->in_cache = false;
    if (h->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) delete h;
  }
  // CLOCK sweep while the whole cache is over its limit: a used block gets
  // a second chance (moved behind the hand with its bit cleared), an unused
  // one is evicted. Stops when the shard holds only `keep`.
  void EvictOverBudget(const Handle* keep) {
    size_t chances = table.size();
    while (cache->OverLimit() && lru.next != &lru) {
      Handle* h = lru.next;
      if (h == keep || (h->referenced && chances > 0)) {
        h->referenced = false;
        Unlink(h);
        Append(h);
        if (chances > 0) chances--;
        if (h == keep && table.size() == 1) break;
        continue;
      }
      Remove(h);
      stats.evictions++;
    }
  }
};

BlockCache::BlockCache(uint64_t byte_budget, std::chrono::milliseconds lifetime, uint64_t shared_bytes)
    : budget_(byte_budget),
      shared_(byte_budget == 0 || byte_budget == kUnbounded ? 0 : std::min(shared_bytes, kUnbounded - byte_budget)),
      lifetime_(lifetime),
      parts_(new PartRegistry) {
  // Small budgets get few shards so that CLOCK stays close to exact LRU.
  // The budget is the whole cache's, not split between the shards: blocks
  // hash unevenly onto shards (at 256 MiB, 16 shards of ~240 blocks differ
  // by ~6% (one standard deviation)), and a split budget would start
  // evicting in the fuller shards while the cache as a whole had room.
  constexpr uint64_t kMinShardBytes = 8ull << 20;
  num_shards_ = 1;
  while (num_shards_ < 16 && byte_budget / (num_shards_ * 2) >= kMinShardBytes) {
    num_shards_ *= 2;
  }
  shards_.reset(new Shard[num_shards_]);
  for (size_t i = 0; i < num_shards_; i++) shards_[i].cache = this;
}

BlockCache::~BlockCache() {
  for (size_t i = 0; i < num_shards_; i++) {
    Shard& shard = shards_[i];
    std::lock_guard<std::mutex> lock(shard.mu);
    while (shard.lru.next != &shard.lru) shard.Remove(shard.lru.next);
  }
}

BlockCache::Shard& BlockCache::ShardFor(uint64_t id, uint64_t offset) const {
  return shards_[KeyHash()(Key{id, offset}) & (num_shards_ - 1)];
}

BlockCache::Handle* BlockCache::Lookup(uint64_t id, uint64_t offset, Handle** slot, bool use) {
  int64_t now = CoarseNowMs();
  Shard& shard = ShardFor(id, offset);
  std::lock_guard<std::mutex> lock(shard.mu);
  Handle* h;
  if (slot != nullptr) {
    h = *slot;
  } else {
    auto it = shard.table.find(Key{id, offset});
    h = it == shard.table.end() ? nullptr : it->second;
  }
  if (h == nullptr) {
    shard.stats.misses++;
    return nullptr;
  }
  h->refs.fetch_add(1, std::memory_order_relaxed);
  if (use) {
    h->referenced = true;
    h->demoted = false;
    h->last_use_ms = now;
  }
  shard.stats.hits++;
  return h;
}

void BlockCache::PrefetchSlot(Handle* const* slot) {
  // Without the lock: the slot's stores are atomic too, and a handle freed
  // in between only makes the prefetch useless (prefetches do not fault).
  const Handle* h = __atomic_load_n(slot, __ATOMIC_RELAXED);
  if (h == nullptr) return;
  __builtin_prefetch(h, 1);  // Lookup writes refs and the CLOCK fields
  __builtin_prefetch(reinterpret_cast<const char*>(&h->block + 1) - 1);  // the block's fields end
}

BlockCache::Handle* BlockCache::Wrap(std::unique_ptr<Block> block) { return new Handle(std::move(*block)); }

BlockCache::Handle* BlockCache::Insert(uint64_t id, uint64_t offset, std::unique_ptr<Block> block, Handle** slot) {
  if (budget_ == 0) return Wrap(std::move(block));
  int64_t now = CoarseNowMs();
  Shard& shard = ShardFor(id, offset);
  Key key{id, offset};
  std::unique_lock<std::mutex> lock(shard.mu);
  auto it = shard.table.find(key);
  if (it != shard.table.end()) {
    Handle* h = it->second;
    h->refs.fetch_add(1, std::memory_order_relaxed);
    h->referenced = true;
    h->demoted = false;
    h->last_use_ms = now;
    return h;
  }
  const uint64_t charge = block->MemoryUsage() + kEntryOverhead;
  if (charge > budget_) {
    // The block alone exceeds the budget: the caller keeps it, and nothing
    // is evicted to make room it could not use.
    shard.stats.inserts++;
    shard.stats.evictions++;
    return Wrap(std::move(block));
  }
  Handle* h = new Handle(std::move(*block));
  h->key = key;
  h->charge = charge;
  h->refs.store(2, std::memory_order_relaxed);  // the caller and the cache
  h->last_use_ms = now;
  h->in_cache = true;
  h->slot = slot;
  if (slot != nullptr) __atomic_store_n(slot, h, __ATOMIC_RELAXED);  // see PrefetchSlot
  shard.table.emplace(key, h);
  shard.Append(h);
  usage_.fetch_add(h->charge, std::memory_order_relaxed);
  shard.stats.inserts++;
  // Room is made in this shard first (its lock is held); only when it has
  // nothing left to give do the others (see EvictElsewhere).
  shard.EvictOverBudget(h);
  const bool over = OverLimit();
  lock.unlock();
  if (over) EvictElsewhere(&shard);
  return h;
}

BlockCache::Handle* BlockCache::Adopt(uint64_t id, uint64_t offset, Handle** slot) {
  Shard& shard = ShardFor(id, offset);
  std::lock_guard<std::mutex> lock(shard.mu);
  auto it = shard.table.find(Key{id, offset});
  if (it == shard.table.end()) return nullptr;
  Handle* h = it->second;
  h->refs.fetch_add(1, std::memory_order_relaxed);
  h->slot = slot;
  __atomic_store_n(slot, h, __ATOMIC_RELAXED);  // see PrefetchSlot
  return h;
}

void BlockCache::Erase(uint64_t id, uint64_t offset) {
  Shard& shard = ShardFor(id, offset);
  std::lock_guard<std::mutex> lock(shard.mu);
  auto it = shard.table.find(Key{id, offset});
  if (it != shard.table.end()) shard.Remove(it->second);
}

int64_t BlockCache::NowMs() { return CoarseNowMs(); }

void BlockCache::Demote(uint64_t id, uint64_t offset, int64_t unused_since_ms) {
  Shard& shard = ShardFor(id, offset);
  std::lock_guard<std::mutex> lock(shard.mu);
  auto it = shard.table.find(Key{id, offset});
  if (it == shard.table.end()) return;
  Handle* h = it->second;
  if (h->demoted || h->last_use_ms > unused_since_ms) return;
  h->demoted = true;
  h->referenced = false;
  shard.Unlink(h);
  shard.Prepend(h);
  shard.stats.demoted++;
}

void BlockCache::EvictElsewhere(const Shard* done) {
  // A charge has no shard of its own: each starts at the next shard, or the
  // first shards would give up their blocks, used or not, for every one.
  const size_t start = done == nullptr ? charge_hand_.fetch_add(1, std::memory_order_relaxed)
                                       : static_cast<size_t>(done - shards_.get()) + 1;
  const size_t count = done == nullptr ? num_shards_ : num_shards_ - 1;
  for (size_t i = 0; i < count && OverLimit(); i++) {
    Shard& shard = shards_[(start + i) % num_shards_];
    std::lock_guard<std::mutex> lock(shard.mu);
    shard.EvictOverBudget(nullptr);
  }
}

uint64_t BlockCache::limit() const { return budget_ + shared_ - std::min<uint64_t>(charged_elsewhere(), shared_); }

bool BlockCache::OverLimit() const { return usage_.load(std::memory_order_relaxed) > limit(); }

void BlockCache::Charge(size_t bytes) {
  elsewhere_.fetch_add(bytes, std::memory_order_relaxed);
  if (OverLimit()) EvictElsewhere(nullptr);
}

void BlockCache::Refund(size_t bytes) { elsewhere_.fetch_sub(bytes, std::memory_order_relaxed); }

const Block* BlockCache::Value(const Handle* handle) { return &handle->block; }

void BlockCache::Release(Handle* handle) {
  if (handle->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) delete handle;
}

void BlockCache::EraseId(uint64_t id) {
  for (size_t i = 0; i < num_shards_; i++) {
    Shard& shard = shards_[i];
    std::lock_guard<std::mutex> lock(shard.mu);
    Handle* h = shard.lru.next;
    while (h != &shard.lru) {
      Handle* next = h->next;
      if (h->key.id == id) shard.Remove(h);
      h = next;
    }
  }
}

void BlockCache::EvictExpired() {
  if (lifetime_.count() <= 0) return;
  int64_t cutoff = CoarseNowMs() - lifetime_.count();
  for (size_t i = 0; i < num_shards_; i++) {
    Shard& shard = shards_[i];
    std::lock_guard<std::mutex> lock(shard.mu);
    Handle* h = shard.lru.next;
    while (h != &shard.lru) {
      Handle* next = h->next;
      if (h->last_use_ms <= cutoff) {
        shard.Remove(h);
        shard.stats.expired++;
      }
      h = next;
    }
  }
}

uint64_t BlockCache::charge() const { return usage_.load(std::memory_order_relaxed); }

size_t BlockCache::entries() const {
  size_t total = 0;
  for (size_t i = 0; i < num_shards_; i++) {
    std::lock_guard<std::mutex> lock(shards_[i].mu);
    total += shards_[i].table.size();
  }
  return total;
}

BlockCache::Stats BlockCache::stats() const {
  Stats total;
  for (size_t i = 0; i < num_shards_; i++) {
    std::lock_guard<std::mutex> lock(shards_[i].mu);
    const Stats& s = shards_[i].stats;
    total.hits += s.hits;
    total.misses += s.misses;
    total.inserts += s.inserts;
    total.evictions += s.evictions;
    total.expired += s.expired;
    total.demoted += s.demoted;
  }
  return total;
}

}  // namespace zt
