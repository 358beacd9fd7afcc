#include "db/merging_iterator.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace zt {
namespace {

// A layer from a list of (key, value) in ascending key order; value "-" is a
// tombstone. With fail_at_end, stepping past the last entry is an IOError.
class VectorLayer final : public InternalIterator {
 public:
  explicit VectorLayer(std::vector<std::pair<std::string, std::string>> entries, bool fail_at_end = false)
      : entries_(std::move(entries)), fail_at_end_(fail_at_end) {}
  bool Valid() const override { return pos_ < entries_.size() && status_.ok(); }
  void SeekToFirst() override { pos_ = 0; }
  void Seek(std::string_view target) override {
    pos_ = 0;
    while (pos_ < entries_.size() && entries_[pos_].first < target) pos_++;
  }
  void Next() override {
    pos_++;
    if (pos_ == entries_.size() && fail_at_end_) status_ = Status::IOError("layer read failed");
  }
  std::string_view key() const override { return entries_[pos_].first; }
  std::string_view value() const override { return entries_[pos_].second; }
  EntryKind kind() const override { return entries_[pos_].second == "-" ? EntryKind::kTombstone : EntryKind::kValue; }
  Status status() const override { return status_; }

 private:
  std::vector<std::pair<std::string, std::string>> entries_;
  bool fail_at_end_;
  size_t pos_ = 0;
  Status status_;
};

using Entries = std::vector<std::pair<std::string, std::string>>;

// Every (key, value) from the iterator's position on ("-" for tombstones).
Entries Drain(MergingIterator* it) {
  Entries out;
  for (; it->Valid(); it->Next()) out.emplace_back(std::string(it->key()), std::string(it->value()));
  return out;
}

TEST(MergingIteratorTest, NewestLayerWinsAndEachKeyComesOnce) {
  std::vector<std::unique_ptr<InternalIterator>> layers;
  layers.push_back(std::make_unique<VectorLayer>(Entries{{"b", "new-b"}, {"d", "-"}}));
  layers.push_back(std::make_unique<VectorLayer>(Entries{{"a", "mid-a"}, {"b", "mid-b"}, {"e", "mid-e"}}));
  layers.push_back(std::make_unique<VectorLayer>(Entries{{"a", "old-a"}, {"c", "old-c"}, {"d", "old-d"}}));
  MergingIterator it(std::move(layers));
  it.SeekToFirst();
  EXPECT_EQ(Drain(&it), (Entries{{"a", "mid-a"}, {"b", "new-b"}, {"c", "old-c"}, {"d", "-"}, {"e", "mid-e"}}));
  EXPECT_TRUE(it.status().ok());
}

TEST(MergingIteratorTest, TheLastLayerLeftGoesOnAlone) {
  // After "c" only the oldest layer has entries: the rest comes from it
  // alone, every entry once and in order.
  std::vector<std::unique_ptr<InternalIterator>> layers;
  layers.push_back(std::make_unique<VectorLayer>(Entries{{"b", "new-b"}, {"c", "new-c"}}));
  layers.push_back(std::make_unique<VectorLayer>(
      Entries{{"a", "old-a"}, {"c", "old-c"}, {"f", "old-f"}, {"g", "-"}, {"h", "old-h"}}));
  MergingIterator it(std::move(layers));
  it.Seek("b");
  EXPECT_EQ(Drain(&it), (Entries{{"b", "new-b"}, {"c", "new-c"}, {"f", "old-f"}, {"g", "-"}, {"h", "old-h"}}));
  EXPECT_TRUE(it.status().ok());
}

TEST(MergingIteratorTest, OneLayerWalksItsEntries) {
  std::vector<std::unique_ptr<InternalIterator>> layers;
  layers.push_back(std::make_unique<VectorLayer>(Entries{}));  // an empty mutable memtable
  layers.push_back(std::make_unique<VectorLayer>(Entries{{"a", "1"}, {"b", "2"}, {"c", "3"}}));
  MergingIterator it(std::move(layers));
  it.Seek("b");
  EXPECT_EQ(Drain(&it), (Entries{{"b", "2"}, {"c", "3"}}));
  it.SeekToFirst();
  EXPECT_EQ(Drain(&it), (Entries{{"a", "1"}, {"b", "2"}, {"c", "3"}}));
}

TEST(MergingIteratorTest, AnErrorOfTheLastLayerEndsTheWalkAndIsReported) {
  for (bool alone : {true, false}) {
    SCOPED_TRACE(alone ? "one layer" : "the last of two");
    std::vector<std::unique_ptr<InternalIterator>> layers;
    if (!alone) layers.push_back(std::make_unique<VectorLayer>(Entries{{"a", "new-a"}}));
    layers.push_back(std::make_unique<VectorLayer>(Entries{{"a", "old-a"}, {"b", "old-b"}}, /*fail_at_end=*/true));
    MergingIterator it(std::move(layers));
    it.SeekToFirst();
    EXPECT_EQ(Drain(&it), (Entries{{"a", alone ? "old-a" : "new-a"}, {"b", "old-b"}}));
    EXPECT_TRUE(it.status().IsIOError()) << it.status().ToString();
  }
}

}  // namespace
}  // namespace zt
