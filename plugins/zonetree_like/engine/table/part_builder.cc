#include "table/part_builder.h"

#include <unistd.h>

#include <cstring>

#include "table/block.h"
#include "table/block_cache.h"
#include "table/part_registry.h"
#include "util/buffer.h"
#include "util/coding.h"

namespace zt {

PartBuilder::PartBuilder(std::string path, uint64_t file_number, const TableOptions& options, Compressor* compressor,
                         const WriteCaching* caching)
    : path_(std::move(path)),
      file_number_(file_number),
      options_(options),
      compressor_(compressor),
      caching_(caching != nullptr && caching->cache != nullptr ? caching : nullptr),
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

void PartBuilder::MaybeCacheBlock(std::string_view raw, uint64_t offset) {
  if (!caching_->wanted(block_first_key_, largest_)) return;  // largest_: the block's last key
  Buffer copy = NewBuffer(raw.size());
  std::memcpy(copy.get(), raw.data(), raw.size());
  std::unique_ptr<Block> block;
  // The builder's own bytes parse; if they did not, a reader would find and
  // report the block in the file: caching is only a hint.
  if (!Block::Parse(std::move(copy), raw.size(), options_.inline_value_max, &block).ok()) return;
  BlockCache& cache = *caching_->cache;
  if (cache_id_ == 0) cache_id_ = cache.parts()->ReserveCacheId(path_, cache.NewId());
  cache.Release(cache.Insert(cache_id_, offset, std::move(block)));
  blocks_cached_++;
  if (caching_->cached) caching_->cached(block_first_key_, largest_);
}

Status PartBuilder::FlushBlock() {
  BlockHandle handle;
  uint32_t entries = block_.entries();
  const std::string_view raw = block_.Finish();
  Status s = WriteBlock(raw, &handle);
  if (!s.ok()) return s;
  if (caching_ != nullptr) MaybeCacheBlock(raw, handle.offset);
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
  DropCachedBlocks(caching_ == nullptr ? nullptr : caching_->cache.get(), path_);
}

void DropCachedBlocks(BlockCache* cache, const std::string& path) {
  if (cache == nullptr) return;
  const uint64_t id = cache->parts()->TakeCacheId(path);
  if (id != 0) cache->EraseId(id);
}

}  // namespace zt
