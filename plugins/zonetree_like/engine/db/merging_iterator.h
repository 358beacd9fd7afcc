// MergingIterator: a heap merge of layer iterators ordered newest first. For
// every key it shows only the newest layer's entry (tombstones included:
// merges need them; the tree's user iterator skips them).
#ifndef ZT_DB_MERGING_ITERATOR_H_
#define ZT_DB_MERGING_ITERATOR_H_

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "db/internal_iterator.h"

namespace zt {

class MergingIterator final : public InternalIterator {
 public:
  // children[0] is the newest layer.
  explicit MergingIterator(
      std::vector<std::unique_ptr<InternalIterator>> children);

  bool Valid() const override { return !heap_.empty() && status_.ok(); }
  void SeekToFirst() override;
  void Seek(std::string_view target) override;
  void Next() override;
  std::string_view key() const override { return Top()->key(); }
  std::string_view value() const override { return Top()->value(); }
  EntryKind kind() const override { return Top()->kind(); }
  // The first error of any child.
  Status status() const override { return status_; }

 private:
  InternalIterator* Top() const { return children_[heap_[0]].get(); }
  // True when child a sorts before child b (smaller key, or same key and
  // newer layer).
  bool Before(size_t a, size_t b) const;
  void SiftDown(size_t pos);
  void SiftUp(size_t pos);
  void RebuildHeap();
  // Removes the top, pushing its child back if still valid after Next().
  void AdvanceTop();

  std::vector<std::unique_ptr<InternalIterator>> children_;
  std::vector<size_t> heap_;  // indexes into children_
  std::string key_scratch_;
  Status status_;
};

}  // namespace zt

#endif  // ZT_DB_MERGING_ITERATOR_H_
