#include "table/part.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "table/segment_writer.h"
#include "table/table_testutil.h"
#include "table/write_caching.h"

namespace zt {

using testing::KeyOf;
using testing::ValueOf;

namespace {

// One part of 400 records in 4 KiB blocks (several blocks).
class PartDataHintTest : public ::testing::Test {
 protected:
  void Write(const WriteCaching& caching = {}) {
    SegmentWriter w(dir_.path(), opt_, numbers_.fn(), caching);
    for (uint64_t i = 0; i < kRecords; i++) ASSERT_TRUE(w.Add(KeyOf(i), EntryKind::kValue, ValueOf(i)).ok());
    std::vector<PartMeta> parts;
    ASSERT_TRUE(w.Finish(&parts).ok());
    ASSERT_EQ(parts.size(), 1u);
    meta_ = parts[0];
  }
  void Open(uint64_t cache_budget) {
    cache_ = std::make_shared<BlockCache>(cache_budget, std::chrono::milliseconds(0));
    ASSERT_TRUE(Part::Open(dir_.path(), meta_, opt_, cache_, &part_).ok());
    ASSERT_GE(part_->num_blocks(), 3u);
  }
  // Finds record i, checks its value, and returns its block pinned.
  PinnedBlock Find(uint64_t i, uint32_t* block = nullptr) {
    bool found = false;
    Part::Location loc;
    PinnedBlock pin;
    Block::Entry entry;
    EXPECT_TRUE(part_->Find(KeyOf(i), &found, &loc, &pin, &entry).ok());
    EXPECT_TRUE(found);
    if (found) {
      EXPECT_EQ(entry.value, ValueOf(i));
    }
    if (block != nullptr) *block = loc.block;
    return pin;
  }

