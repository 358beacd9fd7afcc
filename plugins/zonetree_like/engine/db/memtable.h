// MemTable: the mutable (and, once frozen, read-only) in-memory segment. An
// ordered skiplist of keys, each with a chain of versions (newest first) so
// that iterators read a consistent snapshot while writes go on.
//
// Thread-safety: Add() must be serialized by the caller (one writer at a time);
// Get() and iterators may run concurrently with Add() without locks. Nodes and
// versions live in an arena until the MemTable is destroyed, so a string_view
// handed out by Get() or an iterator stays valid while the MemTable lives.
#ifndef ZT_DB_MEMTABLE_H_
#define ZT_DB_MEMTABLE_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <string_view>

#include "table/format.h"
#include "util/arena.h"

namespace zt {

class MemTable {
 public:
  static constexpr uint64_t kMaxSequence = ~uint64_t{0};

  // expected_records sizes the membership filter (a blocked Bloom filter,
  // about 10 bits per record) that lets Get() answer "not here" without a
  // skiplist search; more records only raise its false-positive rate.
  explicit MemTable(uint64_t expected_records = 1 << 16);
  MemTable(const MemTable&) = delete;
  MemTable& operator=(const MemTable&) = delete;

  // Records `kind` (value or tombstone) for key as version `seq`.
  // REQUIRES: external serialization of writers; seq strictly increasing.
  void Add(uint64_t seq, std::string_view key, EntryKind kind,
           std::string_view value);

  // The newest version of key: true with *kind (and *value for kValue), or
  // false when the memtable holds nothing for key.
  bool Get(std::string_view key, EntryKind* kind,
           std::string_view* value) const;

  // Records added (puts + deletes), distinct keys, bytes reserved.
  uint64_t records() const { return records_.load(std::memory_order_acquire); }
  uint64_t keys() const { return keys_.load(std::memory_order_relaxed); }
  size_t MemoryUsage() const { return arena_.MemoryUsage(); }

 private:
  struct Entry;
  struct Node;

 public:
  // Walks keys in ascending order, showing for each the newest version with
  // seq <= snapshot (keys with no such version are skipped). Tombstones are
  // returned (kind() == kTombstone); the tree's merging iterator drops them.
  class Iterator {
   public:
    explicit Iterator(const MemTable* table, uint64_t snapshot = kMaxSequence)
        : table_(table), snapshot_(snapshot) {}
    bool Valid() const { return node_ != nullptr; }
    void SeekToFirst();
    void Seek(std::string_view target);
    void Next();
    std::string_view key() const;
    std::string_view value() const;
    EntryKind kind() const;

   private:
    void SkipInvisible();

    const MemTable* table_;
    uint64_t snapshot_;
    const Node* node_ = nullptr;
    const Entry* entry_ = nullptr;
  };

 private:
  static constexpr int kMaxHeight = 12;

  Node* NewNode(std::string_view key, int height);
  const Entry* NewEntry(uint64_t seq, EntryKind kind, std::string_view value,
                        const Entry* older);
  int RandomHeight();
  // Filter: 512-bit blocks, 4 bits per key inside one block (one cache line
  // per probe). Set by the writer with plain atomic stores; read relaxed.
  void FilterAdd(uint64_t hash);
  bool FilterMayContain(uint64_t hash) const;
  // First node with key >= target; fills prev[0..max_height) when non-null.
  Node* FindGreaterOrEqual(std::string_view target, Node** prev) const;

  Arena arena_;
  std::unique_ptr<std::atomic<uint64_t>[]> filter_;
  uint64_t filter_blocks_mask_;  // number of 512-bit blocks - 1
  Node* head_;
  // The last node of each level: appending in key order skips the search.
  Node* tail_[kMaxHeight];
  std::atomic<int> max_height_{1};
  uint32_t rnd_ = 0x9e3779b9u;
  std::atomic<uint64_t> records_{0};
  std::atomic<uint64_t> keys_{0};
};

}  // namespace zt

#endif  // ZT_DB_MEMTABLE_H_
