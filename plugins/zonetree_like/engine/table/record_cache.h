// Per-segment caches of recently read records (ZoneTree's KeyCacheSize and
// ValueCacheSize slots), two-way set-associative by key hash: a key has two
// slots (a bucket) it can be in, and an insert evicts the bucket's least
// recently used one, so that two hot keys whose hashes meet stay cached
// together.
//   KeyCache:   key hash -> where a record is (part, block, index). A hit
//               skips the searches; the caller checks the record's key, so
//               the cache holds no keys and a slot is 32 bytes (the whole
//               cache stays in the CPU's caches).
//   ValueCache: key -> (kind, value). A hit skips the block path entirely.
//               The segment admits a record only on its second read within
//               the key cache's memory (a key cache hit), so random reads
//               never pay for copying their record into it.
// Each bucket has its own tiny spin lock, held only to compare and copy, so
// concurrent readers rarely meet. A lookup first compares the bucket's two
// hashes without it (atomic loads): a miss, the usual outcome of a random
// read, takes no lock and writes nothing, so its load of the bucket overlaps
// the search that follows instead of holding it up as a locked instruction
// would. Thread-safe.
#ifndef ZT_TABLE_RECORD_CACHE_H_
#define ZT_TABLE_RECORD_CACHE_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "table/format.h"

namespace zt {

// 64-bit hash of a key (fast, not cryptographic).
uint64_t HashKey(std::string_view key);

namespace internal {
__extension__ typedef unsigned __int128 Uint128;

// Maps a 64-bit hash uniformly onto [0, n) without a division.
inline size_t ScaleHash(uint64_t hash, uint32_t n) {
  return static_cast<size_t>((static_cast<Uint128>(hash) * n) >> 64);
}

class SlotLock {
 public:
  void lock() {
    while (locked_.exchange(true, std::memory_order_acquire)) {
      while (locked_.load(std::memory_order_relaxed)) {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
      }
    }
  }
  void unlock() { locked_.store(false, std::memory_order_release); }

 private:
  std::atomic<bool> locked_{false};
};
}  // namespace internal

class ValueCache {
 public:
  // Records with key + value larger than this are not cached.
  static constexpr size_t kMaxRecordBytes = 16 * 1024;

  explicit ValueCache(uint32_t slots);
  ~ValueCache();

  // On a hit sets *kind and, for kValue, calls sink(ctx, value) while the
  // bucket is locked (the sink must be short and must not re-enter).
  bool Lookup(uint64_t hash, std::string_view key, EntryKind* kind, void (*sink)(void*, std::string_view),
              void* ctx) const;
  void Insert(uint64_t hash, std::string_view key, EntryKind kind, std::string_view value) const;

  uint64_t hits() const;
  size_t MemoryUsage() const;

 private:
  struct Way {
    bool used = false;
    EntryKind kind = EntryKind::kValue;
    std::atomic<uint64_t> hash{0};  // written under the lock, read without it too
    uint64_t hits = 0;
    std::string key;
    std::string value;
  };
  struct alignas(64) Bucket {
    internal::SlotLock lock;
    uint8_t lru = 0;  // the way read or written least recently
    Way ways[2];
  };
  Bucket& BucketFor(uint64_t hash) const { return buckets_[internal::ScaleHash(hash, num_buckets_)]; }

  uint32_t num_buckets_;
  std::unique_ptr<Bucket[]> buckets_;
};

class KeyCache {
 public:
  struct Location {
    uint32_t part = 0;
    uint32_t block = 0;
    uint32_t index = 0;
  };

  explicit KeyCache(uint32_t slots);
  ~KeyCache();

  // On a hit, *loc is where a record whose key hashed to `hash` was found:
  // usually the key's record; the caller must compare keys (a different key
  // with the same hash may have put it there).
  bool Lookup(uint64_t hash, Location* loc) const;
  void Insert(uint64_t hash, const Location& loc) const;

  uint64_t hits() const;
  size_t MemoryUsage() const;

 private:
  struct Way {
    bool used = false;
    uint32_t hits = 0;              // wraps; summed into 64 bits by hits()
    std::atomic<uint64_t> hash{0};  // written under the lock, read without it too
    Location loc;
  };
  struct Bucket {
    internal::SlotLock lock;
    uint8_t lru = 0;  // the way read or written least recently
    Way ways[2];
  };
  // Uses other hash bits than ValueCache, so that two keys colliding in one
  // cache usually do not collide in the other.
  Bucket& BucketFor(uint64_t hash) const {
    uint64_t h = (hash >> 32) | (hash << 32);
    return buckets_[internal::ScaleHash(h, num_buckets_)];
  }

  uint32_t num_buckets_;
  std::unique_ptr<Bucket[]> buckets_;
};

namespace internal {
// The way of a two-way bucket an insert of `hash` replaces: the one holding
// the same hash, else an empty one, else the least recently used. Marks it
// the most recently used.
template <typename Bucket>
auto* VictimWay(Bucket& bucket, uint64_t hash) {
  int victim = bucket.lru;
  for (int i = 0; i < 2; i++) {
    if (bucket.ways[i].used && bucket.ways[i].hash.load(std::memory_order_relaxed) == hash) {
      victim = i;
      break;
    }
    if (!bucket.ways[i].used) victim = i;
  }
  bucket.lru = static_cast<uint8_t>(1 - victim);
  return &bucket.ways[victim];
}

// False when no way of the bucket can hold hash: checked without the lock,
// so a way written meanwhile may be missed (a cache miss, never a wrong
// answer: a true result is checked again under the lock).
template <typename Bucket>
bool MayHold(const Bucket& bucket, uint64_t hash) {
  return bucket.ways[0].hash.load(std::memory_order_relaxed) == hash ||
         bucket.ways[1].hash.load(std::memory_order_relaxed) == hash;
}
}  // namespace internal

}  // namespace zt

#endif  // ZT_TABLE_RECORD_CACHE_H_
