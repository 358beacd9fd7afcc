#include "table/block.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "table/block_builder.h"
#include "table/key_window.h"

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

// Block::ScanFor as a point lookup calls it, with target's window at lcp.
int64_t Scan(const Block& block, std::string_view target, uint32_t lcp, uint32_t lo, uint32_t count, Block::Entry* e) {
  return block.ScanFor(target, lcp, KeyWindow(target, lcp), block.OffsetOf(lo), lo, count, e);
}

std::unique_ptr<Block> ParseCopy(std::string_view raw, Status* status, uint32_t inline_value_max) {
  Buffer data = NewBuffer(raw.size());
  if (!raw.empty()) std::memcpy(data.get(), raw.data(), raw.size());
  std::unique_ptr<Block> block;
  *status = Block::Parse(std::move(data), raw.size(), inline_value_max, &block);
  return block;
}

// Values of 0 to 40 bytes in turn, and every 7th of 300 or more: on each
// side of every limit the tests use.
std::string MixedVal(int i) {
  size_t n = i % 7 == 6 ? 300 + static_cast<size_t>(i % 5) : static_cast<size_t>(i % 41);
  std::string v(n, static_cast<char>('a' + i % 26));
  if (!v.empty()) v[0] = static_cast<char>('0' + i % 10);
  return v;
}

}  // namespace

// The tests run on blocks with values next to their keys up to the default
// limit, up to 16 bytes, and none (format version 2's blocks).
class BlockTest : public ::testing::TestWithParam<uint32_t> {
 protected:
  uint32_t inline_value_max() const { return GetParam(); }
  std::unique_ptr<Block> Parse(std::string_view raw, Status* status) {
    return ParseCopy(raw, status, inline_value_max());
  }
};

INSTANTIATE_TEST_SUITE_P(InlineLimits, BlockTest, ::testing::Values(kDefaultInlineValueMax, 16u, 0u));

