// An immutable decompressed data block, validated once when parsed so that
// every accessor afterwards is bounds-safe without further checks.
#ifndef ZT_TABLE_BLOCK_H_
#define ZT_TABLE_BLOCK_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "table/format.h"
#include "util/coding.h"
#include "util/status.h"

namespace zt {

class Block {
 public:
  // Takes ownership of data[0, size). On a malformed block returns
  // Corruption with a message describing the defect (no file context).
  static Status Parse(std::unique_ptr<char[]> data, size_t size,
                      std::unique_ptr<Block>* out);

  Block(const Block&) = delete;
  Block& operator=(const Block&) = delete;

  uint32_t num_entries() const { return num_entries_; }
  size_t size() const { return size_; }

  struct Entry {
    std::string_view key;
    std::string_view value;
    EntryKind kind;
  };

  // REQUIRES: i < num_entries().
  std::string_view KeyAt(uint32_t i) const {
    const char* p = data_.get() + DecodeFixed32(offsets_ + 4 * i);
    uint32_t klen, vlen;
    p = GetVarint32PtrFast(p, data_end_, &klen);
    p = GetVarint32PtrFast(p, data_end_, &vlen);
    return std::string_view(p + 1, klen);
  }
  Entry EntryAt(uint32_t i) const {
    const char* p = data_.get() + DecodeFixed32(offsets_ + 4 * i);
    uint32_t klen, vlen;
    p = GetVarint32PtrFast(p, data_end_, &klen);
    p = GetVarint32PtrFast(p, data_end_, &vlen);
    Entry e;
    e.kind = static_cast<EntryKind>(*p);
    e.key = std::string_view(p + 1, klen);
    e.value = std::string_view(p + 1 + klen, vlen);
    return e;
  }

  // First index in [lo, hi) whose key is >= target; hi if none.
  // REQUIRES: lo <= hi <= num_entries().
  uint32_t LowerBound(std::string_view target, uint32_t lo, uint32_t hi) const;

 private:
  Block(std::unique_ptr<char[]> data, size_t size, uint32_t n);

  std::unique_ptr<char[]> data_;
  size_t size_;
  uint32_t num_entries_;
  const char* offsets_;   // num_entries_ fixed32 offsets
  const char* data_end_;  // end of the entry area (== offsets_)
};

}  // namespace zt

#endif  // ZT_TABLE_BLOCK_H_
