#include "table/block_builder.h"

#include "util/coding.h"

namespace zt {

void BlockBuilder::Add(std::string_view key, EntryKind kind, std::string_view value) {
  if (finished_) Reset();
  PutVarint32(&buffer_, static_cast<uint32_t>(key.size()));
  PutVarint32(&buffer_, static_cast<uint32_t>(value.size()));
  buffer_.push_back(static_cast<char>(kind));
  buffer_.append(key.data(), key.size());
  std::string& section = value.size() <= inline_value_max_ ? buffer_ : values_;
  section.append(value.data(), value.size());
  entries_++;
}

std::string_view BlockBuilder::Finish() {
  if (!finished_) {
    uint32_t key_section = static_cast<uint32_t>(buffer_.size());
    buffer_.append(values_);
    PutFixed32(&buffer_, key_section);
    PutFixed32(&buffer_, entries_);
    finished_ = true;
  }
  return buffer_;
}

void BlockBuilder::Reset() {
  buffer_.clear();
  values_.clear();
  entries_ = 0;
  finished_ = false;
}

}  // namespace zt