TEST_P(BlockTest, BuildAndRead) {
  BlockBuilder builder(inline_value_max());
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
  auto block = Parse(raw, &s);
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

TEST_P(BlockTest, ScanForAndFindInRange) {
  BlockBuilder builder(inline_value_max());
  for (int i = 0; i < 100; i++) builder.Add(Key(i * 2), EntryKind::kValue, Val(i));
  Status s;
  auto block = Parse(builder.Finish(), &s);
  ASSERT_TRUE(s.ok());
  Block::Entry e;
  // Every present key from its bracket start (step 16), absent keys fail;
  // with windows at no prefix, at "key" and at the block's whole common
  // prefix "key00000" (where the keys' last 3 bytes fill the window).
  for (uint32_t i = 0; i < 100; i++) {
    uint32_t lo = i / 16 * 16;
    uint32_t count = std::min<uint32_t>(16, 100 - lo);
    for (uint32_t lcp : {0u, 3u, 8u}) {
      ASSERT_EQ(Scan(*block, Key(i * 2), lcp, lo, count, &e), i) << lcp;
      EXPECT_EQ(e.value, Val(i));
      EXPECT_EQ(Scan(*block, Key(i * 2 + 1), lcp, lo, count, &e), -1) << lcp;
    }
    ASSERT_EQ(block->FindInRange(Key(i * 2), lo, lo + count, &e), i);
    EXPECT_EQ(e.key, Key(i * 2));
    EXPECT_EQ(block->FindInRange(Key(i * 2 + 1), lo, lo + count, &e), -1);
    EXPECT_EQ(block->FindInRange(Key(i * 2), 0, 100, &e), i);  // no prefetch path
  }
  // A key outside the scanned range is not found.
  EXPECT_EQ(Scan(*block, Key(40), 8, 0, 16, &e), -1);
  EXPECT_EQ(block->FindInRange(Key(40), 0, 16, &e), -1);
  EXPECT_EQ(block->OffsetOf(0), 0u);
  EXPECT_LT(block->OffsetOf(99), block->entries_end());
}

// Keys that differ in length, end in zero bytes or are prefixes of one
// another, where windows tie or are zero padded: a scan at their common
// prefix finds exactly what a bytewise search does, present or absent.
TEST_P(BlockTest, ScanForAgreesWithBytewiseOrder) {
  const std::string prefix("pre\0fix", 7);
  std::vector<std::string> keys;
  for (const std::string& tail :
       std::vector<std::string>{"", std::string(1, '\0'), std::string(2, '\0'), "\x01", "a", std::string("a\0", 2),
                                "ab", "abcdefg", "abcdefgh", std::string("abcdefgh\0", 9), "abcdefghi", "abcdefghij",
                                "b", "\xff\xff\xff\xff\xff\xff\xff\xff\xff"}) {
    keys.push_back(prefix + tail);
  }
  std::sort(keys.begin(), keys.end());
  BlockBuilder builder(inline_value_max());
  for (size_t i = 0; i < keys.size(); i++) builder.Add(keys[i], EntryKind::kValue, Val(static_cast<int>(i)));
  Status s;
  auto block = Parse(builder.Finish(), &s);
  ASSERT_TRUE(s.ok()) << s.ToString();
  const auto n = static_cast<uint32_t>(keys.size());
  std::vector<std::string> targets = keys;
  for (const std::string& k : keys) {
    targets.push_back(k + std::string(1, '\0'));
    targets.push_back(k + "a");
    if (k.size() > prefix.size()) targets.push_back(k.substr(0, k.size() - 1) + "\x7f");
  }
  Block::Entry e;
  for (const std::string& t : targets) {
    const auto at = std::find(keys.begin(), keys.end(), t);
    const int64_t want = at == keys.end() ? -1 : at - keys.begin();
    for (uint32_t lcp = 0; lcp <= prefix.size(); lcp++) {
      ASSERT_EQ(Scan(*block, t, lcp, 0, n, &e), want) << "target of " << t.size() << " bytes, lcp " << lcp;
      if (want >= 0) {
        EXPECT_EQ(e.key, t);
      }
    }
  }
}

TEST_P(BlockTest, MixedValueLengths) {
  // Short and long values interleaved: every entry reads back, by index and
  // by a scan from any bracket start, whichever section its value is in.
  BlockBuilder builder(inline_value_max());
  const int n = 300;
  size_t long_bytes = 0;
  for (int i = 0; i < n; i++) {
    EntryKind kind = i % 13 == 5 ? EntryKind::kTombstone : EntryKind::kValue;
    std::string v = kind == EntryKind::kValue ? MixedVal(i) : "";
    if (v.size() > inline_value_max()) long_bytes += v.size();
    builder.Add(Key(i * 2), kind, v);
  }
  std::string raw(builder.Finish());
  Status s;
  auto block = Parse(raw, &s);
  ASSERT_TRUE(s.ok()) << s.ToString();
  // The value section holds exactly the long values.
  EXPECT_EQ(raw.size() - 8 - block->entries_end(), long_bytes);
  Block::Entry e;
  for (uint32_t i = 0; i < n; i++) {
    std::string want = i % 13 == 5 ? "" : MixedVal(static_cast<int>(i));
    ASSERT_EQ(block->EntryAt(i).value, want) << i;
    for (uint32_t lo : {i / 16 * 16, i / 5 * 5, 0u}) {
      uint32_t count = std::min<uint32_t>(i - lo + 3, n - lo);
      ASSERT_EQ(Scan(*block, Key(static_cast<int>(i) * 2), 3, lo, count, &e), i) << lo;
      EXPECT_EQ(e.value, want) << i << " from " << lo;
      EXPECT_EQ(e.kind, i % 13 == 5 ? EntryKind::kTombstone : EntryKind::kValue);
      EXPECT_EQ(Scan(*block, Key(static_cast<int>(i) * 2 + 1), 3, lo, count, &e), -1);
    }
  }
}

TEST(BlockFormatTest, MemoryUsageCountsValueOffsetsOnlyWhenNeeded) {
  // 4 bytes an entry for its position, 4 more only in a block with a value
  // section.
  for (uint32_t limit : {kDefaultInlineValueMax, 0u}) {
    BlockBuilder builder(limit);
    for (int i = 0; i < 100; i++) builder.Add(Key(i), EntryKind::kValue, Val(i));
    std::string raw(builder.Finish());
    Status s;
    auto block = ParseCopy(raw, &s, limit);
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(block->MemoryUsage(), raw.size() + (limit == 0 ? 800u : 400u)) << limit;
    EXPECT_EQ(block->EntryAt(57).value, Val(57));
  }
}

// A block whose buffer is a pool page (more than half a page) is charged the whole page: what it holds.
TEST(BlockFormatTest, MemoryUsageOfAPooledBlockIsItsPage) {
  BlockBuilder builder(kDefaultInlineValueMax);
  builder.Add(Key(0), EntryKind::kValue, std::string(40000, 'v'));
  std::string raw(builder.Finish());
  Buffer data = NewBuffer(raw.size());
  ASSERT_TRUE(data.get_deleter().pooled());
  std::memcpy(data.get(), raw.data(), raw.size());
  std::unique_ptr<Block> block;
  ASSERT_TRUE(Block::Parse(std::move(data), raw.size(), kDefaultInlineValueMax, &block).ok());
  // One entry whose value is stored apart: its position and its value offset.
  EXPECT_EQ(block->MemoryUsage(), PagePool::kPageSize + 8u);
}

TEST(BlockFormatTest, InlineLimitsAreNotInterchangeable) {
  // A reader takes the bytes after a key for a value only if the part's
  // limit puts them there: here a block parsed with another limit than it
  // was written with misreads a header and is Corruption.
  BlockBuilder with(16);
  for (int i = 0; i < 50; i++) with.Add(Key(i), EntryKind::kValue, "value");
  Status s;
  ParseCopy(with.Finish(), &s, 0);
  EXPECT_TRUE(s.IsCorruption());
  BlockBuilder without(0);
  for (int i = 0; i < 50; i++) without.Add(Key(i), EntryKind::kValue, "value");
  ParseCopy(without.Finish(), &s, 16);
  EXPECT_TRUE(s.IsCorruption());
  // A value in the key section running past its end.
  BlockBuilder one(16);
  one.Add("k", EntryKind::kValue, "vvvv");
  std::string raw(one.Finish());
  raw[1] = 10;  // value length 10: still under the limit, past the section's end
  ParseCopy(raw, &s, 16);
  EXPECT_TRUE(s.IsCorruption());
  EXPECT_NE(s.ToString().find("value past end of key section"), std::string::npos) << s.ToString();
}

TEST_P(BlockTest, LargeValuesAndReset) {
  BlockBuilder builder(inline_value_max());
  std::string big(100000, 'b');
  builder.Add("a", EntryKind::kValue, big);
  builder.Add("b", EntryKind::kValue, "");
  std::string raw(builder.Finish());
  Status s;
  auto block = Parse(raw, &s);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(block->EntryAt(0).value, big);
  EXPECT_EQ(block->EntryAt(1).key, "b");
  builder.Reset();
  EXPECT_TRUE(builder.empty());
  builder.Add("c", EntryKind::kValue, "x");
  auto block2 = Parse(builder.Finish(), &s);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(block2->num_entries(), 1u);
  EXPECT_EQ(block2->EntryAt(0).key, "c");
}

TEST_P(BlockTest, MalformedBlocksAreCorruption) {
  BlockBuilder builder(inline_value_max());
  // Values of 5 and 300 bytes: some in the value section at every limit.
  for (int i = 0; i < 20; i++) builder.Add(Key(i), EntryKind::kValue, i % 2 == 0 ? "value" : std::string(300, 'x'));
  std::string raw(builder.Finish());
  Status s;
  // Every truncation must fail cleanly (never crash).
  for (size_t len = 0; len < raw.size(); len++) {
    auto b = Parse(std::string_view(raw).substr(0, len), &s);
    EXPECT_TRUE(s.IsCorruption()) << len;
    EXPECT_EQ(b, nullptr);
  }
  // A huge entry count.
  std::string bad = raw;
  EncodeFixed32(bad.data() + bad.size() - 4, 0x7fffffff);
  Parse(bad, &s);
  EXPECT_TRUE(s.IsCorruption());
  // Zero entries.
  bad = raw;
  EncodeFixed32(bad.data() + bad.size() - 4, 0);
  Parse(bad, &s);
  EXPECT_TRUE(s.IsCorruption());
  // An entry count one more, or one less, than the entries there are.
  bad = raw;
  EncodeFixed32(bad.data() + bad.size() - 4, 21);
  Parse(bad, &s);
  EXPECT_TRUE(s.IsCorruption());
  bad = raw;
  EncodeFixed32(bad.data() + bad.size() - 4, 19);
  Parse(bad, &s);
  EXPECT_TRUE(s.IsCorruption());
  // A key section size past the offsets, or one byte short.
  bad = raw;
  EncodeFixed32(bad.data() + bad.size() - 8, 0xffffff);
  Parse(bad, &s);
  EXPECT_TRUE(s.IsCorruption());
  bad = raw;
  EncodeFixed32(bad.data() + bad.size() - 8, DecodeFixed32(bad.data() + bad.size() - 8) - 1);
  Parse(bad, &s);
  EXPECT_TRUE(s.IsCorruption());
  // A wrong value length (entry 0's second header byte).
  bad = raw;
  bad[1] = 120;
  Parse(bad, &s);
  EXPECT_TRUE(s.IsCorruption());
  // A bad kind byte in entry 0 (after two 1-byte varints).
  bad = raw;
  bad[2] = 9;
  Parse(bad, &s);
  EXPECT_TRUE(s.IsCorruption());
  // A key length running past the end.
  bad = raw;
  bad[0] = 120;
  Parse(bad, &s);
  EXPECT_TRUE(s.IsCorruption());
  // Every single-byte change either parses or is Corruption; never crashes.
  for (size_t i = 0; i < raw.size(); i++) {
    bad = raw;
    bad[i] ^= 0x41;
    Parse(bad, &s);
    EXPECT_TRUE(s.ok() || s.IsCorruption());
  }
}

}  // namespace zt
