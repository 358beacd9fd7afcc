// Builds the decompressed form of a data block (see format.h).
#ifndef ZT_TABLE_BLOCK_BUILDER_H_
#define ZT_TABLE_BLOCK_BUILDER_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "table/format.h"

namespace zt {

class BlockBuilder {
 public:
  // Values of at most inline_value_max bytes go in the key section, next to
  // their keys (see format.h).
  explicit BlockBuilder(uint32_t inline_value_max) : inline_value_max_(inline_value_max) {}

  // REQUIRES: key greater than every key added since Reset().
  void Add(std::string_view key, EntryKind kind, std::string_view value);
  // Size of the block if finished now: keys, values and the two fixed32
  // trailer fields.
  size_t SizeEstimate() const { return finished_ ? buffer_.size() : buffer_.size() + values_.size() + 8; }
  uint32_t entries() const { return entries_; }
  // Key-section offset the next Add() will write its entry header at.
  uint32_t next_entry_offset() const { return finished_ ? 0 : static_cast<uint32_t>(buffer_.size()); }
  bool empty() const { return entries_ == 0; }
  // The finished block; valid until the next Add/Reset.
  std::string_view Finish();
  void Reset();

 private:
  std::string buffer_;  // key section (then, once finished, the whole block)
  std::string values_;  // value section
  uint32_t inline_value_max_;
  uint32_t entries_ = 0;
  bool finished_ = false;
};

}  // namespace zt

#endif  // ZT_TABLE_BLOCK_BUILDER_H_
