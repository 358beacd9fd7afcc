#include "hash_index.hpp"

#include <cstring>

namespace kvbench::memory {

namespace {

constexpr size_t kInitialSlots = 1024;

uint64_t Mix(uint64_t x) {
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBull;
  x ^= x >> 31;
  return x;
}

}  // namespace

uint64_t HashKey(std::string_view key) {
  uint64_t h = 0x9E3779B97F4A7C15ull ^ key.size();
  const char* p = key.data();
  size_t n = key.size();
  for (; n >= 8; p += 8, n -= 8) {
    uint64_t w;
    std::memcpy(&w, p, 8);
    h = (h ^ w) * 0xFF51AFD7ED558CCDull;
    h ^= h >> 32;
  }
  if (n > 0) {
    uint64_t w = 0;
    std::memcpy(&w, p, n);
    h = (h ^ w) * 0xFF51AFD7ED558CCDull;
  }
  return Mix(h);
}

HashIndex::HashIndex() : slots_(kInitialSlots, Slot{0, nullptr}), mask_(kInitialSlots - 1) {}

size_t HashIndex::IndexOf(std::string_view key, uint64_t hash) const {
  for (size_t i = hash & mask_;; i = (i + 1) & mask_) {
    const Slot& s = slots_[i];
    if (s.record == nullptr) return SIZE_MAX;
    if (s.hash == hash && s.record->key() == key) return i;
  }
}

void HashIndex::Insert(uint64_t hash, Record* record) {
  if ((size_ + 1) * 2 > slots_.size()) Grow();
  size_t i = hash & mask_;
  while (slots_[i].record != nullptr) i = (i + 1) & mask_;
  slots_[i] = Slot{hash, record};
  ++size_;
}

void HashIndex::Replace(uint64_t hash, Record* record) { slots_[IndexOf(record->key(), hash)].record = record; }

void HashIndex::Erase(std::string_view key, uint64_t hash) {
  size_t hole = IndexOf(key, hash);
  if (hole == SIZE_MAX) return;
  // Backward shift: move later entries of the probe run into the hole when their home is not between the hole
  // and their current slot.
  for (size_t i = (hole + 1) & mask_; slots_[i].record != nullptr; i = (i + 1) & mask_) {
    const size_t home = slots_[i].hash & mask_;
    const bool stays = (i > hole) ? (home > hole && home <= i) : (home > hole || home <= i);
    if (stays) continue;
    slots_[hole] = slots_[i];
    hole = i;
  }
  slots_[hole] = Slot{0, nullptr};
  --size_;
}

void HashIndex::Clear() {
  slots_.assign(kInitialSlots, Slot{0, nullptr});
  mask_ = kInitialSlots - 1;
  size_ = 0;
}

void HashIndex::Grow() {
  std::vector<Slot> old(slots_.size() * 2, Slot{0, nullptr});
  old.swap(slots_);
  mask_ = slots_.size() - 1;
  for (const Slot& s : old) {
    if (s.record == nullptr) continue;
    size_t i = s.hash & mask_;
    while (slots_[i].record != nullptr) i = (i + 1) & mask_;
    slots_[i] = s;
  }
}

}  // namespace kvbench::memory
