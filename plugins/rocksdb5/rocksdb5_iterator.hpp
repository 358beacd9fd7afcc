// Cursors over one RocksDB instance: the ABI's iterator (a thin wrapper of rocksdb::Iterator) and the batched
// scan, which hands RocksDB an upper bound whenever the request implies one.
#ifndef KVBENCH_PLUGINS_ROCKSDB5_ROCKSDB5_ITERATOR_HPP_
#define KVBENCH_PLUGINS_ROCKSDB5_ROCKSDB5_ITERATOR_HPP_

#include <rocksdb/db.h>
#include <rocksdb/iterator.h>

#include <kvbench/sdk.hpp>
#include <memory>
#include <string>
#include <string_view>

namespace kvbench::rocksdb5 {

using Status = sdk::Status;

// Iterates a consistent view (the implicit snapshot RocksDB takes at creation). Key and value bytes are
// RocksDB's own, valid until the iterator moves. REQUIRES: destroyed before its instance closes; used by one
// thread at a time.
class RocksIterator {
 public:
  explicit RocksIterator(std::unique_ptr<rocksdb::Iterator> it) : it_(std::move(it)) {}

  void Seek(std::string_view key) { it_->Seek(rocksdb::Slice(key.data(), key.size())); }
  void SeekToFirst() { it_->SeekToFirst(); }
  void Next() { it_->Next(); }
  bool Valid() const { return it_->Valid(); }
  std::string_view key() const { return it_->key().ToStringView(); }
  std::string_view value() const { return it_->value().ToStringView(); }
  Status status() const;

 private:
  std::unique_ptr<rocksdb::Iterator> it_;
};

inline constexpr size_t kNoUpperBound = static_cast<size_t>(-1);

// Writes into `buf` (room for r.bound.size() + 1 bytes) the exclusive upper bound RocksDB may use for `r` and
// returns its size, or kNoUpperBound. An exclusive bound is itself; an inclusive bound is `bound + '\0'` (the
// smallest key after it); a prefix is its successor (trailing 0xFF bytes dropped, the last remaining byte
// incremented), and a prefix that is empty or all 0xFF has none.
size_t ScanUpperBound(const sdk::ScanRequest& r, char* buf);

// Visits the entries of `r` in key order as sdk::ScanRequest defines them: from start (or the first key) while
// r.InRange(key), at most r.limit entries, until the sink says stop. ScanUpperBound(r) becomes
// ReadOptions::iterate_upper_bound, so RocksDB stops at the range's end; entries are still checked with InRange.
Status ScanInstance(rocksdb::DB* db, const sdk::ScanRequest& r, sdk::EntrySink sink, uint64_t* visited);

// The number of live keys, by iterating (RocksDB's estimate-num-keys is not exact).
Status CountKeys(rocksdb::DB* db, uint64_t* count);

}  // namespace kvbench::rocksdb5

#endif  // KVBENCH_PLUGINS_ROCKSDB5_ROCKSDB5_ITERATOR_HPP_
