// SegmentIterator: ordered iteration over a segment (or one of its parts).
// Entries are fetched IteratorPrefetchSize at a time: a batch references the
// blocks it spans (pinned until the next batch), so key()/value() point into
// cached blocks without copying. Returns tombstones too (the merging
// iterator above decides what they hide). key()/value() stay valid until the
// next Seek/SeekToFirst/Next. Not thread-safe; keeps its segment alive.
#ifndef ZT_TABLE_SEGMENT_ITERATOR_H_
#define ZT_TABLE_SEGMENT_ITERATOR_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "table/block.h"
#include "table/block_cache.h"
#include "table/format.h"
#include "util/status.h"

namespace zt {

class Segment;

class SegmentIterator {
 public:
  // Prefer Segment::NewIterator / NewPartIterator. Iterates parts
  // [first_part, end_part) of segment.
  SegmentIterator(std::shared_ptr<const Segment> segment, size_t first_part, size_t end_part, bool fill_cache);
  ~SegmentIterator();
  SegmentIterator(const SegmentIterator&) = delete;
  SegmentIterator& operator=(const SegmentIterator&) = delete;

  void Seek(std::string_view target);  // first entry with key >= target
  void SeekToFirst();
  void Next();  // REQUIRES: Valid()
  bool Valid() const { return pos_ < batch_.size(); }

  std::string_view key() const { return batch_[pos_].key; }
  std::string_view value() const { return batch_[pos_].value; }
  EntryKind kind() const { return batch_[pos_].kind; }
  // Not OK when iteration stopped on an error (then Valid() is false).
  Status status() const { return status_; }

  // Part of the current entry (index into Segment::parts()).
  size_t part_index() const { return batch_part_; }
  // Batches loaded so far (observability for tests and stats).
  uint64_t batches() const { return batches_; }

 private:
  // Loads up to `prefetch` entries starting at (part_, block_, index_),
  // moving to the next block as needed; a batch never spans parts. An empty
  // batch means the end or an error.
  void FillBatch();
  void Reset();

  std::shared_ptr<const Segment> segment_;
  size_t first_part_, end_part_;
  bool fill_cache_;
  uint32_t prefetch_;

  // Position of the next entry to load, and the pinned block it is in.
  size_t part_ = 0;
  uint32_t block_ = 0;
  uint32_t index_ = 0;
  PinnedBlock cur_pin_;
  size_t cur_pin_part_ = 0;
  uint32_t cur_pin_block_ = 0;

  std::vector<Block::Entry> batch_;
  std::vector<PinnedBlock> batch_pins_;  // consumed blocks the batch spans
  size_t pos_ = 0;
  size_t batch_part_ = 0;
  uint64_t batches_ = 0;
  Status status_;
};

}  // namespace zt

#endif  // ZT_TABLE_SEGMENT_ITERATOR_H_
