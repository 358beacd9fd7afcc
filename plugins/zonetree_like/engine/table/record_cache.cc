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

// ---------------------------------------------------------------- values

ValueCache::ValueCache(uint32_t slots) : num_slots_(slots), slots_(new Slot[slots]) {}
ValueCache::~ValueCache() = default;

bool ValueCache::Lookup(uint64_t hash, std::string_view key, EntryKind* kind, void (*sink)(void*, std::string_view),
                        void* ctx) const {
  Slot& slot = slots_[SlotFor(hash)];
  std::lock_guard<internal::SlotLock> lock(slot.lock);
  if (!slot.used || slot.hash != hash || slot.key != key) return false;
  slot.hits++;
  *kind = slot.kind;
  if (slot.kind == EntryKind::kValue) sink(ctx, slot.value);
  return true;
}

void ValueCache::Insert(uint64_t hash, std::string_view key, EntryKind kind, std::string_view value) const {
  if (key.size() + value.size() > kMaxRecordBytes) return;
  Slot& slot = slots_[SlotFor(hash)];
  std::lock_guard<internal::SlotLock> lock(slot.lock);
  slot.used = true;
  slot.hash = hash;
  slot.kind = kind;
  slot.key.assign(key.data(), key.size());
  slot.value.assign(value.data(), value.size());
}

uint64_t ValueCache::hits() const {
  uint64_t total = 0;
  for (uint32_t i = 0; i < num_slots_; i++) {
    std::lock_guard<internal::SlotLock> lock(slots_[i].lock);
    total += slots_[i].hits;
  }
  return total;
}

size_t ValueCache::MemoryUsage() const {
  size_t total = sizeof(Slot) * num_slots_;
  for (uint32_t i = 0; i < num_slots_; i++) {
    std::lock_guard<internal::SlotLock> lock(slots_[i].lock);
    total += slots_[i].key.capacity() + slots_[i].value.capacity();
  }
  return total;
}

// ---------------------------------------------------------------- keys

KeyCache::KeyCache(uint32_t slots) : num_slots_(slots), slots_(new Slot[slots]) {}
KeyCache::~KeyCache() = default;

bool KeyCache::Lookup(uint64_t hash, Location* loc) const {
  Slot& slot = slots_[SlotFor(hash)];
  std::lock_guard<internal::SlotLock> lock(slot.lock);
  if (!slot.used || slot.hash != hash) return false;
  slot.hits++;
  *loc = slot.loc;
  return true;
}

void KeyCache::Insert(uint64_t hash, const Location& loc) const {
  Slot& slot = slots_[SlotFor(hash)];
  std::lock_guard<internal::SlotLock> lock(slot.lock);
  slot.used = true;
  slot.hash = hash;
  slot.loc = loc;
}

uint64_t KeyCache::hits() const {
  uint64_t total = 0;
  for (uint32_t i = 0; i < num_slots_; i++) {
    std::lock_guard<internal::SlotLock> lock(slots_[i].lock);
    total += slots_[i].hits;
  }
  return total;
}

size_t KeyCache::MemoryUsage() const { return sizeof(Slot) * num_slots_; }

}  // namespace zt
