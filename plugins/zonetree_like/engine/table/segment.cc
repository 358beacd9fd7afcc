#include "table/segment.h"

#include <algorithm>

#include "table/key_window.h"
#include "table/part.h"
#include "table/record_cache.h"

namespace zt {

Segment::Segment(std::string dir, TableOptions options, std::shared_ptr<BlockCache> cache)
    : dir_(std::move(dir)), options_(options), cache_(std::move(cache)) {}

// The parts delete their files (if obsolete) when their last holder, maybe
// another segment or an iterator, lets go.
Segment::~Segment() = default;

Status Segment::Open(std::string dir, std::vector<PartMeta> parts, TableOptions options,
                     std::shared_ptr<BlockCache> cache, std::shared_ptr<Segment>* out) {
  if (!cache) return Status::InvalidArgument("Segment::Open: no block cache");
  for (size_t i = 0; i < parts.size(); i++) {
    if (parts[i].entries == 0 || parts[i].largest_key < parts[i].smallest_key ||
        (i > 0 && !(parts[i - 1].largest_key < parts[i].smallest_key))) {
      return Status::InvalidArgument("Segment::Open: parts not ordered or overlapping (file " +
                                     std::to_string(parts[i].file_number) + ")");
    }
  }
  std::shared_ptr<Segment> seg(new Segment(std::move(dir), options, cache));
  seg->parts_.reserve(parts.size());
  for (const PartMeta& meta : parts) {
    std::shared_ptr<Part> part;
    Status s = Part::Open(seg->dir_, meta, options, cache, &part);
    if (!s.ok()) return s;
    seg->parts_.push_back(std::move(part));
    seg->entries_ += meta.entries;
    seg->tombstones_ += meta.tombstones;
    seg->file_bytes_ += meta.file_size;
  }
  // Count live uses only once every part opened, so a failed open never
  // marks anything obsolete.
  for (auto& part : seg->parts_) part->AddLiveUse();
  seg->metas_ = std::move(parts);
  if (options.key_cache_size > 0) {
    seg->key_cache_.reset(new KeyCache(options.key_cache_size));
  }
  if (options.value_cache_size > 0) {
    seg->value_cache_.reset(new ValueCache(options.value_cache_size));
  }
  *out = std::move(seg);
  return Status::OK();
}

void Segment::MarkObsolete() {
  if (obsolete_.exchange(true, std::memory_order_acq_rel)) return;
  for (auto& part : parts_) part->DropLiveUse();
}

size_t Segment::FindPart(std::string_view key) const {
  size_t n = metas_.size();
  size_t lo = 0;
  if (n > 1) {
    // First part whose largest key is >= key.
    size_t count = n;
    while (count > 0) {
      size_t step = count / 2;
      if (CompareKeys(metas_[lo + step].largest_key, key) < 0) {
        lo += step + 1;
        count -= step + 1;
      } else {
        count = step;
      }
    }
  }
  if (lo == n || CompareKeys(key, metas_[lo].smallest_key) < 0 || CompareKeys(metas_[lo].largest_key, key) < 0) {
    return n;
  }
  return lo;
}

Status Segment::Get(std::string_view key, EntryKind* kind, void (*sink)(void*, std::string_view), void* ctx) const {
  const uint64_t hash = (value_cache_ || key_cache_) ? HashKey(key) : uint64_t{0};
  if (value_cache_ && value_cache_->Lookup(hash, key, kind, sink, ctx)) {
    return Status::OK();
  }
  PinnedBlock pin;
  KeyCache::Location where;
  Block::Entry entry;
  bool remembered = false;  // the key cache knew where the record is
  if (key_cache_ && key_cache_->Lookup(hash, &where)) {
    Status s = parts_[where.part]->GetBlock(where.block, true, &pin);
    if (!s.ok()) return s;
    entry = pin.block()->EntryAt(where.index);
    remembered = entry.key == key;
    if (!remembered) pin.Reset();  // another key with the same hash
  }
  if (!remembered) {
    size_t p = FindPart(key);
    bool found = false;
    Part::Location loc;
    if (p < parts_.size()) {
      Status s = parts_[p]->Find(key, &found, &loc, &pin, &entry);
      if (!s.ok()) return s;
    }
    if (!found) return Status::NotFound();
    if (key_cache_) key_cache_->Insert(hash, KeyCache::Location{static_cast<uint32_t>(p), loc.block, loc.index});
  }
  *kind = entry.kind;
  if (entry.kind == EntryKind::kValue) sink(ctx, entry.value);
  // Admission: a record enters the value cache on its second read (or on
  // every read when there is no key cache to tell).
  if (value_cache_ && (remembered || !key_cache_)) value_cache_->Insert(hash, key, entry.kind, entry.value);
  return Status::OK();
}

std::vector<Segment::BlockRef> Segment::BlocksOverlappingCached(const std::vector<const Segment*>& old) const {
  std::vector<const Part*> old_parts;
  for (const Segment* seg : old) {
    for (const auto& part : seg->parts_) old_parts.push_back(part.get());
  }
  std::vector<BlockRef> out;
  for (size_t p = 0; p < parts_.size(); p++) {
    const Part& part = *parts_[p];
    // A reused part keeps its cached blocks.
    if (std::find(old_parts.begin(), old_parts.end(), &part) != old_parts.end()) continue;
    const uint32_t n = part.num_blocks();
    for (uint32_t b = 0; b < n; b++) {
      // Block b's keys lie in [its first key, the next block's first key or the part's largest]: a bound that may
      // take in one key too many, which costs at most one block read.
      if (part.BlockCached(b)) continue;  // e.g. cached as the merge wrote it
      const std::string_view first = part.block_first_key(b);
      const std::string_view last = b + 1 < n ? part.block_first_key(b + 1) : std::string_view(part.meta().largest_key);
      for (const Part* o : old_parts) {
        if (o->AnyBlockCached(first, last)) {
          out.push_back(BlockRef{static_cast<uint32_t>(p), b});
          break;
        }
      }
    }
  }
  return out;
}

std::pair<size_t, size_t> Segment::PartsOverlapping(std::string_view first, std::string_view last) const {
  // Parts are in key order and do not overlap: from the first that ends at or after `first`.
  auto begin = std::partition_point(parts_.begin(), parts_.end(), [&](const std::shared_ptr<Part>& p) {
    return std::string_view(p->meta().largest_key) < first;
  });
  auto end = begin;
  while (end != parts_.end() && !(last < std::string_view((*end)->meta().smallest_key))) ++end;
  return {static_cast<size_t>(begin - parts_.begin()), static_cast<size_t>(end - parts_.begin())};
}

bool Segment::AnyBlockCached(std::string_view first, std::string_view last) const {
  const auto [begin, end] = PartsOverlapping(first, last);
  for (size_t p = begin; p < end; p++) {
    if (parts_[p]->AnyBlockCached(first, last)) return true;
  }
  return false;
}

void Segment::DemoteBlocksWithin(std::string_view first, std::string_view last, int64_t unused_since_ms) const {
  const auto [begin, end] = PartsOverlapping(first, last);
  for (size_t p = begin; p < end; p++) parts_[p]->DemoteBlocksWithin(first, last, unused_since_ms);
}

Status Segment::LoadBlock(BlockRef ref) const {
  if (ref.part >= parts_.size() || ref.block >= parts_[ref.part]->num_blocks()) {
    return Status::InvalidArgument("Segment::LoadBlock: no such block");
  }
  PinnedBlock pin;
  return parts_[ref.part]->GetBlock(ref.block, true, &pin);
}

std::unique_ptr<SegmentIterator> Segment::NewIterator(bool fill_cache) const {
  return std::make_unique<SegmentIterator>(shared_from_this(), 0, parts_.size(), fill_cache);
}

std::unique_ptr<SegmentIterator> Segment::NewPartIterator(size_t part_index, bool fill_cache) const {
  size_t end = part_index < parts_.size() ? part_index + 1 : part_index;
  return std::make_unique<SegmentIterator>(shared_from_this(), part_index, end, fill_cache);
}

size_t Segment::MemoryUsage() const {
  size_t total = sizeof(*this);
  for (const auto& part : parts_) total += part->MemoryUsage();
  if (key_cache_) total += key_cache_->MemoryUsage();
  if (value_cache_) total += value_cache_->MemoryUsage();
  return total;
}

Segment::CacheStats Segment::cache_stats() const {
  CacheStats stats;
  if (value_cache_) stats.value_hits = value_cache_->hits();
  if (key_cache_) stats.key_hits = key_cache_->hits();
  return stats;
}

}  // namespace zt
