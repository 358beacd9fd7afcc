// TreeIterator: the user-facing iterator of a tree. A heap merge over every
// layer of the version it was created on (pinned: a merge cannot delete a
// file under it), at the sequence number of its creation (later writes to the
// mutable segment are invisible), showing the newest value of each key and
// skipping tombstones. Not thread-safe.
#ifndef ZT_DB_TREE_ITERATOR_H_
#define ZT_DB_TREE_ITERATOR_H_

#include <memory>
#include <string_view>

#include "db/merging_iterator.h"
#include "db/version.h"

namespace zt {

class TreeIterator {
 public:
  TreeIterator(std::shared_ptr<const Version> version, uint64_t snapshot,
               bool fill_cache = true);

  bool Valid() const { return merged_->Valid(); }
  void SeekToFirst() {
    merged_->SeekToFirst();
    SkipTombstones();
  }
  void Seek(std::string_view target) {
    merged_->Seek(target);
    SkipTombstones();
  }
  void Next() {
    merged_->Next();
    SkipTombstones();
  }
  std::string_view key() const { return merged_->key(); }
  std::string_view value() const { return merged_->value(); }
  Status status() const { return merged_->status(); }

 private:
  void SkipTombstones() {
    while (merged_->Valid() && merged_->kind() == EntryKind::kTombstone) {
      merged_->Next();
    }
  }

  std::shared_ptr<const Version> version_;
  std::unique_ptr<MergingIterator> merged_;
};

// The layer iterators of a version, newest first (for merges and readers).
std::vector<std::unique_ptr<InternalIterator>> LayerIterators(
    const Version& version, uint64_t snapshot, bool fill_cache);

}  // namespace zt

#endif  // ZT_DB_TREE_ITERATOR_H_
