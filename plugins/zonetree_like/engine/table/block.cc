#include "table/block.h"

namespace zt {

Block::Block(std::unique_ptr<char[]> data, size_t size, uint32_t n)
    : data_(std::move(data)), size_(size), num_entries_(n) {
  offsets_ = data_.get() + size - 4 - 4 * size_t{n};
  data_end_ = offsets_;
}

Status Block::Parse(std::unique_ptr<char[]> data, size_t size, std::unique_ptr<Block>* out) {
  if (size < 4) return Status::Corruption("block too small");
  const char* base = data.get();
  uint32_t n = DecodeFixed32(base + size - 4);
  if (n == 0) return Status::Corruption("empty block");
  if (n > (size - 4) / 4) return Status::Corruption("bad entry count");
  const char* offsets = base + size - 4 - 4 * size_t{n};
  const char* limit = offsets;
  // Every entry must lie inside the entry area; then accessors need no
  // checks. Entries are also checked to be laid out back to back.
  uint64_t expected = 0;
  for (uint32_t i = 0; i < n; i++) {
    uint32_t off = DecodeFixed32(offsets + 4 * size_t{i});
    if (off != expected) return Status::Corruption("bad entry offset");
    const char* p = base + off;
    uint32_t klen, vlen;
    p = GetVarint32Ptr(p, limit, &klen);
    if (p == nullptr) return Status::Corruption("bad key length");
    p = GetVarint32Ptr(p, limit, &vlen);
    if (p == nullptr) return Status::Corruption("bad value length");
    if (p >= limit) return Status::Corruption("truncated entry");
    auto kind = static_cast<uint8_t>(*p);
    if (kind != static_cast<uint8_t>(EntryKind::kValue) && kind != static_cast<uint8_t>(EntryKind::kTombstone)) {
      return Status::Corruption("bad entry kind");
    }
    p++;
    if (uint64_t{klen} + vlen > static_cast<uint64_t>(limit - p)) {
      return Status::Corruption("entry past end of block");
    }
    expected = static_cast<uint64_t>(p - base) + klen + vlen;
  }
  if (expected != static_cast<uint64_t>(limit - base)) {
    return Status::Corruption("trailing bytes in block");
  }
  out->reset(new Block(std::move(data), size, n));
  return Status::OK();
}

int64_t Block::ScanFor(std::string_view target, uint32_t offset, uint32_t first, uint32_t count, Entry* entry) const {
  const char* p = data_.get() + offset;
  for (uint32_t i = 0; i < count; i++) {
    uint32_t klen, vlen;
    p = GetVarint32PtrFast(p, data_end_, &klen);
    p = GetVarint32PtrFast(p, data_end_, &vlen);
    std::string_view key(p + 1, klen);
    int c = key.compare(target);
    if (c == 0) {
      entry->kind = static_cast<EntryKind>(*p);
      entry->key = key;
      entry->value = std::string_view(p + 1 + klen, vlen);
      return int64_t{first} + i;
    }
    if (c > 0) break;
    p += 1 + klen + vlen;
  }
  return -1;
}

int64_t Block::FindInRange(std::string_view target, uint32_t lo, uint32_t hi, Entry* entry) const {
  constexpr uint32_t kPrefetchMax = 32;
  if (hi - lo <= kPrefetchMax) {
    const char* base = data_.get();
    for (uint32_t i = lo; i < hi; i++) {
      __builtin_prefetch(base + DecodeFixed32(offsets_ + 4 * i));
    }
  }
  uint32_t idx = LowerBound(target, lo, hi);
  if (idx == hi) return -1;
  Entry e = EntryAt(idx);
  if (e.key != target) return -1;
  *entry = e;
  return idx;
}

uint32_t Block::LowerBound(std::string_view target, uint32_t lo, uint32_t hi) const {
  uint32_t count = hi - lo;
  while (count > 0) {
    uint32_t step = count / 2;
    uint32_t mid = lo + step;
    if (KeyAt(mid) < target) {
      lo = mid + 1;
      count -= step + 1;
    } else {
      count = step;
    }
  }
  return lo;
}

}  // namespace zt
