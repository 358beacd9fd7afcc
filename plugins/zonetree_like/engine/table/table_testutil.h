// Helpers shared by the table layer's tests.
#ifndef ZT_TABLE_TABLE_TESTUTIL_H_
#define ZT_TABLE_TABLE_TESTUTIL_H_

#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "table/block_cache.h"
#include "table/segment.h"
#include "table/segment_writer.h"
#include "util/testing.h"

namespace zt::testing {

// Key i (fixed width so byte order is numeric order; even numbers only, so
// odd numbers are absent keys between present ones).
inline std::string KeyOf(uint64_t i) {
  char buf[48];
  std::snprintf(buf, sizeof(buf), "user:%020llu:k", static_cast<unsigned long long>(i * 2));
  return buf;
}
inline std::string AbsentKeyOf(uint64_t i) {
  char buf[48];
  std::snprintf(buf, sizeof(buf), "user:%020llu:k", static_cast<unsigned long long>(i * 2 + 1));
  return buf;
}
inline std::string ValueOf(uint64_t i, size_t size = 40) {
  std::string v = Cat("value-", i);
  v += '|';
  while (v.size() < size) v += static_cast<char>('a' + (v.size() + i) % 26);
  return v;
}
// Options under which every read goes to its block (no key or value
// cache), in blocks of block_size bytes, so that a few hundred records span
// several blocks.
inline TableOptions ReadThroughOptions(size_t block_size) {
  TableOptions opt;
  opt.block_size = block_size;
  opt.key_cache_size = 0;
  opt.value_cache_size = 0;
  return opt;
}
// Records with i % tombstone_every == tombstone_every - 1 are tombstones.
inline bool IsTombstone(uint64_t i, uint64_t tombstone_every) {
  return tombstone_every > 0 && i % tombstone_every == tombstone_every - 1;
}

class FileNumbers {
 public:
  explicit FileNumbers(uint64_t first = 1) : next_(first) {}
  std::function<uint64_t()> fn() {
    return [this] { return next_.fetch_add(1); };
  }
  uint64_t next() const { return next_.load(); }

 private:
  std::atomic<uint64_t> next_;
};

// Writes keys [begin, end) as one segment; returns its parts.
inline std::vector<PartMeta> WriteRun(const std::string& dir, const TableOptions& options, FileNumbers* numbers,
                                      uint64_t begin, uint64_t end, uint64_t tombstone_every, size_t value_size = 40) {
  SegmentWriter writer(dir, options, numbers->fn());
  for (uint64_t i = begin; i < end; i++) {
    bool tomb = IsTombstone(i, tombstone_every);
    Status s = writer.Add(KeyOf(i), tomb ? EntryKind::kTombstone : EntryKind::kValue,
                          tomb ? std::string() : ValueOf(i, value_size));
    EXPECT_TRUE(s.ok()) << s.ToString();
  }
  std::vector<PartMeta> parts;
  Status s = writer.Finish(&parts);
  EXPECT_TRUE(s.ok()) << s.ToString();
  return parts;
}

inline void AppendSink(void* ctx, std::string_view v) { static_cast<std::string*>(ctx)->assign(v.data(), v.size()); }

// Get into a string: "" + NotFound, or the value (tombstone: "<tomb>").
inline Status GetString(const Segment& seg, std::string_view key, std::string* out) {
  out->clear();
  EntryKind kind;
  Status s = seg.Get(key, &kind, AppendSink, out);
  if (s.ok() && kind == EntryKind::kTombstone) *out = "<tomb>";
  return s;
}

}  // namespace zt::testing

#endif  // ZT_TABLE_TABLE_TESTUTIL_H_
