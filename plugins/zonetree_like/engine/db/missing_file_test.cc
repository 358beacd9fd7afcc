// Issue 41, case 3: a store that lost a file it needs is refused with
// Corruption naming that file, and nothing in it is deleted. Before, a store
// whose MANIFEST was gone opened as a new empty store and deleted its segment
// files as orphans.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>

#include "db/manifest.h"
#include "db/testutil.h"
#include "db/tree.h"
#include "db/wal_format.h"
#include "table/format.h"

namespace zt {
namespace {

constexpr int kKeys = 400;

// Every file of the store with its size.
std::map<std::string, uintmax_t> Files(const std::string& dir) {
  std::map<std::string, uintmax_t> files;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    files[e.path().filename().string()] = e.file_size();
  }
  return files;
}

class MissingFileTest : public ::testing::Test {
 protected:
  Status Open(std::unique_ptr<Tree>* tree) {
    Options o = test::SmallOptions(WalMode::kSync);
    if (logs_only_) o.mutable_segment_max_item_count = 100000;  // nothing frozen, nothing merged
    auto cache = std::make_shared<BlockCache>(o.block_cache_bytes, o.block_cache_lifetime);
    return Tree::Open(dir(), o, cache, &stats_, nullptr, tree);
  }
  // kKeys records; `stabilize`: merged into disk segment files, else only in logs.
  void Fill(bool stabilize) {
    std::unique_ptr<Tree> tree;
    ASSERT_TRUE(Open(&tree).ok());
    for (int i = 0; i < kKeys; ++i) ASSERT_TRUE(tree->Put(test::Key(i), test::Value(i, 1)).ok());
    if (stabilize) {
      ASSERT_TRUE(tree->Stabilize().ok());
    }
    for (int i = 0; i < 10; ++i) ASSERT_TRUE(tree->Put(test::Key(i), test::Value(i, 2)).ok());  // a live log too
    ASSERT_TRUE(tree->Close().ok());
  }
  // Opens the store expecting Corruption whose message contains `what`, and checks nothing was deleted or changed.
  void ExpectRefused(const std::string& what) {
    const auto before = Files(dir());
    std::unique_ptr<Tree> tree;
    Status s = Open(&tree);
    EXPECT_TRUE(s.IsCorruption()) << s.ToString();
    EXPECT_NE(s.ToString().find(what), std::string::npos) << s.ToString();
    EXPECT_EQ(Files(dir()), before) << "recovery changed the store it refused";
    // And a second try says the same: the refusal changed nothing.
    s = Open(&tree);
    EXPECT_NE(s.ToString().find(what), std::string::npos) << s.ToString();
  }
  std::string dir() const { return tmp_.Sub("store"); }

  test::TempDir tmp_;
  EngineStats stats_;
  bool logs_only_ = false;
};

TEST_F(MissingFileTest, AMissingManifestWithSegmentFilesIsCorruption) {
  Fill(/*stabilize=*/true);
  ASSERT_FALSE(test::FilesWithSuffix(dir(), ".seg").empty());
  std::filesystem::remove(ManifestFileName(dir()));
  ExpectRefused(ManifestFileName(dir()) + " is missing, but the store holds ");
}

TEST_F(MissingFileTest, AMissingManifestWithOnlyLogFilesIsCorruption) {
  logs_only_ = true;
  Fill(/*stabilize=*/false);
  ASSERT_FALSE(test::FilesWithSuffix(dir(), ".wal").empty());
  ASSERT_TRUE(test::FilesWithSuffix(dir(), ".seg").empty());
  std::filesystem::remove(ManifestFileName(dir()));
  ExpectRefused(ManifestFileName(dir()) + " is missing, but the store holds 0 segment and ");
}

TEST_F(MissingFileTest, AMissingSegmentFileIsCorruptionNamingIt) {
  Fill(/*stabilize=*/true);
  ManifestState state;
  bool exists = false;
  ASSERT_TRUE(ReadManifest(dir(), &state, &exists).ok());
  ASSERT_FALSE(state.disk.empty());
  const std::string part = PartFileName(dir(), state.disk.back().file_number);
  ASSERT_TRUE(std::filesystem::remove(part));
  ExpectRefused(ManifestFileName(dir()) + ": segment file " + part + " is missing");
}

// Before, the orphan segment files were deleted first and the missing log found after.
TEST_F(MissingFileTest, AMissingLiveLogIsCorruptionAndOrphansAreKept) {
  Fill(/*stabilize=*/true);
  ManifestState state;
  bool exists = false;
  ASSERT_TRUE(ReadManifest(dir(), &state, &exists).ok());
  ASSERT_FALSE(state.live_wals.empty());
  const std::string log = wal::LogFileName(dir(), state.live_wals.back());
  ASSERT_TRUE(std::filesystem::remove(log));
  // An orphan part file (a copy under an unreferenced number), which a normal recovery deletes.
  const std::string orphan = PartFileName(dir(), state.next_file_number + 100);
  std::filesystem::copy_file(PartFileName(dir(), state.disk.front().file_number), orphan);
  ExpectRefused(ManifestFileName(dir()) + ": live log " + log + " is missing");
  EXPECT_TRUE(std::filesystem::exists(orphan));
}

TEST_F(MissingFileTest, ANewStoreWritesItsManifestAndReopens) {
  std::unique_ptr<Tree> tree;
  ASSERT_TRUE(Open(&tree).ok());
  EXPECT_TRUE(std::filesystem::exists(ManifestFileName(dir())));
  ASSERT_TRUE(tree->Put(test::Key(1), test::Value(1, 1)).ok());
  ASSERT_TRUE(tree->Close().ok());
  tree.reset();
  ASSERT_TRUE(Open(&tree).ok());
  std::string v;
  ASSERT_TRUE(tree->Get(test::Key(1), &v).ok());
  EXPECT_EQ(v, test::Value(1, 1));
}

}  // namespace
}  // namespace zt
