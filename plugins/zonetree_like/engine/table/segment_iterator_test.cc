#include "table/segment_iterator.h"

#include <gtest/gtest.h>

#include "table/segment.h"
#include "table/table_testutil.h"

namespace zt {

using testing::AbsentKeyOf;
using testing::KeyOf;
using testing::ValueOf;

namespace {

struct Fixture {
  testing::TempDir dir;
  testing::FileNumbers numbers;
  std::shared_ptr<BlockCache> cache = std::make_shared<BlockCache>(64 << 20, std::chrono::milliseconds(0));
  std::shared_ptr<Segment> seg;

  Fixture(uint64_t n, TableOptions opt, uint64_t tombstone_every = 4) {
    auto parts = testing::WriteRun(dir.path(), opt, &numbers, 0, n, tombstone_every);
    Status s = Segment::Open(dir.path(), parts, opt, cache, &seg);
    EXPECT_TRUE(s.ok()) << s.ToString();
  }
};

TableOptions SmallOptions(uint32_t prefetch) {
  TableOptions opt;
  opt.block_size = 1024;  // ~15 entries per block
  opt.iterator_prefetch = prefetch;
  opt.part_max_entries = 250;
  return opt;
}

}  // namespace

// Prefetch sizes smaller than, equal to and larger than a block, and sizes
// that do not divide the part size.
class IteratorPrefetchTest : public ::testing::TestWithParam<uint32_t> {};

TEST_P(IteratorPrefetchTest, FullScanSeesEveryEntryInOrder) {
  const uint64_t n = 1003;
  Fixture f(n, SmallOptions(GetParam()));
  auto it = f.seg->NewIterator();
  uint64_t i = 0;
  for (it->SeekToFirst(); it->Valid(); it->Next(), i++) {
    ASSERT_EQ(it->key(), KeyOf(i));
    if (testing::IsTombstone(i, 4)) {
      ASSERT_EQ(it->kind(), EntryKind::kTombstone);
    } else {
      ASSERT_EQ(it->kind(), EntryKind::kValue);
      ASSERT_EQ(it->value(), ValueOf(i));
    }
    ASSERT_EQ(it->part_index(), i / 250);
  }
  EXPECT_EQ(i, n);
  EXPECT_TRUE(it->status().ok());
  uint32_t prefetch = GetParam() == 0 ? 1 : GetParam();
  // Batches never span parts: ceil(250 / prefetch) per full part.
  uint64_t per_part = (250 + prefetch - 1) / prefetch;
  uint64_t last = ((n % 250) + prefetch - 1) / prefetch;
  EXPECT_EQ(it->batches(), per_part * (n / 250) + last);
}

TEST_P(IteratorPrefetchTest, SeekEverywhere) {
  const uint64_t n = 600;
  Fixture f(n, SmallOptions(GetParam()));
  auto it = f.seg->NewIterator();
  for (uint64_t i = 0; i < n; i += 7) {
    it->Seek(KeyOf(i));
    ASSERT_TRUE(it->Valid());
    ASSERT_EQ(it->key(), KeyOf(i));
    it->Seek(AbsentKeyOf(i));  // lands on the next key
    if (i + 1 < n) {
      ASSERT_TRUE(it->Valid()) << i;
      ASSERT_EQ(it->key(), KeyOf(i + 1));
      // Walk across the next few batch / block / part boundaries.
      for (uint64_t j = i + 1; j < std::min<uint64_t>(n, i + 40); j++) {
        ASSERT_TRUE(it->Valid());
        ASSERT_EQ(it->key(), KeyOf(j));
        it->Next();
      }
    } else {
      EXPECT_FALSE(it->Valid());
    }
  }
  it->Seek("");
  ASSERT_TRUE(it->Valid());
  EXPECT_EQ(it->key(), KeyOf(0));
  it->Seek("zzzz");
  EXPECT_FALSE(it->Valid());
  EXPECT_TRUE(it->status().ok());
  it->Seek(AbsentKeyOf(n - 1));
  EXPECT_FALSE(it->Valid());
}

INSTANTIATE_TEST_SUITE_P(Prefetch, IteratorPrefetchTest, ::testing::Values(0u, 1u, 2u, 7u, 15u, 16u, 64u, 250u, 1000u));

TEST(SegmentIteratorTest, PartIteratorCoversOnePart) {
  Fixture f(1000, SmallOptions(16));
  ASSERT_EQ(f.seg->parts().size(), 4u);
  auto it = f.seg->NewPartIterator(2);
  uint64_t i = 500;
  for (it->SeekToFirst(); it->Valid(); it->Next(), i++) {
    ASSERT_EQ(it->key(), KeyOf(i));
  }
  EXPECT_EQ(i, 750u);
  it->Seek(KeyOf(100));  // before the part: its first key
  ASSERT_TRUE(it->Valid());
  EXPECT_EQ(it->key(), KeyOf(500));
  it->Seek(KeyOf(800));  // after the part
  EXPECT_FALSE(it->Valid());
  auto none = f.seg->NewPartIterator(9);
  none->SeekToFirst();
  EXPECT_FALSE(none->Valid());
}

TEST(SegmentIteratorTest, NoFillCacheLeavesCacheAlone) {
  Fixture f(1000, SmallOptions(16));
  auto it = f.seg->NewIterator(/*fill_cache=*/false);
  uint64_t count = 0;
  for (it->SeekToFirst(); it->Valid(); it->Next()) count++;
  EXPECT_EQ(count, 1000u);
  EXPECT_EQ(f.cache->entries(), 0u);
  auto cached = f.seg->NewIterator(true);
  for (cached->SeekToFirst(); cached->Valid(); cached->Next()) {
  }
  EXPECT_GT(f.cache->entries(), 0u);
}

TEST(SegmentIteratorTest, EntriesStayValidUntilNextMove) {
  TableOptions opt = SmallOptions(4);
  Fixture f(300, opt);
  // The cache is tiny so blocks are evicted while the iterator walks; the
  // batch pins keep the viewed bytes alive.
  auto cache = std::make_shared<BlockCache>(2048, std::chrono::milliseconds(0));
  std::shared_ptr<Segment> seg;
  ASSERT_TRUE(Segment::Open(f.dir.path(), f.seg->parts(), opt, cache, &seg).ok());
  auto it = seg->NewIterator();
  uint64_t i = 0;
  for (it->SeekToFirst(); it->Valid(); it->Next(), i++) {
    std::string_view key = it->key();
    // Churn the cache with point reads of other blocks.
    std::string v;
    ASSERT_TRUE(testing::GetString(*seg, KeyOf((i * 97) % 300), &v).ok());
    ASSERT_EQ(key, KeyOf(i));
  }
  EXPECT_EQ(i, 300u);
}

}  // namespace zt
