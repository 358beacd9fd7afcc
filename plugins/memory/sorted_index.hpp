// The ordered index of a store: records sorted by key (bytewise), kept as a list of leaves, each a small sorted
// array of (8-byte key window, record) entries, plus a flat array of each leaf's first entry for finding the
// leaf. A scan walks a leaf's entries in order (contiguous memory, prefetch-friendly); most key comparisons are
// decided by the windows without touching the records. A window is the 8 bytes after the prefix every key of the
// index shares (the workload's email and created-at keys share their first 10 bytes at 1M profiles, so windows at
// offset 0 would tie and every comparison would read its record). Not thread-safe.
#ifndef KVBENCH_PLUGINS_MEMORY_SORTED_INDEX_HPP_
#define KVBENCH_PLUGINS_MEMORY_SORTED_INDEX_HPP_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "record_arena.hpp"

namespace kvbench::memory {

class SortedIndex {
 public:
  // A position: leaf number and entry within the leaf. Positions are invalidated by Insert and Erase.
  struct Position {
    size_t leaf = 0;
    size_t entry = 0;
    bool operator==(const Position&) const = default;
  };

  SortedIndex() = default;

  Position begin() const { return {0, 0}; }
  Position end() const { return {leaves_.size(), 0}; }
  Position Next(Position p) const {
    if (++p.entry == leaves_[p.leaf]->size) return {p.leaf + 1, 0};
    return p;
  }
  Record* At(Position p) const { return leaves_[p.leaf]->entries[p.entry].record; }
  // The first position whose key is >= key (end() if none); *found says whether its key equals key.
  Position LowerBound(std::string_view key, bool* found = nullptr) const;

  // Inserts record at p, which must be LowerBound(record->key()) of a key not present.
  void Insert(Position p, Record* record);
  // Points the entry at p (holding the same key) at `record`.
  void Replace(Position p, Record* record) {
    leaves_[p.leaf]->entries[p.entry].record = record;
    if (p.entry == 0) firsts_[p.leaf].record = record;
  }
  void Erase(Position p);
  void Clear();
  uint64_t size() const { return size_; }

 private:
  static constexpr size_t kLeafCapacity = 128;

  struct Entry {
    uint64_t prefix;  // the key's 8 bytes after common_, big-endian, zero-padded
    Record* record;
  };
  struct Leaf {
    size_t size = 0;
    Entry entries[kLeafCapacity];
  };

  // REQUIRES: key starts with common_.
  uint64_t Prefix(std::string_view key) const;
  // <0, 0, >0 as key compares to the entry's key. REQUIRES: key starts with common_.
  static int Compare(uint64_t prefix, std::string_view key, const Entry& e);
  // Shortens common_ to what it shares with key, and recomputes every entry's window.
  void ShrinkCommonPrefix(std::string_view key);

  std::vector<std::unique_ptr<Leaf>> leaves_;  // none is empty
  std::vector<Entry> firsts_;                  // firsts_[i] == leaves_[i]->entries[0]
  uint64_t size_ = 0;
  std::string common_;  // a prefix of every key inserted since the index was empty (only ever shortened)
};

}  // namespace kvbench::memory

#endif  // KVBENCH_PLUGINS_MEMORY_SORTED_INDEX_HPP_
