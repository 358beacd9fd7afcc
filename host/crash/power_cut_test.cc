// The power cut's two halves: Apply() cuts files back to the recorded synced sizes, and the preloaded sync tracker
// records what real processes synced (dd with and without conv=fsync / oflag=dsync).
#include "crash/power_cut.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace kvbench::crash {
namespace {

namespace fs = std::filesystem;

class PowerCutTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("kvbench-power-cut-" + std::to_string(::getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "sub");
    ASSERT_TRUE(PowerCut::Create(&cut_).ok());
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path Write(const std::string& name, size_t bytes) {
    const fs::path path = dir_ / name;
    std::ofstream(path, std::ios::binary) << std::string(bytes, 'x');
    return path;
  }

  // Records `path` as synced at `bytes` (or written O_SYNC), as the tracker would.
  void MarkSynced(const fs::path& path, uint64_t bytes, bool sync_on_write = false) {
    struct stat st;
    ASSERT_EQ(::stat(path.c_str(), &st), 0);
    SyncedFile* f = cut_->table()->FindOrAdd(st.st_dev, st.st_ino);
    ASSERT_NE(f, nullptr);
    f->synced_bytes = bytes;
    f->sync_on_write = sync_on_write ? 1 : 0;
  }

  // Runs `script` with /bin/sh in the environment a power-cut writer gets.
  int RunTracked(const std::string& script) {
    std::string command;
    for (const std::string& e : cut_->WriterEnvironment(KVBENCH_SYNC_TRACKER)) command += "'" + e + "' ";
    return std::system(("cd '" + dir_.string() + "' && env " + command + "/bin/sh -c '" + script + "'").c_str());
  }

  fs::path dir_;
  std::unique_ptr<PowerCut> cut_;
};

TEST_F(PowerCutTest, CutsEveryFileBackToItsSyncedSize) {
  cut_->table()->attached = 1;
  const fs::path half = Write("half", 1000), never = Write("sub/never", 700), dsync = Write("dsync", 900),
                 whole = Write("whole", 300);
  MarkSynced(half, 500);
  MarkSynced(dsync, 0, /*sync_on_write=*/true);
  MarkSynced(whole, 300);
  PowerCutStats stats;
  const Status s = cut_->Apply(dir_.string(), &stats);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(fs::file_size(half), 500u);
  EXPECT_EQ(fs::file_size(never), 0u);  // never synced: nothing of it is durable
  EXPECT_EQ(fs::file_size(dsync), 900u);
  EXPECT_EQ(fs::file_size(whole), 300u);
  EXPECT_EQ(stats.files, 4u);
  EXPECT_EQ(stats.cut_files, 2u);
  EXPECT_EQ(stats.dropped_bytes, 500u + 700u);
}

TEST_F(PowerCutTest, RefusesWhenTheTrackerNeverAttachedOrTheTableOverflowed) {
  const fs::path file = Write("file", 100);
  PowerCutStats stats;
  Status s = cut_->Apply(dir_.string(), &stats);
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message().find("not loaded"), std::string::npos) << s.message();
  cut_->table()->attached = 1;
  cut_->table()->overflowed = 1;
  s = cut_->Apply(dir_.string(), &stats);
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message().find("incomplete"), std::string::npos) << s.message();
  EXPECT_EQ(fs::file_size(file), 100u);  // nothing cut
}

TEST_F(PowerCutTest, TrackerRecordsWhatRealProcessesSynced) {
  ASSERT_EQ(RunTracked("dd if=/dev/zero of=synced bs=100 count=1 conv=fsync status=none && "
                       "dd if=/dev/zero of=synced bs=50 count=1 oflag=append conv=notrunc status=none && "
                       "dd if=/dev/zero of=datasynced bs=64 count=2 conv=fdatasync status=none && "
                       "dd if=/dev/zero of=dsync bs=10 count=3 oflag=dsync status=none && "
                       "dd if=/dev/zero of=unsynced bs=100 count=1 status=none"),
            0);
  EXPECT_EQ(cut_->table()->attached.load(), 1u);
  PowerCutStats stats;
  const Status s = cut_->Apply(dir_.string(), &stats);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(fs::file_size(dir_ / "synced"), 100u);  // the append after the fsync is gone
  EXPECT_EQ(fs::file_size(dir_ / "datasynced"), 128u);
  EXPECT_EQ(fs::file_size(dir_ / "dsync"), 30u);
  EXPECT_EQ(fs::file_size(dir_ / "unsynced"), 0u);
  EXPECT_EQ(stats.cut_files, 2u);
  EXPECT_EQ(stats.dropped_bytes, 150u);
}

TEST_F(PowerCutTest, AFileTruncatedAndRewrittenLosesWhatWasSyncedBefore) {
  ASSERT_EQ(RunTracked("dd if=/dev/zero of=f bs=100 count=1 conv=fsync status=none && "
                       "dd if=/dev/zero of=f bs=40 count=1 status=none"),  // truncated and rewritten, not synced
            0);
  PowerCutStats stats;
  ASSERT_TRUE(cut_->Apply(dir_.string(), &stats).ok());
  EXPECT_EQ(fs::file_size(dir_ / "f"), 0u);
}

}  // namespace
}  // namespace kvbench::crash
