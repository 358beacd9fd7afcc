#include "rocksdb5_iterator.hpp"

#include <cstring>

#include "rocksdb5_status.hpp"

namespace kvbench::rocksdb5 {

Status RocksIterator::status() const { return FromRocks(it_->status(), "iterator"); }

size_t ScanUpperBound(const sdk::ScanRequest& r, char* buf) {
  if (!r.has_bound) return kNoUpperBound;
  std::string_view base = r.bound;
  if (r.bound_is_prefix) {
    // The successor of a prefix: drop trailing 0xFF bytes, increment the last remaining one.
    while (!base.empty() && static_cast<unsigned char>(base.back()) == 0xFF) base.remove_suffix(1);
    if (base.empty()) return kNoUpperBound;
    std::memcpy(buf, base.data(), base.size());
    buf[base.size() - 1] = static_cast<char>(static_cast<unsigned char>(buf[base.size() - 1]) + 1);
    return base.size();
  }
  std::memcpy(buf, base.data(), base.size());
  if (!r.bound_inclusive) return base.size();
  buf[base.size()] = '\0';  // the smallest key after the bound
  return base.size() + 1;
}

Status ScanInstance(rocksdb::DB* db, const sdk::ScanRequest& r, sdk::EntrySink sink, uint64_t* visited) {
  *visited = 0;
  // The upper bound lives on this frame (a sink may scan again, so no shared buffer); the workload's bounds are
  // short enough for the inline buffer, so the timed path does not allocate.
  char inline_bound[128];
  std::string heap_bound;
  char* buf = inline_bound;
  if (r.has_bound && r.bound.size() + 1 > sizeof(inline_bound)) {
    heap_bound.resize(r.bound.size() + 1);
    buf = heap_bound.data();
  }
  rocksdb::Slice upper;
  rocksdb::ReadOptions ro;
  size_t upper_size = ScanUpperBound(r, buf);
  if (upper_size != kNoUpperBound) {
    upper = rocksdb::Slice(buf, upper_size);
    ro.iterate_upper_bound = &upper;
  }
  std::unique_ptr<rocksdb::Iterator> it(db->NewIterator(ro));
  if (r.from_first) {
    it->SeekToFirst();
  } else {
    it->Seek(rocksdb::Slice(r.start.data(), r.start.size()));
  }
  uint64_t n = 0;
  for (; it->Valid() && (r.limit == 0 || n < r.limit); it->Next()) {
    std::string_view key = it->key().ToStringView();
    if (!r.InRange(key)) break;
    ++n;
    if (!sink(key, it->value().ToStringView())) break;
  }
  *visited = n;
  return FromRocks(it->status(), "scan");
}

Status CountKeys(rocksdb::DB* db, uint64_t* count) {
  rocksdb::ReadOptions ro;
  ro.fill_cache = false;
  std::unique_ptr<rocksdb::Iterator> it(db->NewIterator(ro));
  uint64_t n = 0;
  for (it->SeekToFirst(); it->Valid(); it->Next()) ++n;
  *count = n;
  return FromRocks(it->status(), "count");
}

}  // namespace kvbench::rocksdb5
