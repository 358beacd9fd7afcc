#include "db/tree.h"

#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <set>
#include <thread>

#include "db/testutil.h"
#include "table/format.h"
#include "util/file.h"

namespace zt {
namespace {

class TreeTest : public ::testing::Test {
 protected:
  void Open(const Options& o) {
    options_ = o;
    cache_ = std::make_shared<BlockCache>(o.block_cache_bytes, o.block_cache_lifetime);
    Status s = Tree::Open(dir_.Sub("tree"), o, cache_, &stats_, gate_.get(), &tree_);
    ASSERT_TRUE(s.ok()) << s.ToString();
  }
  void Reopen() {
    ASSERT_TRUE(tree_->Close().ok());
    tree_.reset();
    Open(options_);
  }
  std::string Get(const std::string& k) {
    std::string v;
    Status s = tree_->Get(k, &v);
    if (s.IsNotFound()) return "NOT_FOUND";
    EXPECT_TRUE(s.ok()) << s.ToString();
    return v;
  }
  std::string Scan() {
    std::string out;
    auto it = tree_->NewIterator();
    for (it->SeekToFirst(); it->Valid(); it->Next()) {
      out.append(it->key());
      out.append("=");
      out.append(it->value());
      out.append(";");
    }
    EXPECT_TRUE(it->status().ok());
    return out;
  }
  std::set<uint64_t> SegFiles() {
    std::set<uint64_t> out;
    for (const auto& p : test::FilesWithSuffix(dir_.Sub("tree"), ".seg")) {
      uint64_t n = 0;
      std::string name = p.substr(p.rfind('/') + 1);
      EXPECT_TRUE(ParsePartFileName(name, &n));
      out.insert(n);
    }
    return out;
  }