  static constexpr uint64_t kRecords = 400;
  testing::TempDir dir_;
  testing::FileNumbers numbers_;
  TableOptions opt_ = testing::ReadThroughOptions(4096);
  PartMeta meta_;
  std::shared_ptr<BlockCache> cache_;
  std::shared_ptr<Part> part_;
};

}  // namespace

// A block's bytes are noted where lookups can prefetch them from before they
// hold its handle: when a reader loads it, not for a private read.
TEST_F(PartDataHintTest, ALoadedBlockIsNoted) {
  Write();
  Open(BlockCache::kUnbounded);
  for (uint32_t b = 0; b < part_->num_blocks(); b++) EXPECT_EQ(part_->BlockDataHint(b), nullptr);
  uint32_t b;
  PinnedBlock pin = Find(0, &b);
  EXPECT_EQ(part_->BlockDataHint(b), pin.block()->data());
  const uint32_t last = part_->num_blocks() - 1;
  PinnedBlock private_read;
  ASSERT_TRUE(part_->GetBlock(last, /*fill_cache=*/false, &private_read).ok());
  EXPECT_EQ(part_->BlockDataHint(last), nullptr);  // freed when released: no hint
}

// A cache without a budget keeps nothing: its blocks are private copies,
// freed after the read, and leave no hint.
TEST_F(PartDataHintTest, AnUncachedBlockLeavesNoHint) {
  Write();
  Open(0);
  uint32_t b;
  PinnedBlock pin = Find(0, &b);
  EXPECT_FALSE(part_->BlockCached(b));
  EXPECT_EQ(part_->BlockDataHint(b), nullptr);
}

// A block loaded again after its eviction is noted where it is now; a lookup
// through a stale hint (memory freed since) still reads the right record.
TEST_F(PartDataHintTest, AReloadedBlockRenewsItsHint) {
  Write();
  Open(6 << 10);  // room for one 4 KiB block, not two
  uint32_t first_block, other_block;
  PinnedBlock old = Find(0, &first_block);
  ASSERT_TRUE(part_->BlockCached(first_block));
  const char* old_bytes = old.block()->data();
  Find(kRecords - 1, &other_block);  // evicts the first block (kept alive by `old`)
  ASSERT_NE(first_block, other_block);
  ASSERT_TRUE(part_->BlockCached(other_block));
  ASSERT_FALSE(part_->BlockCached(first_block));
  PinnedBlock reloaded = Find(1);  // another copy: `old` still holds the first
  ASSERT_TRUE(part_->BlockCached(first_block));
  ASSERT_NE(reloaded.block()->data(), old_bytes);
  const char* reloaded_bytes = reloaded.block()->data();
  EXPECT_EQ(part_->BlockDataHint(first_block), reloaded_bytes);
  reloaded = PinnedBlock();
  old = PinnedBlock();
  Find(kRecords - 1);  // evicts and frees the first block: its hint is stale
  ASSERT_FALSE(part_->BlockCached(first_block));
  EXPECT_EQ(part_->BlockDataHint(first_block), reloaded_bytes);
  Find(2);
  Find(3);
}

// The blocks its writer cached are noted when the part adopts them.
TEST_F(PartDataHintTest, AdoptedBlocksAreNoted) {
  cache_ = std::make_shared<BlockCache>(BlockCache::kUnbounded, std::chrono::milliseconds(0));
  Write(WriteCaching{cache_, [](std::string_view, std::string_view) { return true; }, nullptr});
  ASSERT_TRUE(Part::Open(dir_.path(), meta_, opt_, cache_, &part_).ok());
  for (uint32_t b = 0; b < part_->num_blocks(); b++) {
    ASSERT_TRUE(part_->BlockCached(b));
    const char* hint = part_->BlockDataHint(b);  // before any reader had it
    PinnedBlock pin;
    ASSERT_TRUE(part_->GetBlock(b, true, &pin).ok());
    EXPECT_EQ(hint, pin.block()->data());
  }
  EXPECT_EQ(cache_->stats().misses, 0u);
}

// Each lookup tries the block the last one found first: whichever block
// that was, before or after, a neighbour or not, a lookup lands in the block
// the directory gives its key, and absent keys are not found.
using PartBlockHintTest = PartDataHintTest;
TEST_F(PartBlockHintTest, LookupsFindTheirBlockWhicheverCameBefore) {
  Write();
  Open(BlockCache::kUnbounded);
  const uint32_t blocks = part_->num_blocks();
  auto block_of = [&](const std::string& key) {
    uint32_t b = 0;
    while (b + 1 < blocks && part_->block_first_key(b + 1) <= key) b++;
    return b;
  };
  std::vector<uint64_t> order;
  for (uint64_t i = 0; i < kRecords; i++) order.push_back(i);  // ascending: mostly the same block
  for (uint64_t i = kRecords; i-- > 0;) order.push_back(i);    // descending
  for (uint64_t i = 0; i < kRecords / 2; i++) {                // first and last blocks in turn
    order.push_back(i);
    order.push_back(kRecords - 1 - i);
  }
  for (uint64_t i = 0; i < kRecords; i++) order.push_back(i * 7919 % kRecords);  // scattered
  for (uint64_t i : order) {
    uint32_t b;
    PinnedBlock pin = Find(i, &b);
    ASSERT_EQ(b, block_of(KeyOf(i))) << i;
    if (i + 1 == kRecords) continue;  // an absent key past the largest is out of Find's range
    bool found = true;
    Part::Location loc;
    Block::Entry entry;
    ASSERT_TRUE(part_->Find(testing::AbsentKeyOf(i), &found, &loc, &pin, &entry).ok());
    EXPECT_FALSE(found) << i;
  }
}

// Seek lands on the first entry >= its key: each key, each gap between two
// keys (inside a sparse bracket, at its ends and across blocks), before the
// first and after the last; with sparse arrays of several steps (the
// bracket walk) and without one (a search of the block). Keys outside the
// part read no block.
using PartSeekTest = PartDataHintTest;
TEST_F(PartSeekTest, LandsOnTheFirstEntryAtOrAfterTheKey) {
  for (uint32_t step : {0u, 1u, 3u, 16u}) {
    SCOPED_TRACE(step);
    opt_.sparse_array_step = step;
    Write();
    Open(BlockCache::kUnbounded);
    const uint32_t blocks = part_->num_blocks();
    std::vector<Part::Location> at;  // record i's position
    for (uint32_t b = 0; b < blocks; b++) {
      for (uint32_t e = 0; e < part_->block_entries(b); e++) at.push_back(Part::Location{b, e});
    }
    ASSERT_EQ(at.size(), kRecords);
    at.push_back(Part::Location{blocks, 0});  // past the last
    auto seek = [&](const std::string& key, uint64_t want) {
      Part::Location loc{99, 99};
      PinnedBlock pin;
      ASSERT_TRUE(part_->Seek(key, true, &loc, &pin).ok());
      EXPECT_EQ(loc.block, at[want].block) << key;
      EXPECT_EQ(loc.index, at[want].index) << key;
    };
    seek("", 0);
    seek("user:", 0);
    seek(KeyOf(0), 0);
    seek("user;", kRecords);
    seek("zzzz", kRecords);
    EXPECT_EQ(cache_->stats().misses + cache_->stats().hits, 0u);
    for (uint64_t i = 0; i < kRecords; i++) {
      seek(KeyOf(i), i);
      seek(testing::AbsentKeyOf(i), i + 1);
    }
  }
}

// A lookup guesses where its key is in a block before the sparse search
// only in a block whose keys and bytes are spread evenly; the guess is a
// prefetch, so every key is found (and every absent one not) either way.
class PartGuessTest : public ::testing::Test {
 protected:
  // 8-byte big-endian keys key(i), values of value_size(i) bytes, in 16 KiB
  // blocks at the default sparse step (about eight sparse keys a block); opened, each record found twice (so
  // the second Find has the blocks' data hints). Returns the blocks guessed.
  template <typename KeyFn, typename SizeFn>
  uint32_t WriteAndFind(const KeyFn& key, const SizeFn& value_size) {
    TableOptions opt = testing::ReadThroughOptions(16 << 10);
    testing::TempDir dir;
    testing::FileNumbers numbers;
    SegmentWriter w(dir.path(), opt, numbers.fn());
    for (uint64_t i = 0; i < kRecords; i++) {
      EXPECT_TRUE(w.Add(key(i), EntryKind::kValue, ValueOf(i, value_size(i))).ok());
    }
    std::vector<PartMeta> parts;
    EXPECT_TRUE(w.Finish(&parts).ok());
    EXPECT_EQ(parts.size(), 1u);
    auto cache = std::make_shared<BlockCache>(BlockCache::kUnbounded, std::chrono::milliseconds(0));
    std::shared_ptr<Part> part;
    EXPECT_TRUE(Part::Open(dir.path(), parts[0], opt, cache, &part).ok());
    EXPECT_GE(part->num_blocks(), 10u);
    for (int round = 0; round < 2; round++) {
      for (uint64_t i = 0; i < kRecords; i++) {
        bool found = false;
        Part::Location loc;
        PinnedBlock pin;
        Block::Entry entry;
        EXPECT_TRUE(part->Find(key(i), &found, &loc, &pin, &entry).ok());
        EXPECT_TRUE(found) << i;
        if (found) {
          EXPECT_EQ(entry.value, ValueOf(i, value_size(i))) << i;
        }
        const std::string absent = key(i) + '\1';  // between key(i) and key(i + 1)
        EXPECT_TRUE(part->Find(absent, &found, &loc, &pin, &entry).ok());
        EXPECT_FALSE(found) << i;
      }
    }
    uint32_t guessed = 0;
    for (uint32_t b = 0; b < part->num_blocks(); b++) guessed += part->GuessesBlock(b) ? 1 : 0;
    EXPECT_FALSE(part->GuessesBlock(part->num_blocks() - 1));  // no next block to place keys against
    blocks_ = part->num_blocks();
    return guessed;
  }
  static std::string BigEndian(uint64_t v) {
    std::string k(8, '\0');
    for (int b = 0; b < 8; b++) k[b] = static_cast<char>(v >> (56 - 8 * b));
    return k;
  }

