// Damaged files give Status::Corruption (on open or on the read that meets
// the damage), never a crash and never a wrong value.
#include <gtest/gtest.h>

#include <random>

#include "db/testutil.h"
#include "db/tree.h"
#include "db/wal_format.h"

namespace zt {
namespace {

constexpr int kKeys = 600;

Options CorruptionOptions(WalMode mode) {
  Options o = test::SmallOptions(mode);
  o.mutable_segment_max_item_count = 100000;
  o.block_cache_bytes = 0;  // every read goes to the file
  o.table.key_cache_size = 0;
  o.table.value_cache_size = 0;
  return o;
}

Status OpenTree(const std::string& dir, WalMode mode, std::unique_ptr<Tree>* tree, EngineStats* stats) {
  Options o = CorruptionOptions(mode);
  auto cache = std::make_shared<BlockCache>(o.block_cache_bytes, o.block_cache_lifetime);
  return Tree::Open(dir, o, cache, stats, nullptr, tree);
}

void Fill(const std::string& dir, WalMode mode, bool stabilize) {
  std::unique_ptr<Tree> tree;
  EngineStats stats;
  ASSERT_TRUE(OpenTree(dir, mode, &tree, &stats).ok());
  for (int i = 0; i < kKeys; ++i) {
    ASSERT_TRUE(tree->Put(test::Key(i), test::Value(i, 3, 50)).ok());
    // A frame boundary in the middle: the damage below is then not in the
    // log's final frame (which replay treats as torn).
    if (i == kKeys / 2) {
      ASSERT_TRUE(tree->Settle().ok());
    }
  }
  if (stabilize) {
    ASSERT_TRUE(tree->Stabilize().ok());
  }
  ASSERT_TRUE(tree->Close().ok());
}

// Reads every key by Get and by iteration. Returns true if some read
// reported Corruption; fails the test on a wrong value or another error.
bool ReadEverything(Tree* tree) {
  bool corruption = false;
  for (int i = 0; i < kKeys; ++i) {
    std::string v;
    Status s = tree->Get(test::Key(i), &v);
    if (s.IsCorruption()) {
      corruption = true;
    } else {
      EXPECT_TRUE(s.ok()) << test::Key(i) << ": " << s.ToString();
      if (s.ok()) {
        EXPECT_EQ(v, test::Value(i, 3, 50)) << test::Key(i);
      }
    }
  }
  auto it = tree->NewIterator();
  int n = 0;
  for (it->SeekToFirst(); it->Valid(); it->Next(), ++n) {
    EXPECT_EQ(it->key(), test::Key(n));
    EXPECT_EQ(it->value(), test::Value(n, 3, 50));
  }
  if (it->status().IsCorruption()) {
    corruption = true;
  } else {
    EXPECT_TRUE(it->status().ok()) << it->status().ToString();
    EXPECT_EQ(n, kKeys);
  }
  return corruption;
}

TEST(CorruptionTest, FlippedBytesInASegmentFile) {
  test::TempDir dir;
  std::string tree_dir = dir.Sub("tree");
  Fill(tree_dir, WalMode::kSync, /*stabilize=*/true);
  std::vector<std::string> segs = test::FilesWithSuffix(tree_dir, ".seg");
  ASSERT_FALSE(segs.empty());
  std::string original = test::ReadAll(segs[0]);
  std::mt19937 rng(7);
  int detected = 0;
  for (int trial = 0; trial < 25; ++trial) {
    std::string bad = original;
    size_t pos = trial == 0 ? bad.size() - 1 : rng() % bad.size();
    bad[pos] = static_cast<char>(bad[pos] ^ (1 + rng() % 255));
    test::WriteAll(segs[0], bad);
    std::unique_ptr<Tree> tree;
    EngineStats stats;
    Status s = OpenTree(tree_dir, WalMode::kSync, &tree, &stats);
    if (!s.ok()) {
      EXPECT_TRUE(s.IsCorruption()) << "offset " << pos << ": " << s.ToString();
      ++detected;
    } else {
      if (ReadEverything(tree.get())) ++detected;
      EXPECT_TRUE(tree->Close().ok());
    }
    test::WriteAll(segs[0], original);
  }
  // Every byte of a part file is covered by a checksum.
  EXPECT_EQ(detected, 25);
  // The undamaged file still reads back fully.
  std::unique_ptr<Tree> tree;
  EngineStats stats;
  ASSERT_TRUE(OpenTree(tree_dir, WalMode::kSync, &tree, &stats).ok());
  EXPECT_FALSE(ReadEverything(tree.get()));
}

TEST(CorruptionTest, FlippedByteInsideAWalIsCorruptionNamingTheFile) {
  for (WalMode mode : {WalMode::kSync, WalMode::kAsyncCompressed}) {
    test::TempDir dir;
    std::string tree_dir = dir.Sub("tree");
    Fill(tree_dir, mode, /*stabilize=*/false);
    std::vector<std::string> wals = test::FilesWithSuffix(tree_dir, ".wal");
    std::string victim;
    for (const auto& w : wals) {
      if (test::ReadAll(w).size() > 1000) victim = w;
    }
    ASSERT_FALSE(victim.empty());
    std::string data = test::ReadAll(victim);
    data[wal::kMagic.size() + wal::kFrameHeaderSize + 2] ^= 0x20;
    test::WriteAll(victim, data);
    std::unique_ptr<Tree> tree;
    EngineStats stats;
    Status s = OpenTree(tree_dir, mode, &tree, &stats);
    EXPECT_TRUE(s.IsCorruption()) << WalModeName(mode) << ": " << s.ToString();
    EXPECT_NE(s.message().find(victim), std::string::npos) << s.message();
  }
}

TEST(CorruptionTest, TornWalTailIsCutReportedAndReopens) {
  test::TempDir dir;
  std::string tree_dir = dir.Sub("tree");
  Fill(tree_dir, WalMode::kSync, /*stabilize=*/false);
  std::string victim;
  for (const auto& w : test::FilesWithSuffix(tree_dir, ".wal")) {
    if (test::ReadAll(w).size() > 1000) victim = w;
  }
  ASSERT_FALSE(victim.empty());
  std::string data = test::ReadAll(victim);
  test::WriteAll(victim, data.substr(0, data.size() - 5));
  std::vector<std::string> logged;
  Options o = CorruptionOptions(WalMode::kSync);
  o.logger = [&](int, std::string_view m) { logged.emplace_back(m); };
  auto cache = std::make_shared<BlockCache>(0, std::chrono::seconds(1));
  EngineStats stats;
  std::unique_ptr<Tree> tree;
  Status s = Tree::Open(tree_dir, o, cache, &stats, nullptr, &tree);
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(stats.wal_torn_tails.load(), 1u);
  ASSERT_EQ(logged.size(), 1u);
  EXPECT_NE(logged[0].find("torn"), std::string::npos);
  std::string v;
  EXPECT_TRUE(tree->Get(test::Key(kKeys - 1), &v).IsNotFound());
  EXPECT_TRUE(tree->Get(test::Key(kKeys - 2), &v).ok());
  ASSERT_TRUE(tree->Close().ok());
}

TEST(CorruptionTest, DamagedManifestIsCorruption) {
  test::TempDir dir;
  std::string tree_dir = dir.Sub("tree");
  Fill(tree_dir, WalMode::kSync, /*stabilize=*/true);
  std::string path = tree_dir + "/MANIFEST";
  std::string data = test::ReadAll(path);
  data[10] ^= 0x01;
  test::WriteAll(path, data);
  std::unique_ptr<Tree> tree;
  EngineStats stats;
  Status s = OpenTree(tree_dir, WalMode::kSync, &tree, &stats);
  EXPECT_TRUE(s.IsCorruption()) << s.ToString();
}

TEST(CorruptionTest, MissingLiveLogIsCorruption) {
  test::TempDir dir;
  std::string tree_dir = dir.Sub("tree");
  Fill(tree_dir, WalMode::kSync, /*stabilize=*/false);
  std::vector<std::string> wals = test::FilesWithSuffix(tree_dir, ".wal");
  ASSERT_FALSE(wals.empty());
  std::remove(wals[0].c_str());
  std::unique_ptr<Tree> tree;
  EngineStats stats;
  Status s = OpenTree(tree_dir, WalMode::kSync, &tree, &stats);
  EXPECT_TRUE(s.IsCorruption()) << s.ToString();
}

}  // namespace
}  // namespace zt