  test::TempDir dir_;
  Options options_;
  std::shared_ptr<BlockCache> cache_;
  EngineStats stats_;
  std::unique_ptr<MergeGate> gate_;  // the merge threads' (none by default); outlives tree_
  std::unique_ptr<Tree> tree_;
};

TEST_F(TreeTest, NewestWinsAcrossLayersAndTombstonesHide) {
  Open(test::SmallOptions());
  ASSERT_TRUE(tree_->Put("a", "disk").ok());
  ASSERT_TRUE(tree_->Put("b", "disk").ok());
  ASSERT_TRUE(tree_->Put("c", "disk").ok());
  ASSERT_TRUE(tree_->Stabilize().ok());
  EXPECT_EQ(tree_->GetLayout().disk_entries, 3u);
  ASSERT_TRUE(tree_->Put("b", "frozen").ok());
  ASSERT_TRUE(tree_->Delete("c").ok());
  ASSERT_TRUE(tree_->Freeze().ok());
  ASSERT_TRUE(tree_->Put("a", "mutable").ok());
  EXPECT_EQ(Get("a"), "mutable");
  EXPECT_EQ(Get("b"), "frozen");
  EXPECT_EQ(Get("c"), "NOT_FOUND");
  EXPECT_EQ(Scan(), "a=mutable;b=frozen;");
  ASSERT_TRUE(tree_->Stabilize().ok());
  Tree::Layout l = tree_->GetLayout();
  EXPECT_EQ(l.frozen, 0u);
  EXPECT_EQ(l.mutable_records, 0u);
  // No bottom segments: the tombstone for c was dropped, c itself too.
  EXPECT_EQ(l.disk_entries, 2u);
  EXPECT_GE(stats_.tombstones_dropped.load(), 1u);
  EXPECT_EQ(Scan(), "a=mutable;b=frozen;");
  uint64_t n = 0;
  ASSERT_TRUE(tree_->Count(&n).ok());
  EXPECT_EQ(n, 2u);
}

TEST_F(TreeTest, FreezesWhenFullAndMergesInBackground) {
  Options o = test::SmallOptions();
  Open(o);
  std::map<std::string, std::string> model;
  for (int i = 0; i < 2000; ++i) {
    std::string k = test::Key((i * 37) % 1500);
    std::string v = test::Value(i, 1);
    ASSERT_TRUE(tree_->Put(k, v).ok());
    model[k] = v;
  }
  EXPECT_GE(stats_.freezes.load(), 2000u / o.mutable_segment_max_item_count);
  ASSERT_TRUE(tree_->WaitForMerges().ok());
  EXPECT_GE(stats_.merges.load(), 1u);
  for (const auto& [k, v] : model) ASSERT_EQ(Get(k), v) << k;
  ASSERT_TRUE(tree_->Stabilize().ok());
  EXPECT_EQ(tree_->GetLayout().disk_entries, model.size());
  // Multi-part: no part above part_max_entries.
  EXPECT_GE(tree_->GetLayout().disk_parts, model.size() / o.table.part_max_entries);
}

TEST_F(TreeTest, MergeReusesUntouchedParts) {
  Options o = test::SmallOptions();
  o.mutable_segment_max_item_count = 100000;
  Open(o);
  for (int i = 0; i < 1000; ++i) {
    ASSERT_TRUE(tree_->Put(test::Key(i), test::Value(i, 0)).ok());
  }
  ASSERT_TRUE(tree_->Stabilize().ok());
  Tree::Layout before = tree_->GetLayout();
  ASSERT_GE(before.disk_parts, 3u);
  // New keys only after every existing part, and one overwrite in the middle.
  for (int i = 1000; i < 1100; ++i) {
    ASSERT_TRUE(tree_->Put(test::Key(i), test::Value(i, 0)).ok());
  }
  ASSERT_TRUE(tree_->Put(test::Key(500), "changed").ok());
  ASSERT_TRUE(tree_->Stabilize().ok());
  Tree::Layout after = tree_->GetLayout();
  EXPECT_GE(stats_.parts_reused.load(), 1u);
  // The first part (keys < 500) is reused as is: same file.
  EXPECT_EQ(after.disk_part_files[0], before.disk_part_files[0]);
  std::set<uint64_t> files = SegFiles();
  EXPECT_EQ(files.count(before.disk_part_files[0]), 1u);
  // The part holding key 500 was rewritten and its old file deleted.
  std::set<uint64_t> live(after.disk_part_files.begin(), after.disk_part_files.end());
  EXPECT_EQ(files, live);
  EXPECT_EQ(Get(test::Key(500)), "changed");
  EXPECT_EQ(Get(test::Key(499)), test::Value(499, 0));
  EXPECT_EQ(Get(test::Key(1099)), test::Value(1099, 0));
  EXPECT_EQ(after.disk_entries, 1100u);
  Reopen();
  EXPECT_EQ(Get(test::Key(500)), "changed");
  EXPECT_EQ(tree_->GetLayout().disk_part_files, after.disk_part_files);
}

TEST_F(TreeTest, BottomSegmentsAndMergeAllPolicy) {
  Options o = test::SmallOptions();
  o.disk_segment_max_item_count = 300;
  o.mutable_segment_max_item_count = 100000;
  Open(o);
  for (int i = 0; i < 400; ++i) {
    ASSERT_TRUE(tree_->Put(test::Key(i), test::Value(i, 0)).ok());
  }
  ASSERT_TRUE(tree_->Stabilize().ok());
  Tree::Layout l = tree_->GetLayout();
  ASSERT_EQ(l.bottom_entries.size(), 1u);
  EXPECT_EQ(l.bottom_entries[0], 400u);
  EXPECT_EQ(l.disk_entries, 0u);
  EXPECT_EQ(stats_.bottom_moves.load(), 1u);

  // A delete above a bottom keeps its tombstone (something older exists).
  ASSERT_TRUE(tree_->Delete(test::Key(5)).ok());
  ASSERT_TRUE(tree_->Put(test::Key(6), "new6").ok());
  ASSERT_TRUE(tree_->Stabilize().ok());
  l = tree_->GetLayout();
  EXPECT_EQ(l.disk_entries, 2u);
  EXPECT_EQ(Get(test::Key(5)), "NOT_FOUND");
  EXPECT_EQ(Get(test::Key(6)), "new6");

  // Grow the disk segment past the limit: a second bottom, then merge-all.
  for (int i = 400; i < 800; ++i) {
    ASSERT_TRUE(tree_->Put(test::Key(i), test::Value(i, 0)).ok());
  }
  ASSERT_TRUE(tree_->Stabilize().ok());
  l = tree_->GetLayout();
  EXPECT_EQ(stats_.bottom_merges.load(), 1u);
  ASSERT_EQ(l.bottom_entries.size(), 1u);
  EXPECT_EQ(l.bottom_entries[0], 799u);  // 800 keys minus the deleted one
  EXPECT_EQ(Get(test::Key(5)), "NOT_FOUND");
  EXPECT_EQ(Get(test::Key(6)), "new6");
  EXPECT_EQ(Get(test::Key(799)), test::Value(799, 0));
  uint64_t n = 0;
  ASSERT_TRUE(tree_->Count(&n).ok());
  EXPECT_EQ(n, 799u);
  Reopen();
  ASSERT_TRUE(tree_->Count(&n).ok());
  EXPECT_EQ(n, 799u);
  EXPECT_EQ(tree_->GetLayout().bottom_entries.size(), 1u);
}

TEST_F(TreeTest, IteratorPinsSegmentsAcrossMerge) {
  Options o = test::SmallOptions();
  o.mutable_segment_max_item_count = 100000;
  Open(o);
  for (int i = 0; i < 500; ++i) {
    ASSERT_TRUE(tree_->Put(test::Key(i), test::Value(i, 0)).ok());
  }
  ASSERT_TRUE(tree_->Stabilize().ok());
  std::set<uint64_t> old_files = SegFiles();
  auto it = tree_->NewIterator();
  it->SeekToFirst();
  ASSERT_TRUE(it->Valid());
  // Rewrite every key and merge: the old parts leave the layout.
  for (int i = 0; i < 500; ++i) {
    ASSERT_TRUE(tree_->Put(test::Key(i), test::Value(i, 1)).ok());
  }
  ASSERT_TRUE(tree_->Put(test::Key(1000), "after").ok());
  ASSERT_TRUE(tree_->Stabilize().ok());
  // Old files are still there while the iterator lives...
  for (uint64_t f : old_files) EXPECT_EQ(SegFiles().count(f), 1u) << f;
  int n = 0;
  for (; it->Valid(); it->Next(), ++n) {
    ASSERT_EQ(it->key(), test::Key(n));
    ASSERT_EQ(it->value(), test::Value(n, 0));  // the old version
  }
  EXPECT_TRUE(it->status().ok());
  EXPECT_EQ(n, 500);
  it.reset();
  // ... and gone once it is destroyed.
  for (uint64_t f : old_files) EXPECT_EQ(SegFiles().count(f), 0u) << f;
  EXPECT_EQ(Get(test::Key(7)), test::Value(7, 1));
}

TEST_F(TreeTest, IteratorIsASnapshot) {
  Open(test::SmallOptions());
  ASSERT_TRUE(tree_->Put("b", "1").ok());
  auto it = tree_->NewIterator();
  ASSERT_TRUE(tree_->Put("a", "2").ok());
  ASSERT_TRUE(tree_->Put("b", "3").ok());
  ASSERT_TRUE(tree_->Freeze().ok());
  ASSERT_TRUE(tree_->Put("c", "4").ok());
  it->SeekToFirst();
  ASSERT_TRUE(it->Valid());
  EXPECT_EQ(it->key(), "b");
  EXPECT_EQ(it->value(), "1");
  it->Next();
  EXPECT_FALSE(it->Valid());
  EXPECT_EQ(Scan(), "a=2;b=3;c=4;");
}

class TreeReopenTest : public TreeTest, public ::testing::WithParamInterface<WalMode> {};

TEST_P(TreeReopenTest, CloseAndReopenKeepsEverything) {
  Options o = test::SmallOptions(GetParam());
  Open(o);
  std::map<std::string, std::string> model;
  for (int i = 0; i < 1500; ++i) {
    std::string k = test::Key((i * 13) % 700);
    if (i % 10 == 9) {
      ASSERT_TRUE(tree_->Delete(k).ok());
      model.erase(k);
    } else {
      std::string v = test::Value(i, 2);
      ASSERT_TRUE(tree_->Put(k, v).ok());
      model[k] = v;
    }
  }
  std::string expected;
  for (const auto& [k, v] : model) expected += k + "=" + v + ";";
  EXPECT_EQ(Scan(), expected);
  Reopen();
  EXPECT_EQ(Scan(), expected);
  EXPECT_EQ(stats_.wal_torn_tails.load(), 0u);
  ASSERT_TRUE(tree_->Stabilize().ok());
  Reopen();
  EXPECT_EQ(Scan(), expected);
  if (GetParam() != WalMode::kNone) {
    // After a stabilize only the fresh mutable segment's log is left.
    EXPECT_LE(test::FilesWithSuffix(dir_.Sub("tree"), ".wal").size(), 2u);
  }
}

INSTANTIATE_TEST_SUITE_P(Modes, TreeReopenTest,
                         ::testing::Values(WalMode::kNone, WalMode::kSync, WalMode::kSyncCompressed,
                                           WalMode::kAsyncCompressed));

class TreeWarmingTest : public TreeTest, public ::testing::WithParamInterface<bool> {
 protected:
  // Waits (at most 10 s) until the merge thread has no blocks left to warm.
  void WaitForWarming() {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (tree_->Warming() && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    ASSERT_FALSE(tree_->Warming());
  }
  // Opens the tree with every read going to its block (no key or value cache), room in the block cache for every
  // block, and the two ways of keeping cached blocks cached across a merge as given.
  void OpenForCaching(bool warm, bool cache_merge_output) {
    Options o = test::SmallOptions();
    o.mutable_segment_max_item_count = 100000;
    o.table.key_cache_size = 0;
    o.table.value_cache_size = 0;
    o.block_cache_bytes = 16 << 20;
    o.warm_cache_after_merge = warm;
    o.cache_merge_output = cache_merge_output;
    Open(o);
  }
  // Writes keys [0, n) with round `round`'s values.
  void PutRound(int n, int round) {
    for (int i = 0; i < n; ++i) ASSERT_TRUE(tree_->Put(test::Key(i), test::Value(i, round)).ok());
  }
  // Reads keys [begin, end) of round `round`; returns the block cache misses they cost.
  uint64_t ReadMisses(int begin, int end, int round) {
    uint64_t before = cache_->stats().misses;
    for (int i = begin; i < end; ++i) EXPECT_EQ(Get(test::Key(i)), test::Value(i, round));
    return cache_->stats().misses - before;
  }
};

// WarmCacheAfterMerge: the blocks readers had cached are cached again after a merge rewrote them (their keys read
// again miss nothing), and only those (the warmed blocks are a few of the segment's); a part the merge reused keeps
// its cached blocks and warms nothing. Off: the first reads of the rewritten blocks miss.
TEST_P(TreeWarmingTest, BlocksCachedBeforeAMergeAreCachedAfterIt) {
  const bool warm = GetParam();
  OpenForCaching(warm, /*cache_merge_output=*/false);  // warming alone
  constexpr int kKeys = 2000;
  PutRound(kKeys, 0);
  ASSERT_TRUE(tree_->Stabilize().ok());
  EXPECT_GT(ReadMisses(100, 200, 0), 0u);  // the blocks of keys 100..199 enter the cache
  EXPECT_EQ(ReadMisses(100, 200, 0), 0u);
  const uint64_t blocks = cache_->stats().inserts;

  PutRound(kKeys, 1);
  ASSERT_TRUE(tree_->Stabilize().ok());  // every part rewritten
  WaitForWarming();
  const uint64_t warmed = stats_.blocks_warmed.load();
  if (warm) {
    EXPECT_EQ(ReadMisses(100, 200, 1), 0u);
    // The blocks holding keys 100..199 and at most one more at each end (the bounds are block first keys); the
    // segment has about 20 times as many.
    EXPECT_GE(warmed, 1u);
    EXPECT_LE(warmed, blocks + 2);
  } else {
    EXPECT_GT(ReadMisses(100, 200, 1), 0u);
    EXPECT_EQ(warmed, 0u);
  }

  // Only keys far from 100..199 change: the parts holding those are reused, nothing is warmed, nothing misses.
  for (int i = 1500; i < 1600; ++i) ASSERT_TRUE(tree_->Put(test::Key(i), test::Value(i, 1)).ok());
  ASSERT_TRUE(tree_->Stabilize().ok());
  WaitForWarming();
  EXPECT_GE(stats_.parts_reused.load(), 1u);
  EXPECT_EQ(stats_.blocks_warmed.load(), warmed);
  EXPECT_EQ(ReadMisses(100, 200, 1), 0u);
}

// No warming while the store takes writes: a merge that ends with a record in the memtable warms nothing; the next
// merge (of that record, at Stabilize) warms the blocks read since.
TEST_F(TreeWarmingTest, NoWarmingWhileTheStoreTakesWrites) {
  gate_ = std::make_unique<MergeGate>(1);
  OpenForCaching(/*warm=*/true, /*cache_merge_output=*/false);  // warming alone
  constexpr int kKeys = 2000;
  PutRound(kKeys, 0);
  ASSERT_TRUE(tree_->Stabilize().ok());
  EXPECT_GT(ReadMisses(100, 200, 0), 0u);

  {
    MergeGate::Pass hold(gate_.get());  // the merge of the next freeze waits for this
    PutRound(kKeys, 1);
    ASSERT_TRUE(tree_->Freeze().ok());
    ASSERT_TRUE(tree_->Put(test::Key(150), test::Value(150, 1)).ok());  // in the memtable when the merge ends
  }
  ASSERT_TRUE(tree_->WaitForMerges().ok());
  std::this_thread::sleep_for(std::chrono::milliseconds(50));  // time a merge thread that would warm would take
  EXPECT_FALSE(tree_->Warming());
  EXPECT_EQ(stats_.blocks_warmed.load(), 0u);
  EXPECT_GT(ReadMisses(100, 200, 1), 0u);

  // Merging key 150 rewrites its part, whose blocks just read are warmed now that nothing is written.
  ASSERT_TRUE(tree_->Stabilize().ok());
  WaitForWarming();
  EXPECT_GT(stats_.blocks_warmed.load(), 0u);
  EXPECT_EQ(ReadMisses(100, 200, 1), 0u);
}

// CacheMergeOutput: a merge that ends while the store takes writes (when warming does not run) puts the new blocks
// over keys readers had cached into the cache as it writes them: those keys read again miss nothing, and only those
// blocks were cached (at most one more at each end, as for warming). Off, the first reads of the rewritten blocks
// miss.
TEST_P(TreeWarmingTest, MergeCachesTheBlocksReadersHadCachedAsItWritesThem) {
  const bool on = GetParam();
  gate_ = std::make_unique<MergeGate>(1);
  OpenForCaching(/*warm=*/false, /*cache_merge_output=*/on);
  constexpr int kKeys = 2000;
  PutRound(kKeys, 0);
  ASSERT_TRUE(tree_->Stabilize().ok());
  EXPECT_EQ(stats_.blocks_cached_by_merges.load(), 0u);  // nothing was read before that merge
  EXPECT_GT(ReadMisses(100, 200, 0), 0u);
  const uint64_t blocks = cache_->stats().inserts;

  {
    MergeGate::Pass hold(gate_.get());  // the merge of the next freeze waits for this
    PutRound(kKeys, 1);
    ASSERT_TRUE(tree_->Freeze().ok());
    ASSERT_TRUE(tree_->Put(test::Key(kKeys), test::Value(kKeys, 1)).ok());  // in the memtable when the merge ends
  }
  ASSERT_TRUE(tree_->WaitForMerges().ok());
  const uint64_t cached = stats_.blocks_cached_by_merges.load();
  if (on) {
    EXPECT_EQ(ReadMisses(100, 200, 1), 0u);
    EXPECT_GE(cached, 1u);
    EXPECT_LE(cached, blocks + 2);
  } else {
    EXPECT_GT(ReadMisses(100, 200, 1), 0u);
    EXPECT_EQ(cached, 0u);
  }
  EXPECT_EQ(stats_.blocks_warmed.load(), 0u);
}

// With both on, warming after a merge (no writes) skips the blocks the merge cached as it wrote them: it loads at
// most the block at each end that its bound (the next block's first key) takes in and the merge's (the block's last
// key) did not.
TEST_F(TreeWarmingTest, WarmingSkipsTheBlocksCachedAsWritten) {
  OpenForCaching(/*warm=*/true, /*cache_merge_output=*/true);
  constexpr int kKeys = 2000;
  PutRound(kKeys, 0);
  ASSERT_TRUE(tree_->Stabilize().ok());
  EXPECT_GT(ReadMisses(100, 200, 0), 0u);
  PutRound(kKeys, 1);
  ASSERT_TRUE(tree_->Stabilize().ok());
  WaitForWarming();
  EXPECT_GT(stats_.blocks_cached_by_merges.load(), 2u);
  EXPECT_LE(stats_.blocks_warmed.load(), 2u);
  EXPECT_EQ(ReadMisses(100, 200, 1), 0u);
}

// CacheMergeOutput under a budget that holds the segment once but not twice: a merge that no reader waits on (at
// Stabilize) makes room for its output with the blocks it replaces (read before it began, so CLOCK alone would keep
// them and evict the new blocks, which nobody has read yet): every key read again after it misses nothing. Its own
// reads of those blocks do not count as use.
TEST_F(TreeWarmingTest, AMergeMakesRoomWithTheBlocksItReplaces) {
  OpenForCaching(/*warm=*/false, /*cache_merge_output=*/true);
  constexpr int kKeys = 2000;
  PutRound(kKeys, 0);
  ASSERT_TRUE(tree_->Stabilize().ok());
  EXPECT_GT(ReadMisses(0, kKeys, 0), 0u);
  const uint64_t segment = cache_->charge();  // every block of the segment

  Options o = options_;
  o.block_cache_bytes = segment * 3 / 2;
  ASSERT_TRUE(tree_->Close().ok());
  tree_.reset();
  Open(o);
  EXPECT_GT(ReadMisses(0, kKeys, 0), 0u);
  EXPECT_EQ(ReadMisses(0, kKeys, 0), 0u);  // it fits

  PutRound(kKeys, 1);
  ASSERT_TRUE(tree_->Stabilize().ok());  // every block rewritten
  EXPECT_GT(stats_.blocks_cached_by_merges.load(), 0u);
  EXPECT_GT(cache_->stats().demoted, 0u);
  EXPECT_EQ(ReadMisses(0, kKeys, 1), 0u);
}

INSTANTIATE_TEST_SUITE_P(OnOff, TreeWarmingTest, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& p) { return p.param ? "On" : "Off"; });

}  // namespace
}  // namespace zt
