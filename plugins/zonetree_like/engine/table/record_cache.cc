#include "table/record_cache.h"

#include <cstring>
#include <mutex>

namespace zt {

uint64_t HashKey(std::string_view key) {
  constexpr uint64_t kMul = 0x9e3779b97f4a7c15ull;
  const char* p = key.data();
  size_t n = key.size();
  uint64_t h = 0x243f6a8885a308d3ull ^ (n * kMul);
  while (n >= 8) {
    uint64_t w;
    std::memcpy(&w, p, 8);
    h = (h ^ w) * kMul;
    h ^= h >> 29;
    p += 8;
    n -= 8;
  }
  if (n > 0) {
    uint64_t w = 0;
    std::memcpy(&w, p, n);
    h = (h ^ w) * kMul;
  }
  h ^= h >> 32;
  h *= 0xd6e8feb86659fd93ull;
  h ^= h >> 32;
  return h;
}

namespace {

template <typename Bucket>
uint64_t SumHits(Bucket* buckets, uint32_t n) {
  uint64_t total = 0;
  for (uint32_t i = 0; i < n; i++) {
    std::lock_guard<internal::SlotLock> lock(buckets[i].lock);
    for (const auto& way : buckets[i].ways) total += way.hits;
  }
  return total;
}

}  // namespace

// ---------------------------------------------------------------- values

ValueCache::ValueCache(uint32_t slots) : num_buckets_((slots + 1) / 2), buckets_(new Bucket[num_buckets_]) {}
ValueCache::~ValueCache() = default;

bool ValueCache::Lookup(uint64_t hash, std::string_view key, EntryKind* kind, void (*sink)(void*, std::string_view),
                        void* ctx) const {
  Bucket& bucket = BucketFor(hash);
  if (!internal::MayHold(bucket, hash)) return false;
  std::lock_guard<internal::SlotLock> lock(bucket.lock);
  for (int i = 0; i < 2; i++) {
    Way& way = bucket.ways[i];
    if (!way.used || way.hash.load(std::memory_order_relaxed) != hash || way.key != key) continue;
    way.hits++;
    bucket.lru = static_cast<uint8_t>(1 - i);
    *kind = way.kind;
    if (way.kind == EntryKind::kValue) sink(ctx, way.value);
    return true;
  }
  return false;
}

void ValueCache::Insert(uint64_t hash, std::string_view key, EntryKind kind, std::string_view value) const {
  if (key.size() + value.size() > kMaxRecordBytes) return;
  Bucket& bucket = BucketFor(hash);
  std::lock_guard<internal::SlotLock> lock(bucket.lock);
  Way* way = internal::VictimWay(bucket, hash);
  way->used = true;
  way->hash.store(hash, std::memory_order_relaxed);
  way->kind = kind;
  way->key.assign(key.data(), key.size());
  way->value.assign(value.data(), value.size());
}

uint64_t ValueCache::hits() const { return SumHits(buckets_.get(), num_buckets_); }

size_t ValueCache::MemoryUsage() const {
  size_t total = sizeof(Bucket) * num_buckets_;
  for (uint32_t i = 0; i < num_buckets_; i++) {
    std::lock_guard<internal::SlotLock> lock(buckets_[i].lock);
    for (const Way& way : buckets_[i].ways) total += way.key.capacity() + way.value.capacity();
  }
  return total;
}

// ---------------------------------------------------------------- keys

KeyCache::KeyCache(uint32_t slots) : num_buckets_((slots + 1) / 2), buckets_(new Bucket[num_buckets_]) {}
KeyCache::~KeyCache() = default;

bool KeyCache::Lookup(uint64_t hash, Location* loc) const {
  Bucket& bucket = BucketFor(hash);
  if (!internal::MayHold(bucket, hash)) return false;
  std::lock_guard<internal::SlotLock> lock(bucket.lock);
  for (int i = 0; i < 2; i++) {
    Way& way = bucket.ways[i];
    if (!way.used || way.hash.load(std::memory_order_relaxed) != hash) continue;
    way.hits++;
    bucket.lru = static_cast<uint8_t>(1 - i);
    *loc = way.loc;
    return true;
  }
  return false;
}

void KeyCache::Insert(uint64_t hash, const Location& loc) const {
  Bucket& bucket = BucketFor(hash);
  std::lock_guard<internal::SlotLock> lock(bucket.lock);
  Way* way = internal::VictimWay(bucket, hash);
  way->used = true;
  way->hash.store(hash, std::memory_order_relaxed);
  way->loc = loc;
}

uint64_t KeyCache::hits() const { return SumHits(buckets_.get(), num_buckets_); }

size_t KeyCache::MemoryUsage() const { return sizeof(Bucket) * num_buckets_; }

}  // namespace zt
