#include "table/part_builder.h"

#include <unistd.h>

#include "util/coding.h"

namespace zt {

PartBuilder::PartBuilder(std::string path, uint64_t file_number, const TableOptions& options, Compressor* compressor)
    : path_(std::move(path)),
      file_number_(file_number),
      options_(options),
      compressor_(compressor),
      block_(options.inline_value_max) {}

PartBuilder::~PartBuilder() = default;

Status PartBuilder::Open() { return WritableFile::Open(path_, &file_, /*append=*/false, 1 << 20); }

Status PartBuilder::Add(std::string_view key, EntryKind kind, std::string_view value) {
  size_t entry_size = key.size() + value.size() + 16;
  if (!block_.empty() && block_.SizeEstimate() + entry_size > options_.block_size) {
    Status s = FlushBlock();
    if (!s.ok()) return s;
  }
  if (block_.empty()) block_first_key_.assign(key.data(), key.size());
  if (options_.sparse_array_step > 0 && entries_ % options_.sparse_array_step == 0) {
    PutLengthPrefixed(&sparse_keys_, key);
    PutVarint32(&sparse_keys_, block_.next_entry_offset());
    num_sparse_++;
  }
  if (entries_ == 0) smallest_.assign(key.data(), key.size());
  largest_.assign(key.data(), key.size());
  block_.Add(key, kind, value);
  entries_++;
  if (kind == EntryKind::kTombstone) tombstones_++;
  return Status::OK();
}

Status PartBuilder::WriteBlock(std::string_view raw, BlockHandle* handle) {
  compressed_.clear();
  Compression type = options_.compression;
  if (type != Compression::kNone) {
    Status s = compressor_->Compress(type, options_.zstd_level, raw, &compressed_);
    if (!s.ok()) return s;
    // Not worth it: keep the raw bytes (no decompression on read).
    if (compressed_.size() >= raw.size() - raw.size() / 16) {
      type = Compression::kNone;
    }
  }
  std::string_view payload = type == Compression::kNone ? raw : compressed_;
  handle->offset = file_->size();
  handle->size = static_cast<uint32_t>(payload.size());
  std::string trailer;
  AppendBlockTrailer(payload, type, static_cast<uint32_t>(raw.size()), &trailer);
  Status s = file_->Append(payload);
  if (s.ok()) s = file_->Append(trailer);
  return s;
}

Status PartBuilder::FlushBlock() {
  BlockHandle handle;
  uint32_t entries = block_.entries();
  Status s = WriteBlock(block_.Finish(), &handle);
  if (!s.ok()) return s;
  PutVarint64(&index_blocks_, handle.offset);
  PutVarint32(&index_blocks_, handle.size);
  PutVarint32(&index_blocks_, entries);
  PutLengthPrefixed(&index_blocks_, block_first_key_);
  num_blocks_++;
  block_.Reset();
  return Status::OK();
}

Status PartBuilder::Finish(PartMeta* meta) {
  if (entries_ == 0) return Status::InvalidArgument("empty part " + path_);
  Status s;
  if (!block_.empty()) {
    s = FlushBlock();
    if (!s.ok()) return s;
  }
  std::string index;
  PutVarint64(&index, entries_);
  PutVarint64(&index, tombstones_);
  PutVarint32(&index, num_blocks_);
  PutVarint32(&index, options_.sparse_array_step);
  PutVarint32(&index, num_sparse_);
  PutLengthPrefixed(&index, smallest_);
  PutLengthPrefixed(&index, largest_);
  index.append(index_blocks_);
  index.append(sparse_keys_);
  Footer footer;
  footer.inline_value_max = options_.inline_value_max;
  s = WriteBlock(index, &footer.index);
  if (!s.ok()) return s;
  std::string encoded;
  footer.EncodeTo(&encoded);
  s = file_->Append(encoded);
  if (s.ok()) s = file_->Sync();
  if (s.ok()) s = file_->Close();
  if (!s.ok()) return s;
  meta->file_number = file_number_;
  meta->entries = entries_;
  meta->tombstones = tombstones_;
  meta->file_size = file_->size();
  meta->smallest_key = smallest_;
  meta->largest_key = largest_;
  return Status::OK();
}

void PartBuilder::Abandon() {
  if (file_) {
    file_->Close();
    file_.reset();
  }
  ::unlink(path_.c_str());
}

}  // namespace zt
