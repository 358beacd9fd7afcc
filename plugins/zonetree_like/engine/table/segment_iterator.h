// SegmentIterator: ordered iteration over a segment (or one of its parts).
// Entries are fetched IteratorPrefetchSize at a time into a private buffer,
// so no block stays pinned between batches. Returns tombstones too (the
// merging iterator above decides what they hide). key()/value() stay valid
// until the next Seek/Next. Not thread-safe; keeps its segment alive.
#ifndef ZT_TABLE_SEGMENT_ITERATOR_H_
#define ZT_TABLE_SEGMENT_ITERATOR_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "table/format.h"
#include "util/status.h"

namespace zt {

class Segment;
class Part;

class SegmentIterator {
 public:
  // Prefer Segment::NewIterator / NewPartIterator. Iterates parts
  // [first_part, end_part) of segment.
  SegmentIterator(std::shared_ptr<const Segment> segment, size_t first_part,
                  size_t end_part, bool fill_cache);
  ~SegmentIterator();
  SegmentIterator(const SegmentIterator&) = delete;
  SegmentIterator& operator=(const SegmentIterator&) = delete;

  void Seek(std::string_view target);  // first entry with key >= target
  void SeekToFirst();
  void Next();  // REQUIRES: Valid()
  bool Valid() const { return pos_ < batch_.size(); }

  std::string_view key() const;
  std::string_view value() const;
  EntryKind kind() const { return batch_[pos_].kind; }
  // Not OK when iteration stopped on an error (then Valid() is false).
  Status status() const { return status_; }

  // Part of the current entry (index into Segment::parts()).
  size_t part_index() const { return batch_part_; }

 private:
  struct Slot {
    uint32_t key_offset, key_size, value_offset, value_size;
    EntryKind kind;
  };

  // Loads up to `prefetch` entries starting at (part_, block_, index_),
  // moving to the next block/part as needed. Empty batch = end or error.
  void FillBatch();
  void PositionAt(size_t part, uint32_t block, uint32_t index);

  std::shared_ptr<const Segment> segment_;
  size_t first_part_, end_part_;
  bool fill_cache_;
  uint32_t prefetch_;

  // Position of the next entry to load.
  size_t part_ = 0;
  uint32_t block_ = 0;
  uint32_t index_ = 0;

  std::vector<Slot> batch_;
  std::string buffer_;
  size_t pos_ = 0;
  size_t batch_part_ = 0;
  Status status_;
};

}  // namespace zt

#endif  // ZT_TABLE_SEGMENT_ITERATOR_H_
