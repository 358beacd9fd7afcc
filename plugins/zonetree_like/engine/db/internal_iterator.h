// InternalIterator: one layer of a tree (a memtable or a disk segment) seen
// as a stream of (key, kind, value) in strictly ascending key order (each key
// at most once: the MergingIterator relies on it), tombstones included.
// Adapters for both layer types keep their layer alive while they exist.
#ifndef ZT_DB_INTERNAL_ITERATOR_H_
#define ZT_DB_INTERNAL_ITERATOR_H_

#include <memory>
#include <string_view>

#include "db/memtable.h"
#include "table/format.h"
#include "table/segment.h"
#include "table/segment_iterator.h"
#include "util/status.h"

namespace zt {

class InternalIterator {
 public:
  virtual ~InternalIterator() = default;
  virtual bool Valid() const = 0;
  virtual void SeekToFirst() = 0;
  virtual void Seek(std::string_view target) = 0;
  virtual void Next() = 0;  // REQUIRES: Valid()
  // REQUIRES: Valid(). Bytes valid until the iterator moves.
  virtual std::string_view key() const = 0;
  virtual std::string_view value() const = 0;
  virtual EntryKind kind() const = 0;
  virtual Status status() const = 0;
};

class MemTableLayerIterator final : public InternalIterator {
 public:
  MemTableLayerIterator(std::shared_ptr<const MemTable> table,
                        uint64_t snapshot)
      : table_(std::move(table)), it_(table_.get(), snapshot) {}
  bool Valid() const override { return it_.Valid(); }
  void SeekToFirst() override { it_.SeekToFirst(); }
  void Seek(std::string_view target) override { it_.Seek(target); }
  void Next() override { it_.Next(); }
  std::string_view key() const override { return it_.key(); }
  std::string_view value() const override { return it_.value(); }
  EntryKind kind() const override { return it_.kind(); }
  Status status() const override { return Status::OK(); }

 private:
  std::shared_ptr<const MemTable> table_;
  MemTable::Iterator it_;
};

class SegmentLayerIterator final : public InternalIterator {
 public:
  explicit SegmentLayerIterator(std::unique_ptr<SegmentIterator> it)
      : it_(std::move(it)) {}
  bool Valid() const override { return it_->Valid(); }
  void SeekToFirst() override { it_->SeekToFirst(); }
  void Seek(std::string_view target) override { it_->Seek(target); }
  void Next() override { it_->Next(); }
  std::string_view key() const override { return it_->key(); }
  std::string_view value() const override { return it_->value(); }
  EntryKind kind() const override { return it_->kind(); }
  Status status() const override { return it_->status(); }

 private:
  std::unique_ptr<SegmentIterator> it_;
};

}  // namespace zt

#endif  // ZT_DB_INTERNAL_ITERATOR_H_
