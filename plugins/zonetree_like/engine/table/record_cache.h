// Per-segment caches of recently read records (ZoneTree's KeyCacheSize and
// ValueCacheSize), direct-mapped by key hash.
//   ValueCache: key -> (kind, value). A hit skips the block path entirely.
//   KeyCache:   key -> where the record is (part, block, index), or that
//               the segment has no such key. A hit skips the searches.
// Each slot has its own tiny spin lock, held only to compare and copy, so
// concurrent readers rarely meet. Thread-safe.
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
  // slot is locked (the sink must be short and must not re-enter).
  bool Lookup(uint64_t hash, std::string_view key, EntryKind* kind, void (*sink)(void*, std::string_view),
              void* ctx) const;
  void Insert(uint64_t hash, std::string_view key, EntryKind kind, std::string_view value) const;

  uint64_t hits() const;
  size_t MemoryUsage() const;

 private:
  struct alignas(64) Slot {
    internal::SlotLock lock;
    bool used = false;
    EntryKind kind = EntryKind::kValue;
    uint64_t hash = 0;
    uint64_t hits = 0;
    std::string key;
    std::string value;
  };
  size_t SlotFor(uint64_t hash) const { return internal::ScaleHash(hash, num_slots_); }

  uint32_t num_slots_;
  std::unique_ptr<Slot[]> slots_;
};

class KeyCache {
 public:
  static constexpr size_t kMaxKeyBytes = 1024;

  struct Location {
    bool present = false;  // false: the segment has no record for the key
    uint32_t part = 0;
    uint32_t block = 0;
    uint32_t index = 0;
  };

  explicit KeyCache(uint32_t slots);
  ~KeyCache();

  bool Lookup(uint64_t hash, std::string_view key, Location* loc) const;
  void Insert(uint64_t hash, std::string_view key, const Location& loc) const;

  uint64_t hits() const;
  size_t MemoryUsage() const;

 private:
  struct alignas(64) Slot {
    internal::SlotLock lock;
    bool used = false;
    uint64_t hash = 0;
    uint64_t hits = 0;
    Location loc;
    std::string key;
  };
  // Uses other hash bits than ValueCache, so that two keys colliding in one
  // cache usually do not collide in the other.
  size_t SlotFor(uint64_t hash) const {
    uint64_t h = (hash >> 32) | (hash << 32);
    return internal::ScaleHash(h, num_slots_);
  }

  uint32_t num_slots_;
  std::unique_ptr<Slot[]> slots_;
};

}  // namespace zt

#endif  // ZT_TABLE_RECORD_CACHE_H_