  static uint64_t Mix(uint64_t x) {  // SplitMix64's finalizer: sizes or gaps at random
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
  }

  static constexpr uint64_t kRecords = 3000;
  uint32_t blocks_ = 0;
};

TEST_F(PartGuessTest, EvenKeysAndRecordsAreGuessed) {
  const uint32_t guessed =
      WriteAndFind([](uint64_t i) { return BigEndian(1000 + i * 3); }, [](uint64_t) { return size_t{60}; });
  EXPECT_EQ(guessed, blocks_ - 1);
}

TEST_F(PartGuessTest, KeysBunchedBetweenSparseKeysAreFound) {
  // Keys on a line, but in every other run of 16 (between two sparse keys,
  // at the default step) the 15 after the sparse one bunched at the start
  // of their gap. A block that starts and ends in a run on the line fits
  // (its sparse keys are on it), and a guess places a bunched key up to 10
  // entries early, so the bracket bytes it fetches end before the key.
  const uint32_t guessed = WriteAndFind(
      [](uint64_t i) {
        const uint64_t run = i / 16, j = i % 16;
        return BigEndian(1000 + run * 48 + (run % 2 == 1 ? j : 3 * j));
      },
      [](uint64_t) { return size_t{60}; });
  EXPECT_GT(guessed, 0u);
}

TEST_F(PartGuessTest, RecordsOfUnevenSizeAreNot) {
  // Runs of 64 short records and 64 long ones: a line through a block's
  // bytes misses where its runs change by kilobytes.
  const uint32_t guessed = WriteAndFind([](uint64_t i) { return BigEndian(1000 + i * 3); },
                                        [](uint64_t i) { return (i / 64) % 2 == 0 ? size_t{20} : size_t{220}; });
  EXPECT_EQ(guessed, 0u);
}

TEST_F(PartGuessTest, UnevenKeysAreNot) {
  // Gaps of 1 and 1000 at random: no line places the keys within an entry.
  std::vector<uint64_t> keys(kRecords);
  uint64_t k = 1000;
  for (uint64_t i = 0; i < kRecords; i++) {
    k += Mix(i) % 2 != 0 ? 1000 : 1;
    keys[i] = k;
  }
  const uint32_t guessed =
      WriteAndFind([&](uint64_t i) { return BigEndian(keys[i]); }, [](uint64_t) { return size_t{60}; });
  EXPECT_EQ(guessed, 0u);
}

}  // namespace zt
