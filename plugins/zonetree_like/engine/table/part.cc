#include "table/part.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>

#include "table/part_registry.h"
#include "util/coding.h"
#include "util/prefetch.h"

namespace zt {

struct Part::Index {
  Buffer raw;  // backs the string_views below
  uint64_t entries = 0, tombstones = 0;
  uint64_t file_size = 0;
  uint32_t inline_value_max = 0;  // the footer's
  uint32_t step = 0;
  std::string_view smallest, largest;
  std::vector<BlockInfo> blocks;
  std::vector<std::string_view> first_keys;
  std::vector<std::pair<std::string_view, uint32_t>> sparse_keys;
};

Part::Part(std::string path, PartMeta meta, std::shared_ptr<BlockCache> cache, uint64_t cache_id)
    : path_(std::move(path)),
      meta_(std::move(meta)),
      cache_(std::move(cache)),
      cache_id_(cache_id != 0 ? cache_id : cache_->NewId()) {}

Part::~Part() {
  cache_->EraseId(cache_id_);
  file_.reset();
  if (obsolete_ && live_uses_ == 0) ::unlink(path_.c_str());
  if (registered_) cache_->parts()->Forget(path_);
}

Status Part::Load(const std::string& path, uint64_t file_number, std::unique_ptr<RandomAccessFile>* file,
                  Index* index) {
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
  index->inline_value_max = footer.inline_value_max;
  if (footer.index.offset > footer_offset ||
      uint64_t{footer.index.size} + kBlockTrailerSize != footer_offset - footer.index.offset) {
    return CorruptionAt(file_number, footer_offset, "bad index handle");
  }
  size_t raw_size;
  s = ReadRawBlock(f, file_number, footer.index, &index->raw, &raw_size);
  if (!s.ok()) return s;

  auto bad = [&](const char* what) {
    return CorruptionAt(file_number, footer.index.offset, std::string("index: ") + what);
  };
  std::string_view in(index->raw.get(), raw_size);
  uint32_t num_blocks, num_sparse;
  if (!GetVarint64(&in, &index->entries) || !GetVarint64(&in, &index->tombstones) || !GetVarint32(&in, &num_blocks) ||
      !GetVarint32(&in, &index->step) || !GetVarint32(&in, &num_sparse) || !GetLengthPrefixed(&in, &index->smallest) ||
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
    if (!GetVarint64(&in, &b.offset) || !GetVarint32(&in, &b.size) || !GetVarint32(&in, &b.entries) ||
        !GetLengthPrefixed(&in, &first_key)) {
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
    b.sparse_begin = b.sparse_end = 0;
    index->first_keys.push_back(first_key);
    index->blocks.push_back(b);
    prev_key = first_key;
  }
  if (expected_offset != footer.index.offset) return bad("blocks do not tile");
  if (ordinal != index->entries) return bad("entry count mismatch");
  if (index->largest < prev_key) return bad("largest key");
  uint64_t want_sparse = index->step == 0 ? 0 : (index->entries + index->step - 1) / index->step;
  if (num_sparse != want_sparse) return bad("sparse key count");
  index->sparse_keys.reserve(num_sparse);
  for (uint32_t i = 0; i < num_sparse; i++) {
    std::string_view key;
    uint32_t byte_offset;
    if (!GetLengthPrefixed(&in, &key) || !GetVarint32(&in, &byte_offset)) {
      return bad("truncated sparse keys");
    }
    if (i == 0 ? key != index->smallest || byte_offset != 0
               : !(index->sparse_keys.back().first < key) || index->largest < key) {
      return bad("sparse keys out of order");
    }
    index->sparse_keys.emplace_back(key, byte_offset);
  }
  if (!in.empty()) return bad("trailing bytes");
  return Status::OK();
}

Status ReadPartMeta(const std::string& dir, uint64_t file_number, PartMeta* meta) {
  std::unique_ptr<RandomAccessFile> file;
  Part::Index index;
  Status s = Part::Load(PartFileName(dir, file_number), file_number, &file, &index);
  if (!s.ok()) return s;
  meta->file_number = file_number;
  meta->entries = index.entries;
  meta->tombstones = index.tombstones;
  meta->file_size = index.file_size;
  meta->smallest_key = index.smallest;
  meta->largest_key = index.largest;
  return Status::OK();
}

void Part::BuildDirectory(const Index& index) {
  part_lcp_ = CommonPrefix(meta_.smallest_key, meta_.largest_key);
  dir_.resize(blocks_.size());
  index_keys_.clear();
  for (size_t b = 0; b < blocks_.size(); b++) {
    std::string_view key = index.first_keys[b];
    DirEntry& d = dir_[b];
    d.window = KeyWindow(key, part_lcp_);
    d.key_offset = static_cast<uint32_t>(index_keys_.size());
    d.key_size = static_cast<uint32_t>(key.size());
    index_keys_.append(key.data(), key.size());
    d.entries = blocks_[b].entries;
    std::string_view upper = b + 1 < blocks_.size() ? index.first_keys[b + 1] : std::string_view(meta_.largest_key);
    d.block_lcp = CommonPrefix(key, upper);
  }
}

void Part::FinishDirectory() {
  dir_top_.clear();
  for (size_t b = 0; b < blocks_.size(); b++) {
    dir_[b].sparse_begin = blocks_[b].sparse_begin;
    dir_[b].sparse_end = blocks_[b].sparse_end;
    if (b % kDirFanout == 0) dir_top_.push_back(dir_[b]);
  }
}

void Part::FitGuesses() {
  // A block's line needs the next block's first key (the last block of a
  // part has none) and a sparse entry past index 0 to measure its bytes.
  for (size_t b = 0; b + 1 < dir_.size(); b++) {
    DirEntry& d = dir_[b];
    d.entry_bytes = 0;
    if (d.sparse_end == d.sparse_begin || d.entries == 0) continue;
    const uint64_t w0 = d.window, w1 = dir_[b + 1].window;
    const SparseEntry& last = sparse_[d.sparse_end - 1];
    if (w1 <= w0 || last.index == 0 || sparse_[d.sparse_begin].index > UINT16_MAX) continue;
    const double per_window = static_cast<double>(d.entries) / static_cast<double>(w1 - w0);
    const float entry_bytes = static_cast<float>(last.byte_offset) / static_cast<float>(last.index);
    bool fits = true;
    float slack = 0;
    for (uint32_t i = d.sparse_begin; i < d.sparse_end && fits; i++) {
      const SparseEntry& e = sparse_[i];
      const uint64_t w = KeyWindow(SparseKey(i), part_lcp_);
      const double index = static_cast<double>(w - w0) * per_window;  // w >= w0: a key of this block
      slack = std::max(slack, std::abs(static_cast<float>(e.index) * entry_bytes - static_cast<float>(e.byte_offset)));
      fits = std::abs(index - e.index) <= 1.0 && slack <= kMaxGuessSlack;
    }
    if (!fits) continue;
    d.entry_bytes = entry_bytes;
    d.first_sparse_index = static_cast<uint16_t>(sparse_[d.sparse_begin].index);
    // Keys between the sparse ones stray a little further.
    d.guess_slack = static_cast<uint16_t>(slack + kCacheLineBytes / 2);
  }
}

void Part::PrefetchGuess(uint32_t b, std::string_view key, const char* hint) const {
  const DirEntry& d = dir_[b];
  const uint64_t w0 = d.window, w1 = dir_[b + 1].window, w = KeyWindow(key, part_lcp_);
  if (w < w0 || w >= w1) return;  // a key that tied on the window: no guess
  const uint32_t at = static_cast<uint32_t>(static_cast<double>(w - w0) / static_cast<double>(w1 - w0) * d.entries);
  // Its bracket starts at the last sparse entry at or before it.
  const uint32_t start = at < d.first_sparse_index ? 0 : at - (at - d.first_sparse_index) % step_;
  const uint32_t begin = static_cast<uint32_t>(static_cast<float>(start) * d.entry_bytes);
  const uint32_t end = static_cast<uint32_t>(static_cast<float>(at + 2) * d.entry_bytes) + d.guess_slack;
  Block::PrefetchRange(hint, begin > d.guess_slack ? begin - d.guess_slack : 0, end, kBracketLines);
}

Status Part::BuildSparse(const Index& index, uint32_t step) {
  step_ = step;
  sparse_.clear();
  sparse_keys_.clear();
  sparse_key_ends_.clear();
  for (BlockInfo& b : blocks_) b.sparse_begin = b.sparse_end = 0;
  if (step == 0) return Status::OK();
  uint32_t last_block = 0;  // of the last entry added
  auto add = [&](std::string_view key, uint32_t block, uint32_t idx, uint32_t byte_offset) {
    SparseEntry e;
    e.window = KeyWindow(key, dir_[block].block_lcp);
    e.index = idx;
    e.byte_offset = byte_offset;
    sparse_keys_.append(key.data(), key.size());
    sparse_key_ends_.push_back(static_cast<uint32_t>(sparse_keys_.size()));
    if (sparse_.empty() || last_block != block) {
      blocks_[block].sparse_begin = static_cast<uint32_t>(sparse_.size());
      last_block = block;
    }
    sparse_.push_back(e);
    blocks_[block].sparse_end = static_cast<uint32_t>(sparse_.size());
  };
  sparse_.reserve((index.entries + step - 1) / step);
  sparse_key_ends_.reserve(sparse_.capacity());
  if (index.step != 0 && step % index.step == 0) {
    // The file's keys are at multiples of its step: take every k-th.
    uint32_t k = step / index.step;
    uint32_t b = 0;
    for (size_t i = 0; i < index.sparse_keys.size(); i += k) {
      uint64_t ordinal = uint64_t{i} * index.step;
      while (ordinal >= blocks_[b].first_ordinal + blocks_[b].entries) b++;
      add(index.sparse_keys[i].first, b, static_cast<uint32_t>(ordinal - blocks_[b].first_ordinal),
          index.sparse_keys[i].second);
    }
    return Status::OK();
  }
  // Written with another step: rebuild from the blocks (once, at open).
  for (uint32_t b = 0; b < blocks_.size(); b++) {
    std::unique_ptr<Block> block;
    Status s = ReadBlock(b, &block);
    if (!s.ok()) return s;
    uint64_t first = blocks_[b].first_ordinal;
    uint64_t ordinal = (first + step - 1) / step * step;
    for (; ordinal < first + blocks_[b].entries; ordinal += step) {
      uint32_t idx = static_cast<uint32_t>(ordinal - first);
      add(block->KeyAt(idx), b, idx, block->OffsetOf(idx));
    }
  }
  return Status::OK();
}

Status Part::Open(const std::string& dir, const PartMeta& meta, const TableOptions& options,
                  const std::shared_ptr<BlockCache>& cache, std::shared_ptr<Part>* out) {
  std::string path = PartFileName(dir, meta.file_number);
  const uint64_t reserved_id = cache->parts()->TakeCacheId(path);
  bool opened = false;
  auto open = [&](std::shared_ptr<Part>* part) -> Status {
    opened = true;
    std::unique_ptr<Part> p(new Part(path, meta, cache, reserved_id));
    Index index;
    Status s = Load(path, meta.file_number, &p->file_, &index);
    if (!s.ok()) return s;
    if (index.entries != meta.entries || index.tombstones != meta.tombstones || index.file_size != meta.file_size ||
        index.smallest != meta.smallest_key || index.largest != meta.largest_key) {
      return CorruptionAt(meta.file_number, 0, "part file does not match its metadata");
    }
    p->inline_value_max_ = index.inline_value_max;
    p->blocks_ = std::move(index.blocks);
    p->BuildDirectory(index);
    s = p->BuildSparse(index, options.sparse_array_step);
    if (!s.ok()) return s;
    p->FinishDirectory();
    p->FitGuesses();
    if (reserved_id != 0) p->AdoptCachedBlocks();
    p->registered_ = true;
    part->reset(p.release());
    return Status::OK();
  };
  std::shared_ptr<Part> part;
  Status s = cache->parts()->FindOrOpen(path, open, &part);
  // Blocks cached under an id that no part took (the file was open already,
  // or failed to open) are never read.
  if (reserved_id != 0 && (!opened || !s.ok())) cache->EraseId(reserved_id);
  if (!s.ok()) return s;
  const PartMeta& m = part->meta();
  if (m.entries != meta.entries || m.tombstones != meta.tombstones || m.file_size != meta.file_size ||
      m.smallest_key != meta.smallest_key || m.largest_key != meta.largest_key) {
    return CorruptionAt(meta.file_number, 0, "part file does not match its metadata");
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
         (dir_.capacity() + dir_top_.capacity()) * sizeof(DirEntry) + index_keys_.capacity() +
         sparse_.capacity() * sizeof(SparseEntry) + sparse_keys_.capacity() +
         sparse_key_ends_.capacity() * sizeof(uint32_t);
}

Status Part::ReadBlock(uint32_t b, std::unique_ptr<Block>* out) const {
  const BlockInfo& info = blocks_[b];
  Buffer raw;
  size_t raw_size;
  Status s = ReadRawBlock(*file_, meta_.file_number, BlockHandle{info.offset, info.size}, &raw, &raw_size);
  if (!s.ok()) return s;
  s = Block::Parse(std::move(raw), raw_size, inline_value_max_, out);
  if (!s.ok()) return CorruptionAt(meta_.file_number, info.offset, s.message());
  if ((*out)->num_entries() != info.entries || (*out)->KeyAt(0) != block_first_key(b)) {
    return CorruptionAt(meta_.file_number, info.offset, "block does not match the index");
  }
  return Status::OK();
}

bool Part::AgreesWithIndex(uint32_t b, const Block& block) const {
  const BlockInfo& info = blocks_[b];
  if (block.num_entries() != info.entries || block.KeyAt(0) != block_first_key(b)) return false;
  for (uint32_t i = info.sparse_begin; i < info.sparse_end; i++) {
    const SparseEntry& e = sparse_[i];
    if (block.OffsetOf(e.index) != e.byte_offset || block.KeyAt(e.index) != SparseKey(i)) return false;
  }
  return true;
}

void Part::AdoptCachedBlocks() {
  for (uint32_t b = 0; b < blocks_.size(); b++) {
    BlockCache::Handle* h = cache_->Adopt(cache_id_, blocks_[b].offset, &dir_[b].slot);
    if (h == nullptr) continue;
    const bool agrees = AgreesWithIndex(b, *BlockCache::Value(h));
    if (agrees) NoteBlockData(b, *BlockCache::Value(h));
    cache_->Release(h);
    if (!agrees) cache_->Erase(cache_id_, blocks_[b].offset);
  }
}

Status Part::GetBlock(uint32_t b, bool fill_cache, PinnedBlock* pin) const {
  BlockCache* cache = cache_.get();
  const BlockInfo& info = blocks_[b];
  BlockCache::Handle** slot = &dir_[b].slot;
  // A read that does not fill the cache (a merge's, a verifying scan's) does
  // not count as use either: see BlockCache::Lookup.
  BlockCache::Handle* h = cache->Lookup(cache_id_, info.offset, slot, /*use=*/fill_cache);
  if (h == nullptr) {
    std::unique_ptr<Block> block;
    Status s = ReadBlock(b, &block);
    if (!s.ok()) return s;
    // Point lookups trust the sparse entries' byte offsets: check them
    // against the block once, when it is loaded.
    if (!AgreesWithIndex(b, *block)) {
      return CorruptionAt(meta_.file_number, info.offset, "sparse array does not match the block");
    }
    h = fill_cache ? cache->Insert(cache_id_, info.offset, std::move(block), slot) : cache->Wrap(std::move(block));
  }
  // Only a block linked to its slot is cached: a private copy (fill_cache
  // off, a cache without room for it) is freed when released.
  if (h == __atomic_load_n(slot, __ATOMIC_RELAXED)) NoteBlockData(b, *BlockCache::Value(h));
  *pin = PinnedBlock(cache, h);
  return Status::OK();
}

namespace {

// upper_bound over entries [lo, hi): the first one whose key is > target.
// Without branches on the comparisons: a random key's are coin flips, which
// a branch predictor gets wrong half the time (each miss costs more than the
// step itself when the entries are in the CPU's cache); a select keeps only
// the load of each step on the critical path.
template <typename Entry, typename Less>
size_t UpperBound(const Entry* entries, size_t lo, size_t hi, const Less& target_less_than) {
  if (lo == hi) return lo;
  const Entry* base = entries + lo;
  size_t n = hi - lo;
  while (n > 1) {
    const size_t half = n / 2;
    base += half * static_cast<size_t>(!target_less_than(base[half]));
    n -= half;
  }
  return static_cast<size_t>(base - entries) + static_cast<size_t>(!target_less_than(*base));
}

}  // namespace

int64_t Part::BlockFor(std::string_view key, bool in_range) const {
  const uint64_t window = KeyWindow(key, part_lcp_);
  auto windowed = [&](const DirEntry& d) { return WindowLess(window, key, d.window, DirKey(d), part_lcp_); };
  auto plain = [&](const DirEntry& d) { return key < DirKey(d); };
  size_t n = dir_.size();
  if (in_range) {
    const uint32_t last = last_block_.load(std::memory_order_relaxed);
    if (last < n && !windowed(dir_[last]) && (last + 1 == n || windowed(dir_[last + 1]))) return last;
  }
  // Two levels: the top (every kDirFanout-th block, small and hot) picks a
  // run of kDirFanout entries, fetched together, then searched.
  size_t lo = 0, hi = n;
  if (n > kDirFanout) {
    size_t t = in_range ? UpperBound(dir_top_.data(), 0, dir_top_.size(), windowed)
                        : UpperBound(dir_top_.data(), 0, dir_top_.size(), plain);
    if (t == 0) return -1;
    lo = (t - 1) * kDirFanout;
    hi = std::min(n, lo + kDirFanout);
    PrefetchLines(dir_.data() + lo, dir_.data() + hi);
  }
  size_t r = in_range ? UpperBound(dir_.data(), lo, hi, windowed) : UpperBound(dir_.data(), lo, hi, plain);
  if (in_range && r > 0) last_block_.store(static_cast<uint32_t>(r - 1), std::memory_order_relaxed);
  return static_cast<int64_t>(r) - 1;
}

bool Part::AnyBlockCached(std::string_view first, std::string_view last) const {
  if (meta_.largest_key < first || last < meta_.smallest_key) return false;
  const int64_t start = BlockFor(first, false);
  for (size_t b = start < 0 ? 0 : static_cast<size_t>(start); b < dir_.size(); b++) {
    if (last < DirKey(dir_[b])) break;
    if (BlockCached(static_cast<uint32_t>(b))) return true;
  }
  return false;
}

void Part::DemoteBlocksWithin(std::string_view first, std::string_view last, int64_t unused_since_ms) const {
  if (meta_.largest_key < first || last < meta_.smallest_key) return;
  // Block b's keys end before block b + 1's first key, the last block's at
  // the part's largest key: a block that ends at `last` exactly is known to
  // end there only at the next call, hence the start one block before
  // `first`'s.
  const int64_t start = BlockFor(first, false) - 1;
  for (size_t b = start < 0 ? 0 : static_cast<size_t>(start); b < dir_.size(); b++) {
    const std::string_view end = b + 1 < dir_.size() ? DirKey(dir_[b + 1]) : std::string_view(meta_.largest_key);
    if (last < end) break;
    if (BlockCached(static_cast<uint32_t>(b))) cache_->Demote(cache_id_, blocks_[b].offset, unused_since_ms);
  }
}

Part::Bracket Part::BracketFor(const DirEntry& info, std::string_view key, uint64_t window) const {
  // Last sparse entry of this block whose key is <= key. A run of up to
  // kSparseFetch entries is fetched all at once, then searched. A longer one
  // (a block of small records) in two rounds: kSparseProbes evenly spaced
  // entries pick a stretch of it, which is then fetched and searched.
  const uint32_t lcp = info.block_lcp;
  // Sparse entry i is at or before key.
  auto after = [&](uint32_t i) { return !WindowLess(window, key, sparse_[i].window, SparseKey(i), lcp); };
  uint32_t first = info.sparse_begin, count = info.sparse_end - info.sparse_begin;
  if (count > kSparseFetch) {
    const uint32_t stride = (count + kSparseProbes) / (kSparseProbes + 1);
    uint32_t probes = 0;
    for (uint32_t i = stride; i < count && probes < kSparseProbes; i += stride, probes++) {
      __builtin_prefetch(&sparse_[first + i]);
    }
    uint32_t skip = 0;  // probes at or before key
    while (skip < probes && after(first + (skip + 1) * stride)) skip++;
    first += skip * stride;
    count = skip < probes ? stride : count - skip * stride;
  }
  PrefetchLines(sparse_.data() + first, sparse_.data() + first + std::min(count, kSparseFetch));
  // The first entry after key, as in UpperBound (without branches).
  if (count > 0) {
    while (count > 1) {
      const uint32_t half = count / 2;
      first += half * static_cast<uint32_t>(after(first + half));
      count -= half;
    }
    first += static_cast<uint32_t>(after(first));
  }
  Bracket bracket;
  if (first == info.sparse_begin) {
    // Before the block's first sparse key: the tail of the previous
    // bracket, which starts at the top of this block.
    bracket.lo = 0;
    bracket.begin = 0;
    if (info.sparse_end > info.sparse_begin) {
      bracket.hi = sparse_[info.sparse_begin].index;
      bracket.end = sparse_[info.sparse_begin].byte_offset;
    } else {
      bracket.hi = info.entries;
    }
  } else {
    const SparseEntry& e = sparse_[first - 1];
    bracket.lo = e.index;
    bracket.begin = e.byte_offset;
    bracket.hi = static_cast<uint32_t>(std::min<uint64_t>(info.entries, uint64_t{bracket.lo} + step_));
    if (first < info.sparse_end) {
      bracket.end = sparse_[first].byte_offset;
      // Keys spread evenly: the key's window places it between the two
      // sparse keys, and the fetch can stop an entry past that.
      const uint64_t lo_window = e.window, hi_window = sparse_[first].window;
      if (info.entry_bytes > 0 && hi_window > lo_window && window >= lo_window) {
        const double at = static_cast<double>(window - lo_window) / static_cast<double>(hi_window - lo_window);
        const uint32_t entries = bracket.hi - bracket.lo, bytes = bracket.end - bracket.begin;
        const double want = (at * entries + 2.0) * bytes / entries;
        if (want < bytes) bracket.fetch_end = bracket.begin + static_cast<uint32_t>(want);
      }
    }
  }
  return bracket;
}

Status Part::PinBracket(uint32_t b, const Bracket& bracket, bool point, bool fill_cache, PinnedBlock* pin) const {
  // The bracket's bytes are contiguous: fetch them in one go, then walk
  // them (no per-entry offset lookups, no waiting per step). Asked for
  // where the block was last seen (DirEntry::data_hint) before its handle
  // is in hand, and again from the block only if it is elsewhere now. A
  // block's last bracket ends where its key section does, which only the
  // block knows: through the hint, that one is asked for up to the limit.
  const uint32_t begin = bracket.begin, end = point && bracket.fetch_end != 0 ? bracket.fetch_end : bracket.end;
  const char* hint = __atomic_load_n(&dir_[b].data_hint, __ATOMIC_RELAXED);
  if (hint != nullptr) {
    const uint32_t hint_end = end != 0 ? end : begin + kBracketLines * uint32_t{kCacheLineBytes};
    Block::PrefetchRange(hint, begin, hint_end, kBracketLines);
  }
  Status s = GetBlock(b, fill_cache, pin);
  if (!s.ok()) return s;
  const Block* block = pin->block();
  if (block->data() != hint) block->PrefetchRange(begin, end == 0 ? block->entries_end() : end, kBracketLines);
  return Status::OK();
}

Status Part::Find(std::string_view key, bool* found, Location* loc, PinnedBlock* pin, Block::Entry* entry) const {
  *found = false;
  if (sparse_.empty()) {
    int64_t candidate = BlockFor(key, true);
    if (candidate < 0) return Status::OK();
    uint32_t b = static_cast<uint32_t>(candidate);
    Status s = GetBlock(b, true, pin);
    if (!s.ok()) return s;
    int64_t idx = pin->block()->FindInRange(key, 0, blocks_[b].entries, entry);
    if (idx >= 0) {
      *found = true;
      *loc = Location{b, static_cast<uint32_t>(idx)};
    } else {
      pin->Reset();
    }
    return Status::OK();
  }
  // The block first (its directory is small and cache resident), then the
  // sparse bracket inside it: the key can only be between a sparse key and
  // the next one, at most step - 1 entries further.
  int64_t candidate = BlockFor(key, true);
  if (candidate < 0) return Status::OK();
  uint32_t b = static_cast<uint32_t>(candidate);
  const DirEntry& info = dir_[b];
  // The block's handle is needed after the search: fetch it meanwhile, and
  // the bytes where the key should be when the block's keys allow a guess.
  BlockCache::PrefetchSlot(&info.slot);
  if (info.entry_bytes > 0) {
    const char* hint = __atomic_load_n(&info.data_hint, __ATOMIC_RELAXED);
    if (hint != nullptr) PrefetchGuess(b, key, hint);
  }
  const uint64_t window = KeyWindow(key, info.block_lcp);
  const Bracket bracket = BracketFor(info, key, window);
  if (bracket.lo >= bracket.hi) return Status::OK();
  Status s = PinBracket(b, bracket, true, true, pin);
  if (!s.ok()) return s;
  int64_t idx =
      pin->block()->ScanFor(key, info.block_lcp, window, bracket.begin, bracket.lo, bracket.hi - bracket.lo, entry);
  if (idx >= 0) {
    *found = true;
    *loc = Location{b, static_cast<uint32_t>(idx)};
  } else {
    pin->Reset();
  }
  return Status::OK();
}

Status Part::Seek(std::string_view key, bool fill_cache, Location* loc, PinnedBlock* pin) const {
  pin->Reset();
  // Outside [smallest, largest] the answer needs no block; inside, the
  // block and its sparse bracket are found as a point lookup finds them,
  // and the first entry >= key is in that bracket or is the one after it
  // (the next sparse key, > key): one round of memory loads for the
  // bracket instead of a binary search's one per step over the block.
  if (key <= meta_.smallest_key) {
    *loc = Location{0, 0};
    return Status::OK();
  }
  if (meta_.largest_key < key) {
    *loc = Location{num_blocks(), 0};
    return Status::OK();
  }
  const uint32_t b = static_cast<uint32_t>(BlockFor(key, true));  // >= 0: smallest < key
  const DirEntry& info = dir_[b];
  uint32_t idx;
  if (sparse_.empty()) {
    Status s = GetBlock(b, fill_cache, pin);
    if (!s.ok()) return s;
    idx = pin->block()->LowerBound(key, 0, info.entries);
  } else {
    BlockCache::PrefetchSlot(&info.slot);
    const uint64_t window = KeyWindow(key, info.block_lcp);
    const Bracket bracket = BracketFor(info, key, window);
    Status s = PinBracket(b, bracket, false, fill_cache, pin);
    if (!s.ok()) return s;
    idx = pin->block()->LowerBoundFrom(key, info.block_lcp, window, bracket.begin, bracket.lo, bracket.hi - bracket.lo);
  }
  if (idx == info.entries) {
    pin->Reset();
    *loc = Location{b + 1, 0};
  } else {
    *loc = Location{b, idx};
  }
  return Status::OK();
}

}  // namespace zt
