#include "table/segment_writer.h"

#include <gtest/gtest.h>

#include <cstring>

#include "table/block_builder.h"
#include "table/part.h"
#include "table/part_registry.h"
#include "table/segment.h"
#include "table/table_testutil.h"
#include "util/file.h"

namespace zt {

using testing::GetString;
using testing::KeyOf;
using testing::ValueOf;

namespace {
std::shared_ptr<BlockCache> NewCache() { return std::make_shared<BlockCache>(64 << 20, std::chrono::milliseconds(0)); }
size_t CountSegFiles(const std::string& dir) {
  std::vector<std::string> names;
  EXPECT_TRUE(ListDir(dir, &names).ok());
  size_t n = 0;
  uint64_t number;
  for (const auto& name : names) n += ParsePartFileName(name, &number);
  return n;
}
}  // namespace

TEST(SegmentWriterTest, SplitsPartsAtMaxEntries) {
  testing::TempDir dir;
  testing::FileNumbers numbers(10);
  TableOptions opt;
  opt.block_size = 4096;
  opt.part_max_entries = 1000;
  auto parts = testing::WriteRun(dir.path(), opt, &numbers, 0, 3500, 3);
  ASSERT_EQ(parts.size(), 4u);
  for (size_t i = 0; i < parts.size(); i++) {
    EXPECT_EQ(parts[i].file_number, 10 + i);
    EXPECT_EQ(parts[i].entries, i < 3 ? 1000u : 500u);
    EXPECT_EQ(parts[i].smallest_key, KeyOf(i * 1000));
    EXPECT_EQ(parts[i].largest_key, KeyOf(std::min<uint64_t>(i * 1000 + 999, 3499)));
    EXPECT_TRUE(FileExists(PartFileName(dir.path(), parts[i].file_number)));
    uint64_t size;
    ASSERT_TRUE(GetFileSize(PartFileName(dir.path(), parts[i].file_number), &size).ok());
    EXPECT_EQ(size, parts[i].file_size);
    PartMeta read;
    ASSERT_TRUE(ReadPartMeta(dir.path(), parts[i].file_number, &read).ok());
    EXPECT_EQ(read.entries, parts[i].entries);
    EXPECT_EQ(read.tombstones, parts[i].tombstones);
    EXPECT_EQ(read.smallest_key, parts[i].smallest_key);
    EXPECT_EQ(read.largest_key, parts[i].largest_key);
    EXPECT_EQ(read.file_size, parts[i].file_size);
  }
  std::shared_ptr<Segment> seg;
  ASSERT_TRUE(Segment::Open(dir.path(), parts, opt, NewCache(), &seg).ok());
  EXPECT_EQ(seg->entries(), 3500u);
  std::string v;
  for (uint64_t i = 0; i < 3500; i += 3) {
    ASSERT_TRUE(GetString(*seg, KeyOf(i), &v).ok());
    ASSERT_EQ(v, testing::IsTombstone(i, 3) ? "<tomb>" : ValueOf(i));
    ASSERT_TRUE(GetString(*seg, testing::AbsentKeyOf(i), &v).IsNotFound());
  }
}

TEST(SegmentWriterTest, RejectsUnorderedKeys) {
  testing::TempDir dir;
  testing::FileNumbers numbers;
  SegmentWriter w(dir.path(), TableOptions(), numbers.fn());
  ASSERT_TRUE(w.Add("b", EntryKind::kValue, "1").ok());
  EXPECT_TRUE(w.Add("b", EntryKind::kValue, "2").IsInvalidArgument());
  EXPECT_TRUE(w.Add("c", EntryKind::kValue, "3").IsInvalidArgument());  // sticky
  std::vector<PartMeta> parts;
  EXPECT_FALSE(w.Finish(&parts).ok());
  w.Abandon();
  EXPECT_EQ(CountSegFiles(dir.path()), 0u);
}

TEST(SegmentWriterTest, AbandonRemovesNewFilesOnly) {
  testing::TempDir dir;
  testing::FileNumbers numbers;
  TableOptions opt;
  opt.part_max_entries = 100;
  auto reused = testing::WriteRun(dir.path(), opt, &numbers, 0, 100, 0);
  {
    SegmentWriter w(dir.path(), opt, numbers.fn());
    ASSERT_TRUE(w.AddPart(reused[0]).ok());
    for (uint64_t i = 100; i < 350; i++) {
      ASSERT_TRUE(w.Add(KeyOf(i), EntryKind::kValue, ValueOf(i)).ok());
    }
    EXPECT_EQ(CountSegFiles(dir.path()), 4u);
    w.Abandon();
  }
  EXPECT_EQ(CountSegFiles(dir.path()), 1u);
  EXPECT_TRUE(FileExists(PartFileName(dir.path(), reused[0].file_number)));
  {
    // Destroyed without Finish: abandons too.
    SegmentWriter w(dir.path(), opt, numbers.fn());
    ASSERT_TRUE(w.Add(KeyOf(500), EntryKind::kValue, "x").ok());
  }
  EXPECT_EQ(CountSegFiles(dir.path()), 1u);
}

// WriteCaching: the blocks `wanted` says yes to are in the cache when the segment opens (their reads miss nothing),
// the others are not (each first read misses); the values read are the written ones either way.
TEST(SegmentWriterTest, WantedBlocksAreCachedAsWritten) {
  testing::TempDir dir;
  testing::FileNumbers numbers;
  TableOptions opt = testing::ReadThroughOptions(4096);
  opt.part_max_entries = 1000;
  auto cache = NewCache();
  // Blocks holding a key in [KeyOf(1200), KeyOf(1299)]: in the second part, so that a part with nothing cached is
  // opened too.
  const std::string lo = KeyOf(1200), hi = KeyOf(1299);
  WriteCaching caching{cache, [&](std::string_view first, std::string_view last) { return !(last < lo || hi < first); },
                       nullptr};
  SegmentWriter w(dir.path(), opt, numbers.fn(), caching);
  for (uint64_t i = 0; i < 2500; i++) ASSERT_TRUE(w.Add(KeyOf(i), EntryKind::kValue, ValueOf(i)).ok());
  std::vector<PartMeta> parts;
  ASSERT_TRUE(w.Finish(&parts).ok());
  ASSERT_EQ(parts.size(), 3u);
  const uint64_t cached = w.blocks_cached();
  EXPECT_GE(cached, 1u);
  EXPECT_EQ(cache->entries(), cached);
  EXPECT_EQ(cache->stats().misses, 0u);

  std::shared_ptr<Segment> seg;
  ASSERT_TRUE(Segment::Open(dir.path(), parts, opt, cache, &seg).ok());
  std::string v;
  for (uint64_t i = 1200; i < 1300; i++) {
    ASSERT_TRUE(GetString(*seg, KeyOf(i), &v).ok());
    ASSERT_EQ(v, ValueOf(i));
  }
  EXPECT_EQ(cache->stats().misses, 0u);
  EXPECT_TRUE(seg->AnyBlockCached(KeyOf(1250), KeyOf(1250)));
  EXPECT_FALSE(seg->AnyBlockCached(KeyOf(100), KeyOf(200)));
  ASSERT_TRUE(GetString(*seg, KeyOf(100), &v).ok());
  EXPECT_EQ(v, ValueOf(100));
  EXPECT_EQ(cache->stats().misses, 1u);
  // The cached blocks belong to their part: they go with it.
  seg.reset();
  EXPECT_EQ(cache->entries(), 0u);
}

// A writer that abandons its files drops the blocks it cached for them, finished parts' included; a file opened
// again later does not find them.
TEST(SegmentWriterTest, AbandonDropsTheBlocksCachedOnWrite) {
  testing::TempDir dir;
  testing::FileNumbers numbers;
  TableOptions opt;
  opt.block_size = 4096;
  opt.part_max_entries = 1000;
  auto cache = NewCache();
  WriteCaching all{cache, [](std::string_view, std::string_view) { return true; }, nullptr};
  {
    SegmentWriter w(dir.path(), opt, numbers.fn(), all);
    for (uint64_t i = 0; i < 1500; i++) ASSERT_TRUE(w.Add(KeyOf(i), EntryKind::kValue, ValueOf(i)).ok());
    EXPECT_GT(cache->entries(), 0u);
    w.Abandon();
  }
  EXPECT_EQ(cache->entries(), 0u);
  EXPECT_EQ(CountSegFiles(dir.path()), 0u);
}

// A block cached under a part file's reserved id that does not agree with the file's index is not adopted: the
// part reads the block from its file instead.
TEST(SegmentWriterTest, ACachedBlockThatDisagreesWithTheIndexIsDropped) {
  testing::TempDir dir;
  testing::FileNumbers numbers;
  TableOptions opt = testing::ReadThroughOptions(4096);
  auto parts = testing::WriteRun(dir.path(), opt, &numbers, 0, 500, 0);
  ASSERT_EQ(parts.size(), 1u);
  auto cache = NewCache();
  const uint64_t id = cache->parts()->ReserveCacheId(PartFileName(dir.path(), parts[0].file_number), cache->NewId());
  BlockBuilder b(opt.inline_value_max);
  b.Add(KeyOf(0), EntryKind::kValue, "not the written value");
  const std::string_view raw = b.Finish();
  Buffer data = NewBuffer(raw.size());
  std::memcpy(data.get(), raw.data(), raw.size());
  std::unique_ptr<Block> wrong;
  ASSERT_TRUE(Block::Parse(std::move(data), raw.size(), opt.inline_value_max, &wrong).ok());
  cache->Release(cache->Insert(id, 0, std::move(wrong)));  // block 0 is at offset 0
  std::shared_ptr<Segment> seg;
  ASSERT_TRUE(Segment::Open(dir.path(), parts, opt, cache, &seg).ok());
  EXPECT_EQ(cache->entries(), 0u);
  std::string v;
  ASSERT_TRUE(GetString(*seg, KeyOf(0), &v).ok());
  EXPECT_EQ(v, ValueOf(0));
  EXPECT_EQ(cache->stats().misses, 1u);
}

TEST(SegmentWriterTest, ReusePartsInAMergeAndDeleteObsoleteFiles) {
  testing::TempDir dir;
  testing::FileNumbers numbers;
  TableOptions opt;
  opt.block_size = 4096;
  opt.part_max_entries = 1000;
  auto cache = NewCache();
  auto old_parts = testing::WriteRun(dir.path(), opt, &numbers, 0, 3000, 0);
  ASSERT_EQ(old_parts.size(), 3u);
  std::shared_ptr<Segment> old_seg;
  ASSERT_TRUE(Segment::Open(dir.path(), old_parts, opt, cache, &old_seg).ok());
  // Pin the old segment with an open iterator.
  auto it = old_seg->NewIterator();
  it->SeekToFirst();
  ASSERT_TRUE(it->Valid());

  // "Merge": part 0 reused, part 1 rewritten with new values, part 2 reused.
  SegmentWriter w(dir.path(), opt, numbers.fn());
  ASSERT_TRUE(w.AddPart(old_parts[0]).ok());
  for (uint64_t i = 1000; i < 2000; i++) {
    ASSERT_TRUE(w.Add(KeyOf(i), EntryKind::kValue, "new").ok());
  }
  // Reuse requires order.
  SegmentWriter bad(dir.path(), opt, numbers.fn());
  ASSERT_TRUE(bad.Add(KeyOf(2500), EntryKind::kValue, "x").ok());
  EXPECT_TRUE(bad.AddPart(old_parts[2]).IsInvalidArgument());
  bad.Abandon();
  ASSERT_TRUE(w.AddPart(old_parts[2]).ok());
  EXPECT_EQ(w.entries(), 3000u);
  std::vector<PartMeta> new_parts;
  ASSERT_TRUE(w.Finish(&new_parts).ok());
  ASSERT_EQ(new_parts.size(), 3u);
  EXPECT_EQ(new_parts[0].file_number, old_parts[0].file_number);
  EXPECT_NE(new_parts[1].file_number, old_parts[1].file_number);
  EXPECT_EQ(new_parts[2].file_number, old_parts[2].file_number);
  EXPECT_EQ(w.new_file_numbers().size(), 1u);

  std::shared_ptr<Segment> new_seg;
  ASSERT_TRUE(Segment::Open(dir.path(), new_parts, opt, cache, &new_seg).ok());
  EXPECT_EQ(cache->parts()->size(), 4u);  // reused parts are shared
  old_seg->MarkObsolete();
  old_seg.reset();
  // The iterator still pins the old files.
  EXPECT_TRUE(FileExists(PartFileName(dir.path(), old_parts[1].file_number)));
  uint64_t count = 0;
  for (; it->Valid(); it->Next()) count++;
  EXPECT_EQ(count, 3000u);
  EXPECT_TRUE(it->status().ok());
  it.reset();
  // Only the replaced part's file went away.
  EXPECT_FALSE(FileExists(PartFileName(dir.path(), old_parts[1].file_number)));
  EXPECT_TRUE(FileExists(PartFileName(dir.path(), old_parts[0].file_number)));
  EXPECT_TRUE(FileExists(PartFileName(dir.path(), old_parts[2].file_number)));
  EXPECT_EQ(CountSegFiles(dir.path()), 3u);

  std::string v;
  ASSERT_TRUE(GetString(*new_seg, KeyOf(5), &v).ok());
  EXPECT_EQ(v, ValueOf(5));
  ASSERT_TRUE(GetString(*new_seg, KeyOf(1500), &v).ok());
  EXPECT_EQ(v, "new");
  ASSERT_TRUE(GetString(*new_seg, KeyOf(2999), &v).ok());
  EXPECT_EQ(v, ValueOf(2999));

  // Closing without MarkObsolete keeps files (engine shutdown).
  new_seg.reset();
  EXPECT_EQ(CountSegFiles(dir.path()), 3u);
  EXPECT_EQ(cache->parts()->size(), 0u);

  // Reopen, then obsolete: every file goes.
  ASSERT_TRUE(Segment::Open(dir.path(), new_parts, opt, cache, &new_seg).ok());
  new_seg->MarkObsolete();
  new_seg.reset();
  EXPECT_EQ(CountSegFiles(dir.path()), 0u);
}

TEST(SegmentWriterTest, ObsoleteSegmentSharingAPartWithALiveOne) {
  testing::TempDir dir;
  testing::FileNumbers numbers;
  TableOptions opt;
  auto cache = NewCache();
  auto parts = testing::WriteRun(dir.path(), opt, &numbers, 0, 100, 0);
  std::shared_ptr<Segment> a, b;
  ASSERT_TRUE(Segment::Open(dir.path(), parts, opt, cache, &a).ok());
  ASSERT_TRUE(Segment::Open(dir.path(), parts, opt, cache, &b).ok());
  a->MarkObsolete();
  a->MarkObsolete();  // idempotent
  a.reset();
  EXPECT_TRUE(FileExists(PartFileName(dir.path(), parts[0].file_number)));
  std::string v;
  ASSERT_TRUE(GetString(*b, KeyOf(3), &v).ok());
  b.reset();
  EXPECT_TRUE(FileExists(PartFileName(dir.path(), parts[0].file_number)));
}

TEST(SegmentWriterTest, MetadataMismatchIsCorruption) {
  testing::TempDir dir;
  testing::FileNumbers numbers;
  TableOptions opt;
  auto parts = testing::WriteRun(dir.path(), opt, &numbers, 0, 100, 0);
  PartMeta wrong = parts[0];
  wrong.entries = 99;
  std::shared_ptr<Segment> seg;
  Status s = Segment::Open(dir.path(), {wrong}, opt, NewCache(), &seg);
  EXPECT_TRUE(s.IsCorruption()) << s.ToString();
  wrong = parts[0];
  wrong.largest_key = KeyOf(98);
  EXPECT_TRUE(Segment::Open(dir.path(), {wrong}, opt, NewCache(), &seg).IsCorruption());
  wrong = parts[0];
  wrong.file_number = 999;  // missing file
  EXPECT_TRUE(Segment::Open(dir.path(), {wrong}, opt, NewCache(), &seg).IsIOError());
}

}  // namespace zt
