#include "table/block.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "table/block_builder.h"

namespace zt {

namespace {

std::string Key(int i) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "key%08d", i);
  return buf;
}

std::string Val(int i) {
  std::string v = "v";
  v += std::to_string(i);
  return v;
}

std::unique_ptr<Block> ParseCopy(std::string_view raw, Status* status) {
  std::unique_ptr<char[]> data(new char[raw.size() == 0 ? 1 : raw.size()]);
  if (!raw.empty()) std::memcpy(data.get(), raw.data(), raw.size());
  std::unique_ptr<Block> block;
  *status = Block::Parse(std::move(data), raw.size(), &block);
  return block;
}

}  // namespace

TEST(BlockTest, BuildAndRead) {
  BlockBuilder builder;
  for (int i = 0; i < 500; i++) {
    EntryKind kind = i % 7 == 0 ? EntryKind::kTombstone : EntryKind::kValue;
    builder.Add(Key(i * 2), kind, kind == EntryKind::kValue ? Val(i) : "");
  }
  EXPECT_EQ(builder.entries(), 500u);
  // The estimate before Finish is exact: it is what bounds a block's size.
  const size_t estimate = builder.SizeEstimate();
  std::string raw(builder.Finish());
  EXPECT_EQ(raw.size(), estimate);
  EXPECT_EQ(raw.size(), builder.SizeEstimate());
  Status s;
  auto block = ParseCopy(raw, &s);
  ASSERT_TRUE(s.ok()) << s.ToString();
  ASSERT_EQ(block->num_entries(), 500u);
  for (uint32_t i = 0; i < 500; i++) {
    Block::Entry e = block->EntryAt(i);
    ASSERT_EQ(e.key, Key(i * 2));
    ASSERT_EQ(block->KeyAt(i), e.key);
    if (i % 7 == 0) {
      EXPECT_EQ(e.kind, EntryKind::kTombstone);
      EXPECT_TRUE(e.value.empty());
    } else {
      EXPECT_EQ(e.kind, EntryKind::kValue);
      EXPECT_EQ(e.value, Val(i));
    }
  }
  // LowerBound: exact hits, gaps, before first, after last, sub-ranges.
  EXPECT_EQ(block->LowerBound(Key(0), 0, 500), 0u);
  EXPECT_EQ(block->LowerBound(Key(10), 0, 500), 5u);
  EXPECT_EQ(block->LowerBound(Key(11), 0, 500), 6u);
  EXPECT_EQ(block->LowerBound("a", 0, 500), 0u);
  EXPECT_EQ(block->LowerBound("z", 0, 500), 500u);
  EXPECT_EQ(block->LowerBound(Key(10), 7, 20), 7u);
  EXPECT_EQ(block->LowerBound(Key(100), 7, 20), 20u);
  EXPECT_EQ(block->LowerBound(Key(30), 10, 10), 10u);
}

TEST(BlockTest, ScanForAndFindInRange) {
  BlockBuilder builder;
  for (int i = 0; i < 100; i++) builder.Add(Key(i * 2), EntryKind::kValue, Val(i));
  Status s;
  auto block = ParseCopy(builder.Finish(), &s);
  ASSERT_TRUE(s.ok());
  Block::Entry e;
  // Every present key from its bracket start (step 16), absent keys fail.
  for (uint32_t i = 0; i < 100; i++) {
    uint32_t lo = i / 16 * 16;
    uint32_t count = std::min<uint32_t>(16, 100 - lo);
    ASSERT_EQ(block->ScanFor(Key(i * 2), block->OffsetOf(lo), lo, count, &e), i);
    EXPECT_EQ(e.value, Val(i));
    EXPECT_EQ(block->ScanFor(Key(i * 2 + 1), block->OffsetOf(lo), lo, count, &e), -1);
    ASSERT_EQ(block->FindInRange(Key(i * 2), lo, lo + count, &e), i);
    EXPECT_EQ(e.key, Key(i * 2));
    EXPECT_EQ(block->FindInRange(Key(i * 2 + 1), lo, lo + count, &e), -1);
    EXPECT_EQ(block->FindInRange(Key(i * 2), 0, 100, &e), i);  // no prefetch path
  }
  // A key outside the scanned range is not found.
  EXPECT_EQ(block->ScanFor(Key(40), block->OffsetOf(0), 0, 16, &e), -1);
  EXPECT_EQ(block->FindInRange(Key(40), 0, 16, &e), -1);
  EXPECT_EQ(block->OffsetOf(0), 0u);
  EXPECT_LT(block->OffsetOf(99), block->entries_end());
}

