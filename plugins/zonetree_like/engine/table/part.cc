#include "table/part.h"

#include <unistd.h>

#include <algorithm>

#include "table/part_registry.h"
#include "util/coding.h"

namespace zt {

struct Part::Index {
  std::unique_ptr<char[]> raw;  // backs the string_views below
  uint64_t entries = 0, tombstones = 0;
  uint64_t file_size = 0;
  uint32_t step = 0;
  std::string_view smallest, largest;
  std::vector<BlockInfo> blocks;
  std::string block_keys;
  std::vector<std::string_view> sparse_keys;
};

Part::Part(std::string path, PartMeta meta, std::shared_ptr<BlockCache> cache)
    : path_(std::move(path)),
      meta_(std::move(meta)),
      cache_(std::move(cache)),
      cache_id_(cache_->NewId()) {}

Part::~Part() {
  cache_->EraseId(cache_id_);
  file_.reset();
  if (obsolete_ && live_uses_ == 0) ::unlink(path_.c_str());
  if (registered_) cache_->parts()->Forget(path_);
}

Status Part::Load(const std::string& path, uint64_t file_number,
                  std::unique_ptr<RandomAccessFile>* file, Index* index) {
  Status s = RandomAccessFile::Open(path, file);
  if (!s.ok()) return s;
  const RandomAccessFile& f = **file;
  uint64_t size = f.size();
  index->file_size = size;
  if (size < kFooterSize) return CorruptionAt(file_number, 0, "file too small");
  char footer_buf[kFooterSize];
  uint64_t footer_offset = size - kFooterSize;
  s = f.Read(footer_offset, kFooterSize, footer_buf);
  if (!s.ok()) return s;
  Footer footer;
  s = footer.DecodeFrom(std::string_view(footer_buf, kFooterSize));
  if (!s.ok()) return CorruptionAt(file_number, footer_offset, s.message());
  if (footer.index.offset > footer_offset ||
      uint64_t{footer.index.size} + kBlockTrailerSize !=
          footer_offset - footer.index.offset) {
    return CorruptionAt(file_number, footer_offset, "bad index handle");
  }
  size_t raw_size;
  s = ReadRawBlock(f, file_number, footer.index, &index->raw, &raw_size);
  if (!s.ok()) return s;

  auto bad = [&](const char* what) {
    return CorruptionAt(file_number, footer.index.offset,
                        std::string("index: ") + what);
  };
  std::string_view in(index->raw.get(), raw_size);
  uint32_t num_blocks, num_sparse;
  if (!GetVarint64(&in, &index->entries) ||
      !GetVarint64(&in, &index->tombstones) || !GetVarint32(&in, &num_blocks) ||
      !GetVarint32(&in, &index->step) || !GetVarint32(&in, &num_sparse) ||
      !GetLengthPrefixed(&in, &index->smallest) ||
      !GetLengthPrefixed(&in, &index->largest)) {
    return bad("truncated header");
  }
  // Each block record takes at least 4 bytes, each sparse key at least 1.
  if (num_blocks == 0 || num_blocks > in.size() / 4 || num_sparse > in.size()) {
    return bad("bad counts");
  }
  if (index->tombstones > index->entries) return bad("bad tombstone count");
  index->blocks.reserve(num_blocks);
  uint64_t expected_offset = 0, ordinal = 0;
  std::string_view prev_key;
  for (uint32_t i = 0; i < num_blocks; i++) {
    BlockInfo b;
    std::string_view first_key;
    if (!GetVarint64(&in, &b.offset) || !GetVarint32(&in, &b.size) ||
        !GetVarint32(&in, &b.entries) || !GetLengthPrefixed(&in, &first_key)) {
      return bad("truncated block table");
    }
    if (b.offset != expected_offset || b.entries == 0) {
      return bad("bad block table entry");
    }
    if (i > 0 && !(prev_key < first_key)) return bad("block keys out of order");
    if (i == 0 && first_key != index->smallest) return bad("smallest key");
    expected_offset = b.offset + b.size + kBlockTrailerSize;
    b.first_ordinal = ordinal;
    ordinal += b.entries;
    b.key_offset = static_cast<uint32_t>(index->block_keys.size());
    b.key_size = static_cast<uint32_t>(first_key.size());
    index->block_keys.append(first_key.data(), first_key.size());
    index->blocks.push_back(b);
    prev_key = first_key;
  }
  if (expected_offset != footer.index.offset) return bad("blocks do not tile");
  if (ordinal != index->entries) return bad("entry count mismatch");
  if (index->largest < prev_key) return bad("largest key");
  uint64_t want_sparse =
      index->step == 0 ? 0 : (index->entries + index->step - 1) / index->step;
  if (num_sparse != want_sparse) return bad("sparse key count");
  index->sparse_keys.reserve(num_sparse);
  for (uint32_t i = 0; i < num_sparse; i++) {
    std::string_view key;
    if (!GetLengthPrefixed(&in, &key)) return bad("truncated sparse keys");
    if (i == 0 ? key != index->smallest
               : !(index->sparse_keys.back() < key) || index->largest < key) {
      return bad("sparse keys out of order");
    }
    index->sparse_keys.push_back(key);
  }
  if (!in.empty()) return bad("trailing bytes");
  return Status::OK();
}

Status ReadPartMeta(const std::string& dir, uint64_t file_number,
                    PartMeta* meta) {
  std::unique_ptr<RandomAccessFile> file;
  Part::Index index;
  Status s = Part::Load(PartFileName(dir, file_number), file_number, &file,
                        &index);
  if (!s.ok()) return s;
  meta->file_number = file_number;
  meta->entries = index.entries;
  meta->tombstones = index.tombstones;
  meta->file_size = index.file_size;
  meta->smallest_key = index.smallest;
  meta->largest_key = index.largest;
  return Status::OK();
}

Status Part::BuildSparse(const Index& index, uint32_t step) {
  step_ = step;
  sparse_.clear();
  sparse_keys_.clear();
  if (step == 0) return Status::OK();
  auto add = [&](std::string_view key, uint32_t block, uint32_t idx) {
    sparse_.push_back(SparseEntry{static_cast<uint32_t>(sparse_keys_.size()),
                                  static_cast<uint32_t>(key.size()), block,
                                  idx});
    sparse_keys_.append(key.data(), key.size());
  };
  sparse_.reserve((index.entries + step - 1) / step);
  if (index.step != 0 && step % index.step == 0) {
    // The file's keys are at multiples of its step: take every k-th.
    uint32_t k = step / index.step;
    uint32_t b = 0;
    for (size_t i = 0; i < index.sparse_keys.size(); i += k) {
      uint64_t ordinal = uint64_t{i} * index.step;
      while (ordinal >= blocks_[b].first_ordinal + blocks_[b].entries) b++;
      add(index.sparse_keys[i], b,
          static_cast<uint32_t>(ordinal - blocks_[b].first_ordinal));
    }
    return Status::OK();
  }
  // Written with another step: rebuild from the blocks (once, at open).
  for (uint32_t b = 0; b < blocks_.size(); b++) {
    PinnedBlock pin;
    Status s = GetBlock(b, /*fill_cache=*/false, &pin);
    if (!s.ok()) return s;
    uint64_t first = blocks_[b].first_ordinal;
    uint64_t ordinal = (first + step - 1) / step * step;
    for (; ordinal < first + blocks_[b].entries; ordinal += step) {
      uint32_t idx = static_cast<uint32_t>(ordinal - first);
      add(pin.block()->KeyAt(idx), b, idx);
    }
  }
  return Status::OK();
}

Status Part::Open(const std::string& dir, const PartMeta& meta,
                  const TableOptions& options,
                  const std::shared_ptr<BlockCache>& cache,
                  std::shared_ptr<Part>* out) {
  std::string path = PartFileName(dir, meta.file_number);
  auto open = [&](std::shared_ptr<Part>* part) -> Status {
    std::unique_ptr<Part> p(new Part(path, meta, cache));
    Index index;
    Status s = Load(path, meta.file_number, &p->file_, &index);
    if (!s.ok()) return s;
    if (index.entries != meta.entries || index.tombstones != meta.tombstones ||
        index.file_size != meta.file_size ||
        index.smallest != meta.smallest_key ||
        index.largest != meta.largest_key) {
      return CorruptionAt(meta.file_number, 0,
                          "part file does not match its metadata");
    }
    p->blocks_ = std::move(index.blocks);
    p->index_keys_ = std::move(index.block_keys);
    s = p->BuildSparse(index, options.sparse_array_step);
    if (!s.ok()) return s;
    p->registered_ = true;
    part->reset(p.release());
    return Status::OK();
  };
  std::shared_ptr<Part> part;
  Status s = cache->parts()->FindOrOpen(path, open, &part);
  if (!s.ok()) return s;
  const PartMeta& m = part->meta();
  if (m.entries != meta.entries || m.tombstones != meta.tombstones ||
      m.file_size != meta.file_size || m.smallest_key != meta.smallest_key ||
      m.largest_key != meta.largest_key) {
    return CorruptionAt(meta.file_number, 0,
                        "part file does not match its metadata");
  }
  *out = std::move(part);
  return Status::OK();
}

void Part::AddLiveUse() {
  std::lock_guard<std::mutex> lock(live_mu_);
  live_uses_++;
  obsolete_ = false;
}

void Part::DropLiveUse() {
  std::lock_guard<std::mutex> lock(live_mu_);
  if (live_uses_ > 0) live_uses_--;
  if (live_uses_ == 0) obsolete_ = true;
}

size_t Part::MemoryUsage() const {
  return sizeof(*this) + blocks_.capacity() * sizeof(BlockInfo) +
         index_keys_.capacity() + sparse_.capacity() * sizeof(SparseEntry) +
         sparse_keys_.capacity();
}

Status Part::GetBlock(uint32_t b, bool fill_cache, PinnedBlock* pin) const {
  BlockCache* cache = cache_.get();
  const BlockInfo& info = blocks_[b];
  BlockCache::Handle* h = cache->Lookup(cache_id_, info.offset);
  if (h == nullptr) {
    std::unique_ptr<char[]> raw;
    size_t raw_size;
    Status s = ReadRawBlock(*file_, meta_.file_number,
                            BlockHandle{info.offset, info.size}, &raw,
                            &raw_size);
    if (!s.ok()) return s;
    std::unique_ptr<Block> block;
    s = Block::Parse(std::move(raw), raw_size, &block);
    if (!s.ok()) return CorruptionAt(meta_.file_number, info.offset, s.message());
    if (block->num_entries() != info.entries ||
        block->KeyAt(0) != block_first_key(b)) {
      return CorruptionAt(meta_.file_number, info.offset,
                          "block does not match the index");
    }
    h = fill_cache ? cache->Insert(cache_id_, info.offset, std::move(block))
                   : cache->Wrap(std::move(block));
  }
  *pin = PinnedBlock(cache, h);
  return Status::OK();
}

int64_t Part::BlockFor(std::string_view key) const {
  // upper_bound over first keys, minus one.
  size_t lo = 0, count = blocks_.size();
  while (count > 0) {
    size_t step = count / 2;
    size_t mid = lo + step;
    if (!(key < block_first_key(static_cast<uint32_t>(mid)))) {
      lo = mid + 1;
      count -= step + 1;
    } else {
      count = step;
    }
  }
  return static_cast<int64_t>(lo) - 1;
}

Status Part::Find(std::string_view key, bool* found, Location* loc,
                  PinnedBlock* pin) const {
  *found = false;
  uint32_t b, lo, hi;
  if (!sparse_.empty()) {
    // upper_bound over the sparse keys, minus one.
    size_t first = 0, count = sparse_.size();
    const char* keys = sparse_keys_.data();
    while (count > 0) {
      size_t step = count / 2;
      const SparseEntry& e = sparse_[first + step];
      if (!(key < std::string_view(keys + e.key_offset, e.key_size))) {
        first += step + 1;
        count -= step + 1;
      } else {
        count = step;
      }
    }
    if (first == 0) return Status::OK();
    size_t j = first - 1;
    const SparseEntry& e = sparse_[j];
    if (key == std::string_view(keys + e.key_offset, e.key_size)) {
      Status s = GetBlock(e.block, true, pin);
      if (!s.ok()) return s;
      *found = true;
      *loc = Location{e.block, e.index};
      return Status::OK();
    }
    // The key can only be at ordinals (j * step, end) of this bracket.
    uint64_t end = std::min<uint64_t>(uint64_t{j + 1} * step_, meta_.entries);
    b = e.block;
    while (b + 1 < blocks_.size() && blocks_[b + 1].first_ordinal < end &&
           !(key < block_first_key(b + 1))) {
      b++;
    }
    lo = b == e.block ? e.index + 1 : 0;
    hi = static_cast<uint32_t>(std::min<uint64_t>(
        blocks_[b].entries, end - blocks_[b].first_ordinal));
    if (lo >= hi) return Status::OK();
  } else {
    int64_t candidate = BlockFor(key);
    if (candidate < 0) return Status::OK();
    b = static_cast<uint32_t>(candidate);
    lo = 0;
    hi = blocks_[b].entries;
  }
  Status s = GetBlock(b, true, pin);
  if (!s.ok()) return s;
  uint32_t idx = pin->block()->LowerBound(key, lo, hi);
  if (idx < hi && pin->block()->KeyAt(idx) == key) {
    *found = true;
    *loc = Location{b, idx};
  } else {
    pin->Reset();
  }
  return Status::OK();
}

Status Part::Seek(std::string_view key, bool fill_cache, Location* loc,
                  PinnedBlock* pin) const {
  pin->Reset();
  int64_t candidate = BlockFor(key);
  if (candidate < 0) {
    *loc = Location{0, 0};
    return Status::OK();
  }
  uint32_t b = static_cast<uint32_t>(candidate);
  Status s = GetBlock(b, fill_cache, pin);
  if (!s.ok()) return s;
  uint32_t idx = pin->block()->LowerBound(key, 0, blocks_[b].entries);
  if (idx == blocks_[b].entries) {
    pin->Reset();
    *loc = Location{b + 1, 0};
  } else {
    *loc = Location{b, idx};
  }
  return Status::OK();
}

}  // namespace zt
