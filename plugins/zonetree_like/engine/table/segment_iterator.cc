#include "table/segment_iterator.h"

#include "table/part.h"
#include "table/segment.h"

namespace zt {

SegmentIterator::SegmentIterator(std::shared_ptr<const Segment> segment, size_t first_part, size_t end_part,
                                 bool fill_cache)
    : segment_(std::move(segment)),
      first_part_(first_part),
      end_part_(end_part),
      fill_cache_(fill_cache),
      prefetch_(segment_->options().iterator_prefetch == 0 ? 1 : segment_->options().iterator_prefetch) {
  if (end_part_ > segment_->parts_.size()) end_part_ = segment_->parts_.size();
  if (first_part_ > end_part_) first_part_ = end_part_;
  part_ = end_part_;  // not positioned: invalid until a seek
  batch_.reserve(prefetch_);
}

SegmentIterator::~SegmentIterator() = default;

void SegmentIterator::Reset() {
  batch_.clear();
  batch_pins_.clear();
  cur_pin_.Reset();
  pos_ = 0;
  status_ = Status::OK();
}

void SegmentIterator::SeekToFirst() {
  Reset();
  part_ = first_part_;
  block_ = 0;
  index_ = 0;
  FillBatch();
}

void SegmentIterator::Seek(std::string_view target) {
  Reset();
  const auto& metas = segment_->metas_;
  // First part in range whose largest key is >= target.
  size_t lo = first_part_, count = end_part_ - first_part_;
  while (count > 0) {
    size_t step = count / 2;
    if (metas[lo + step].largest_key < target) {
      lo += step + 1;
      count -= step + 1;
    } else {
      count = step;
    }
  }
  part_ = lo;
  block_ = 0;
  index_ = 0;
  if (part_ < end_part_) {
    Part::Location loc;
    PinnedBlock pin;
    status_ = segment_->parts_[part_]->Seek(target, fill_cache_, &loc, &pin);
    if (!status_.ok()) return;
    block_ = loc.block;
    index_ = loc.index;
    if (pin.valid()) {
      cur_pin_ = std::move(pin);
      cur_pin_part_ = part_;
      cur_pin_block_ = block_;
    }
  }
  FillBatch();
}

void SegmentIterator::Next() {
  pos_++;
  if (pos_ >= batch_.size()) FillBatch();
}

void SegmentIterator::FillBatch() {
  batch_.clear();
  batch_pins_.clear();
  pos_ = 0;
  if (!status_.ok()) return;
  while (part_ < end_part_) {
    const Part& part = *segment_->parts_[part_];
    if (block_ >= part.num_blocks()) {
      part_++;
      block_ = 0;
      index_ = 0;
      cur_pin_.Reset();
      if (!batch_.empty()) break;
      continue;
    }
    if (!cur_pin_.valid() || cur_pin_part_ != part_ || cur_pin_block_ != block_) {
      cur_pin_.Reset();
      status_ = part.GetBlock(block_, fill_cache_, &cur_pin_);
      if (!status_.ok()) {
        batch_.clear();
        batch_pins_.clear();
        return;
      }
      cur_pin_part_ = part_;
      cur_pin_block_ = block_;
    }
    batch_part_ = part_;
    const Block* block = cur_pin_.block();
    const uint32_t n = block->num_entries();
    while (index_ < n && batch_.size() < prefetch_) {
      batch_.push_back(block->EntryAt(index_++));
    }
    if (index_ >= n) {
      batch_pins_.push_back(std::move(cur_pin_));
      block_++;
      index_ = 0;
    }
    if (batch_.size() >= prefetch_) break;
  }
  if (!batch_.empty()) batches_++;
}

}  // namespace zt