TEST(BlockTest, LargeValuesAndReset) {
  BlockBuilder builder;
  std::string big(100000, 'b');
  builder.Add("a", EntryKind::kValue, big);
  builder.Add("b", EntryKind::kValue, "");
  std::string raw(builder.Finish());
  Status s;
  auto block = ParseCopy(raw, &s);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(block->EntryAt(0).value, big);
  EXPECT_EQ(block->EntryAt(1).key, "b");
  builder.Reset();
  EXPECT_TRUE(builder.empty());
  builder.Add("c", EntryKind::kValue, "x");
  auto block2 = ParseCopy(builder.Finish(), &s);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(block2->num_entries(), 1u);
  EXPECT_EQ(block2->EntryAt(0).key, "c");
}

TEST(BlockTest, MalformedBlocksAreCorruption) {
  BlockBuilder builder;
  for (int i = 0; i < 20; i++) builder.Add(Key(i), EntryKind::kValue, "value");
  std::string raw(builder.Finish());
  Status s;
  // Every truncation must fail cleanly (never crash).
  for (size_t len = 0; len < raw.size(); len++) {
    auto b = ParseCopy(std::string_view(raw).substr(0, len), &s);
    EXPECT_TRUE(s.IsCorruption()) << len;
    EXPECT_EQ(b, nullptr);
  }
  // A huge entry count.
  std::string bad = raw;
  EncodeFixed32(bad.data() + bad.size() - 4, 0x7fffffff);
  ParseCopy(bad, &s);
  EXPECT_TRUE(s.IsCorruption());
  // Zero entries.
  bad = raw;
  EncodeFixed32(bad.data() + bad.size() - 4, 0);
  ParseCopy(bad, &s);
  EXPECT_TRUE(s.IsCorruption());
  // An entry count one more, or one less, than the entries there are.
  bad = raw;
  EncodeFixed32(bad.data() + bad.size() - 4, 21);
  ParseCopy(bad, &s);
  EXPECT_TRUE(s.IsCorruption());
  bad = raw;
  EncodeFixed32(bad.data() + bad.size() - 4, 19);
  ParseCopy(bad, &s);
  EXPECT_TRUE(s.IsCorruption());
  // A key section size past the offsets, or one byte short.
  bad = raw;
  EncodeFixed32(bad.data() + bad.size() - 8, 0xffffff);
  ParseCopy(bad, &s);
  EXPECT_TRUE(s.IsCorruption());
  bad = raw;
  EncodeFixed32(bad.data() + bad.size() - 8, DecodeFixed32(bad.data() + bad.size() - 8) - 1);
  ParseCopy(bad, &s);
  EXPECT_TRUE(s.IsCorruption());
  // A value length running past the value section (entry 0's second header
  // byte).
  bad = raw;
  bad[1] = 120;
  ParseCopy(bad, &s);
  EXPECT_TRUE(s.IsCorruption());
  // A bad kind byte in entry 0 (after two 1-byte varints).
  bad = raw;
  bad[2] = 9;
  ParseCopy(bad, &s);
  EXPECT_TRUE(s.IsCorruption());
  // A key length running past the end.
  bad = raw;
  bad[0] = 120;
  ParseCopy(bad, &s);
  EXPECT_TRUE(s.IsCorruption());
  // Every single-byte change either parses or is Corruption; never crashes.
  for (size_t i = 0; i < raw.size(); i++) {
    bad = raw;
    bad[i] ^= 0x41;
    ParseCopy(bad, &s);
    EXPECT_TRUE(s.ok() || s.IsCorruption());
  }
}

}  // namespace zt
