// MemTable: the mutable (and, once frozen, read-only) in-memory segment. Its
// keys are records, each with a chain of versions (newest first) so that
// iterators read a consistent snapshot while writes go on. The records form
// a sorted linked list, which iterators walk; a B+tree over them (nodes of
// kFanout entries, as in ZoneTree's mutable segment) finds a key's place.
//
// Why a B+tree and not a skiplist: a search in a skiplist of 250,000 records
// visits about 20 records, the lower levels' ones each a cache miss. The
// tree's inner nodes stay cached, and a leaf keeps each key's 8-byte window
// next to its neighbours' (see table/key_window.h): one leaf, then one
// record.
//
// Thread-safety: Add() must be serialized by the caller (one writer at a time);
// Get() and iterators may run concurrently with Add(). Readers normally take
// no lock: the tree is guarded by a sequence lock (a reader that overlapped
// a change searches again; only after four such tries does it wait for the
// writer's mutex), and the list is changed by single release stores. Records, versions and tree
// nodes live in an arena until the MemTable is destroyed, so a string_view
// handed out by Get() or an iterator stays valid while the MemTable lives.
#ifndef ZT_DB_MEMTABLE_H_
#define ZT_DB_MEMTABLE_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string_view>

#include "table/format.h"
#include "util/arena.h"
#include "util/memory_account.h"

namespace zt {

class MemTable {
 public:
  static constexpr uint64_t kMaxSequence = ~uint64_t{0};

  // expected_records sizes the membership filter (a blocked Bloom filter,
  // about 10 bits per record) that lets Get() answer "not here" without a
  // tree search; more records only raise its false-positive rate. The
  // arena's blocks are charged to `account` if there is one.
  explicit MemTable(uint64_t expected_records = 1 << 16, std::shared_ptr<MemoryAccount> account = nullptr);
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
  struct Leaf;   // a B+tree node: a leaf (level 0), and the fields every node has
  struct Inner;  // a node above the leaves: a Leaf plus its children
  static constexpr uint32_t kFanout = 64;
  static constexpr int kMaxLevels = 16;  // 64^15 records: never reached

  Node* NewNode(std::string_view key);
  const Entry* NewEntry(uint64_t seq, EntryKind kind, std::string_view value,
                        const Entry* older);
  Leaf* NewLeaf();
  Inner* NewInner(uint32_t level);
  // Filter: 512-bit blocks, 4 bits per key inside one block (one cache line
  // per probe). Set by the writer with plain atomic stores; read relaxed.
  void FilterAdd(uint64_t hash);
  bool FilterMayContain(uint64_t hash) const;

  // First record with key >= target, or nullptr. Safe against a concurrent
  // writer.
  const Node* LowerBound(std::string_view target) const;
  // One descent, reading whatever the writer left: the first record >=
  // target (nullptr if none), or head_ if what it read cannot be a
  // consistent tree. Right only if seq_ did not change meanwhile.
  const Node* SearchOnce(std::string_view target) const;

  // Writer side. Descend fills the path from the root to target's leaf
  // (node[0] is the leaf; index[l] is the child taken at level l) and
  // returns the leaf position of the first key >= target.
  struct Path {
    int depth = 0;  // levels: the root is node[depth - 1]
    Leaf* node[kMaxLevels];
    uint32_t index[kMaxLevels];
  };
  uint32_t Descend(std::string_view target, Path* path) const;
  // Inserts (record, child) at position pos of the path's node at level,
  // splitting nodes upward as needed. REQUIRES: write_mu_, seq_ odd.
  void InsertAt(Path* path, int level, uint32_t pos, const Node* record, Leaf* child);
  // Rewrites node n's windows for its fences (after a split narrowed them).
  static void SetLcp(Leaf* n);
  void BeginWrite();
  void EndWrite();

  Arena arena_;
  std::unique_ptr<std::atomic<uint64_t>[]> filter_;
  uint64_t filter_blocks_mask_;
  Node* head_;  // list sentinel (no key)
  Node* tail_;  // the last record (head_ if none): appends skip the search
  std::atomic<Leaf*> root_;
  Leaf* last_leaf_;  // the rightmost leaf (writer only)
  std::atomic<uint64_t> seq_{0};  // odd while the writer changes the tree
  mutable std::mutex write_mu_;   // held by the writer while seq_ is odd
  std::atomic<uint64_t> records_{0};
  std::atomic<uint64_t> keys_{0};
};

}  // namespace zt

#endif  // ZT_DB_MEMTABLE_H_
