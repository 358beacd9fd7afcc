// Issue 41, case 1: OUT/data/<engine> was deleted recursively whatever it held, through a symlinked OUT/data, and
// into a file system mounted there.
#include "runner/data_dir.hpp"

#include <gtest/gtest.h>
#include <sys/mount.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "common/remove_tree.hpp"
#include "common/temp_dir.hpp"

namespace kvbench::runner {
namespace {

namespace fs = std::filesystem;

void Touch(const std::string& path, const std::string& text = "user data") { std::ofstream(path) << text; }

class DataDirTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(TempDir::Create("kvbench-data-dir-test-", &dir_).ok()); }
  void TearDown() override {
    for (const std::string& m : mounts_) ::umount2(m.c_str(), MNT_DETACH);
  }
  std::string In(const std::string& name) const { return dir_.path() + "/" + name; }
  // Mounts a fresh tmpfs at `path` (or binds `source` there); false (and the test is skipped) without the right.
  bool Mount(const std::string& path, const std::string& source = "") {
    fs::create_directories(path);
    const int rc = source.empty() ? ::mount("kvbench-test", path.c_str(), "tmpfs", 0, "size=1m")
                                  : ::mount(source.c_str(), path.c_str(), nullptr, MS_BIND, nullptr);
    if (rc != 0) return false;
    mounts_.push_back(path);
    return true;
  }

  TempDir dir_;
  std::vector<std::string> mounts_;
};

TEST_F(DataDirTest, ADirectoryKvbenchMadeIsResetAndRemoved) {
  const std::string data = In("data/Engine");
  ASSERT_TRUE(ResetDataDir(data).ok());
  EXPECT_TRUE(fs::is_regular_file(data + "/" + kDataDirMarker));
  fs::create_directories(data + "/store");
  Touch(data + "/store/000001.seg", "engine data");
  ASSERT_TRUE(CheckDataDir(data).ok());
  const Status reset = ResetDataDir(data);
  ASSERT_TRUE(reset.ok()) << reset.message();
  EXPECT_FALSE(fs::exists(data + "/store"));
  EXPECT_TRUE(fs::is_regular_file(data + "/" + kDataDirMarker));
  ASSERT_TRUE(RemoveDataDir(data).ok());
  EXPECT_FALSE(fs::exists(data));
  EXPECT_TRUE(fs::exists(In("data")));
}

TEST_F(DataDirTest, AnEmptyDirectoryIsTaken) {
  fs::create_directories(In("data/Engine"));
  ASSERT_TRUE(ResetDataDir(In("data/Engine")).ok());
  EXPECT_TRUE(fs::is_regular_file(In("data/Engine/") + kDataDirMarker));
}

TEST_F(DataDirTest, AUserFileIsNeverDeleted) {
  fs::create_directories(In("data/Engine"));
  Touch(In("data/Engine/thesis.tex"));
  for (const Status& s : {CheckDataDir(In("data/Engine")), ResetDataDir(In("data/Engine")),
                          RemoveDataDir(In("data/Engine"))}) {
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.message(), In("data/Engine") + " holds files kvbench did not create (no .kvbench-data-dir marker): "
                                               "kvbench would delete them; move them away, or choose another --out");
  }
  EXPECT_TRUE(fs::exists(In("data/Engine/thesis.tex")));
}

TEST_F(DataDirTest, ASymlinkIsNeverFollowed) {
  fs::create_directories(In("home/Engine"));
  Touch(In("home/Engine/thesis.tex"));
  fs::create_directory_symlink(In("home"), In("data"));
  const Status root = CheckDataRoot(In("data"));
  ASSERT_FALSE(root.ok());
  EXPECT_NE(root.message().find(In("data") + " is a symlink"), std::string::npos) << root.message();
  fs::create_directories(In("out/data"));
  fs::create_directory_symlink(In("home/Engine"), In("out/data/Engine"));
  const Status dir = ResetDataDir(In("out/data/Engine"));
  ASSERT_FALSE(dir.ok());
  EXPECT_NE(dir.message().find(In("out/data/Engine") + " is a symlink"), std::string::npos) << dir.message();
  EXPECT_TRUE(fs::exists(In("home/Engine/thesis.tex")));
}

// A symlink inside a directory kvbench made (an engine may make one) is removed, its target kept.
TEST_F(DataDirTest, RemovalUnlinksSymlinksInsideWithoutFollowingThem) {
  fs::create_directories(In("home"));
  Touch(In("home/thesis.tex"));
  ASSERT_TRUE(ResetDataDir(In("data/Engine")).ok());
  fs::create_directory_symlink(In("home"), In("data/Engine/link"));
  ASSERT_TRUE(RemoveDataDir(In("data/Engine")).ok());
  EXPECT_FALSE(fs::exists(In("data/Engine")));
  EXPECT_TRUE(fs::exists(In("home/thesis.tex")));
}

TEST_F(DataDirTest, AMountPointIsRefusedAndItsContentKept) {
  if (!Mount(In("data/Engine"))) GTEST_SKIP() << "cannot mount a tmpfs here: " << std::strerror(errno);
  Touch(In("data/Engine/") + kDataDirMarker, "");  // even a marker on it does not make a mounted disk ours
  Touch(In("data/Engine/disk-file"));
  EXPECT_TRUE(IsMountPoint(In("data/Engine")));
  const Status s = ResetDataDir(In("data/Engine"));
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find(In("data/Engine") + " is a mount point"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("mount it at " + In("data") + " instead"), std::string::npos) << s.message();
  EXPECT_FALSE(RemoveDataDir(In("data/Engine")).ok());
  EXPECT_TRUE(fs::exists(In("data/Engine/disk-file")));
}

// A bind mount of the same file system has the same st_dev: only statx's mount-root attribute tells it apart.
TEST_F(DataDirTest, ABindMountIsAMountPointToo) {
  fs::create_directories(In("elsewhere"));
  Touch(In("elsewhere/disk-file"));
  if (!Mount(In("data/Engine"), In("elsewhere"))) GTEST_SKIP() << "cannot bind-mount here: " << std::strerror(errno);
  EXPECT_TRUE(IsMountPoint(In("data/Engine")));
  EXPECT_FALSE(ResetDataDir(In("data/Engine")).ok());
  EXPECT_TRUE(fs::exists(In("elsewhere/disk-file")));
}

// RemoveTree never enters a file system mounted below the directory it empties, and says so.
TEST_F(DataDirTest, RemoveTreeDoesNotCrossAMountPointBelow) {
  ASSERT_TRUE(ResetDataDir(In("data/Engine")).ok());
  Touch(In("data/Engine/engine-file"));
  if (!Mount(In("data/Engine/store"))) GTEST_SKIP() << "cannot mount a tmpfs here: " << std::strerror(errno);
  Touch(In("data/Engine/store/disk-file"));
  const Status s = RemoveTree(In("data/Engine"), /*keep_dir=*/true);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), In("data/Engine/store") + " is a mount point: not entered, not removed");
  EXPECT_TRUE(fs::exists(In("data/Engine/store/disk-file")));
  EXPECT_FALSE(fs::exists(In("data/Engine/engine-file")));
}

TEST_F(DataDirTest, AFileWhereTheDirectoryGoesIsRefused) {
  fs::create_directories(In("data"));
  Touch(In("data/Engine"));
  EXPECT_FALSE(ResetDataDir(In("data/Engine")).ok());
  EXPECT_TRUE(fs::is_regular_file(In("data/Engine")));
}

}  // namespace
}  // namespace kvbench::runner
