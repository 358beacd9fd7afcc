// Segment: an immutable disk segment made of ordered, non-overlapping parts.
// Thread-safe for concurrent readers.
#ifndef ZT_TABLE_SEGMENT_H_
#define ZT_TABLE_SEGMENT_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "table/block_cache.h"
#include "table/format.h"
#include "table/segment_iterator.h"
#include "util/status.h"

namespace zt {

class Part;
class KeyCache;
class ValueCache;

class Segment : public std::enable_shared_from_this<Segment> {
 public:
  // Opens every part (footer, index and sparse array are read and checked
  // against the metas; a mismatch is Corruption). Parts already opened by
  // another live segment on the same cache are shared, not reopened.
  // REQUIRES: parts in ascending, non-overlapping key order.
  static Status Open(std::string dir, std::vector<PartMeta> parts, TableOptions options,
                     std::shared_ptr<BlockCache> cache, std::shared_ptr<Segment>* out);
  ~Segment();
  Segment(const Segment&) = delete;
  Segment& operator=(const Segment&) = delete;

  // Found: OK, *kind set, and for kValue `sink(ctx, value)` is called once
  // with bytes valid only during the call (the sink must not call back into
  // this segment). Not in this segment: NotFound. Errors: Corruption/IOError.
  Status Get(std::string_view key, EntryKind* kind, void (*sink)(void*, std::string_view), void* ctx) const;

  // Iterator over all parts; it holds a reference to the segment (pinning
  // its files). fill_cache = false: blocks missing from the block cache are
  // read privately and not inserted (for merges and full scans).
  std::unique_ptr<SegmentIterator> NewIterator(bool fill_cache = true) const;
  // Iterator over one part only (a merge deciding part reuse).
  std::unique_ptr<SegmentIterator> NewPartIterator(size_t part_index, bool fill_cache = true) const;

  const std::vector<PartMeta>& parts() const { return metas_; }
  uint64_t entries() const { return entries_; }
  uint64_t tombstones() const { return tombstones_; }
  uint64_t file_bytes() const { return file_bytes_; }
  const std::string& dir() const { return dir_; }
  const TableOptions& options() const { return options_; }
  // In-memory footprint: sparse arrays, block indexes and record caches
  // (not the shared block cache).
  size_t MemoryUsage() const;

  // The segment left the tree: its part files are deleted once no live
  // segment uses them and the last reference (segment or iterator) is gone.
  // REQUIRES: a segment reusing some of these parts was opened before.
  void MarkObsolete();
  bool obsolete() const { return obsolete_.load(std::memory_order_acquire); }

  // A block of this segment: its part's index and its number in the part.
  struct BlockRef {
    uint32_t part = 0, block = 0;
  };
  // The blocks of this segment's own parts (not those shared with a segment
  // of `old`) that are not in the block cache and whose keys overlap a block
  // of `old` that is, now: after a merge, where the blocks readers had cached
  // from its inputs are in its output. In key order.
  std::vector<BlockRef> BlocksOverlappingCached(const std::vector<const Segment*>& old) const;
  // Whether a block of this segment that may hold keys in [first, last] is
  // in the block cache now (a snapshot).
  bool AnyBlockCached(std::string_view first, std::string_view last) const;
  // Part::DemoteBlocksWithin over the parts that overlap [first, last].
  void DemoteBlocksWithin(std::string_view first, std::string_view last, int64_t unused_since_ms) const;
  // Reads block ref into the block cache if it is not there.
  Status LoadBlock(BlockRef ref) const;

  struct CacheStats {
    uint64_t value_hits = 0, key_hits = 0;
  };
  CacheStats cache_stats() const;

 private:
  friend class SegmentIterator;
  Segment(std::string dir, TableOptions options, std::shared_ptr<BlockCache> cache);

  // Index of the part whose range may contain key, or parts_.size().
  size_t FindPart(std::string_view key) const;
  // The parts whose key ranges overlap [first, last]: indexes [begin, end).
  std::pair<size_t, size_t> PartsOverlapping(std::string_view first, std::string_view last) const;

  std::string dir_;
  TableOptions options_;
  std::shared_ptr<BlockCache> cache_;
  std::vector<PartMeta> metas_;
  std::vector<std::shared_ptr<Part>> parts_;
  std::unique_ptr<KeyCache> key_cache_;
  std::unique_ptr<ValueCache> value_cache_;
  uint64_t entries_ = 0;
  uint64_t tombstones_ = 0;
  uint64_t file_bytes_ = 0;
  std::atomic<bool> obsolete_{false};
};

}  // namespace zt

#endif  // ZT_TABLE_SEGMENT_H_
