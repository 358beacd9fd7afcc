// A hash index from key to Record: open addressing with linear probing over a flat slot array (a point read
// costs one probe into the slot array and one read of the record), grown at half load, with backward-shift
// deletion (no tombstones). Not thread-safe.
#ifndef KVBENCH_PLUGINS_MEMORY_HASH_INDEX_HPP_
#define KVBENCH_PLUGINS_MEMORY_HASH_INDEX_HPP_

#include <cstdint>
#include <string_view>
#include <vector>

#include "record_arena.hpp"

namespace kvbench::memory {

uint64_t HashKey(std::string_view key);

class HashIndex {
 public:
  HashIndex();

  // The record with this key, or nullptr.
  Record* Find(std::string_view key, uint64_t hash) const {
    for (size_t i = hash & mask_;; i = (i + 1) & mask_) {
      const Slot& s = slots_[i];
      if (s.record == nullptr) return nullptr;
      if (s.hash == hash && s.record->key() == key) return s.record;
    }
  }
  // REQUIRES: no record with this key is in the index.
  void Insert(uint64_t hash, Record* record);
  // Points the entry of record->key() at `record` (after the record moved). REQUIRES: the key is present.
  void Replace(uint64_t hash, Record* record);
  // Removes the key if present.
  void Erase(std::string_view key, uint64_t hash);
  void Clear();
  size_t size() const { return size_; }

 private:
  struct Slot {
    uint64_t hash;
    Record* record;  // nullptr: empty
  };

  size_t IndexOf(std::string_view key, uint64_t hash) const;
  void Grow();

  std::vector<Slot> slots_;
  size_t mask_;
  size_t size_ = 0;
};

}  // namespace kvbench::memory

#endif  // KVBENCH_PLUGINS_MEMORY_HASH_INDEX_HPP_
