#include "db/merging_iterator.h"

#include <cstring>
#include <utility>

namespace zt {
namespace {

inline int Compare(std::string_view a, std::string_view b) {
  size_t n = a.size() < b.size() ? a.size() : b.size();
  int r = n == 0 ? 0 : std::memcmp(a.data(), b.data(), n);
  if (r != 0) return r;
  return a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
}

}  // namespace

MergingIterator::MergingIterator(
    std::vector<std::unique_ptr<InternalIterator>> children)
    : children_(std::move(children)) {
  heap_.reserve(children_.size());
}

bool MergingIterator::Before(size_t a, size_t b) const {
  int c = Compare(children_[a]->key(), children_[b]->key());
  return c < 0 || (c == 0 && a < b);
}

void MergingIterator::SiftDown(size_t pos) {
  size_t n = heap_.size();
  while (true) {
    size_t l = 2 * pos + 1;
    if (l >= n) return;
    size_t best = l;
    if (l + 1 < n && Before(heap_[l + 1], heap_[l])) best = l + 1;
    if (!Before(heap_[best], heap_[pos])) return;
    std::swap(heap_[best], heap_[pos]);
    pos = best;
  }
}

void MergingIterator::SiftUp(size_t pos) {
  while (pos > 0) {
    size_t parent = (pos - 1) / 2;
    if (!Before(heap_[pos], heap_[parent])) return;
    std::swap(heap_[pos], heap_[parent]);
    pos = parent;
  }
}

void MergingIterator::RebuildHeap() {
  heap_.clear();
  for (size_t i = 0; i < children_.size(); ++i) {
    if (children_[i]->Valid()) {
      heap_.push_back(i);
      SiftUp(heap_.size() - 1);
    } else if (!children_[i]->status().ok() && status_.ok()) {
      status_ = children_[i]->status();
    }
  }
}

void MergingIterator::SeekToFirst() {
  status_ = Status::OK();
  for (auto& c : children_) c->SeekToFirst();
  RebuildHeap();
}

void MergingIterator::Seek(std::string_view target) {
  status_ = Status::OK();
  for (auto& c : children_) c->Seek(target);
  RebuildHeap();
}

void MergingIterator::AdvanceTop() {
  size_t top = heap_[0];
  children_[top]->Next();
  if (children_[top]->Valid()) {
    SiftDown(0);
    return;
  }
  if (!children_[top]->status().ok() && status_.ok()) {
    status_ = children_[top]->status();
  }
  heap_[0] = heap_.back();
  heap_.pop_back();
  if (!heap_.empty()) SiftDown(0);
}

void MergingIterator::Next() {
  if (heap_.size() == 1) {
    // One layer left (a stabilized tree's only one, or the last of several
    // to run out): its keys are unique and ascending, so no older entry can
    // follow, and there is no key to copy and compare.
    AdvanceTop();
    return;
  }
  // Older layers' entries for the same key are hidden: step past them. The
  // current key must be copied because moving the top invalidates it.
  size_t top = heap_[0];
  InternalIterator* cur = children_[top].get();
  key_scratch_.assign(cur->key());
  AdvanceTop();
  while (!heap_.empty() && Compare(Top()->key(), key_scratch_) == 0) {
    AdvanceTop();
  }
}

}  // namespace zt
