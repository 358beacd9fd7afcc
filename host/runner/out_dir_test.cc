#include "runner/out_dir.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "common/temp_dir.hpp"

namespace kvbench::runner {
namespace {

namespace fs = std::filesystem;

std::vector<config::EngineSpec> Engines(const std::vector<std::string>& names) {
  std::vector<config::EngineSpec> engines;
  for (const std::string& name : names) {
    engines.emplace_back();
    engines.back().name = name;
    engines.back().plugin = "memory";
  }
  return engines;
}

// The audit's case: "Z T", "Z_T" and "Z/T" all became OUT/data/Z_T, so each engine wiped the one before.
TEST(OutDirTest, NamesThatDifferOnlyInPunctuationGetTheirOwnDataDirectories) {
  const std::vector<std::string> dirs = EngineDataDirs("out", Engines({"Z T", "Z_T", "Z/T", "Z_T-2", "Memory"}));
  EXPECT_EQ(dirs, (std::vector<std::string>{"out/data/Z_T", "out/data/Z_T-2", "out/data/Z_T-3", "out/data/Z_T-2-2",
                                            "out/data/Memory"}));
  EXPECT_EQ(std::set<std::string>(dirs.begin(), dirs.end()).size(), dirs.size());
  EXPECT_EQ(EngineDataDirs("out", Engines({".."}))[0], "out/data/_");
}

class PrepareOutDirTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(TempDir::Create("kvbench-out-dir-test-", &dir_).ok()); }
  std::string In(const std::string& name) const { return dir_.path() + "/" + name; }

  TempDir dir_;
};

TEST_F(PrepareOutDirTest, AcceptsAnEmptyOrEarlierOutputDirectory) {
  EXPECT_TRUE(PrepareOutDir(In("new/out"), OutputKind::kRun).ok());
  std::ofstream(In("new/out/results.json")) << "{}";
  fs::create_directories(In("new/out/data/Memory"));
  const Status s = PrepareOutDir(In("new/out"), OutputKind::kRun);
  EXPECT_TRUE(s.ok()) << s.message();
}

// The audit's case: every engine ran, then the results could not be renamed onto a directory.
TEST_F(PrepareOutDirTest, RefusesAnOutputFileThatIsADirectoryBeforeAnythingRuns) {
  for (const auto& [name, kind] : {std::pair{"results.json", OutputKind::kRun},
                                   {"report.md", OutputKind::kRun},
                                   {"execution-time.svg", OutputKind::kRun},
                                   {"crashtest.json", OutputKind::kCrashtest},
                                   {"crashtest.md", OutputKind::kCrashtest}}) {
    SCOPED_TRACE(name);
    fs::create_directories(In(name));
    const Status s = PrepareOutDir(dir_.path(), kind);
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.code(), KVB_INVALID_ARGUMENT);
    EXPECT_NE(s.message().find("--out: cannot replace " + In(name) + ": Is a directory"), std::string::npos)
        << s.message();
    fs::remove(In(name));
  }
  std::ofstream(In("data")) << "not a directory";
  const Status s = PrepareOutDir(dir_.path(), OutputKind::kRun);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find(In("data") + "' exists and is not a directory"), std::string::npos) << s.message();
}

// A file only the other command writes is not in the way: a run's results.json does not stop a crash test.
TEST_F(PrepareOutDirTest, OnlyTheCommandsOwnOutputFilesMustBeReplaceable) {
  fs::create_directories(In("crashtest.json"));
  fs::create_directories(In("crashtest.md"));
  Status s = PrepareOutDir(dir_.path(), OutputKind::kRun);
  EXPECT_TRUE(s.ok()) << s.message();
  fs::remove(In("crashtest.json"));
  fs::remove(In("crashtest.md"));
  fs::create_directories(In("results.json"));
  fs::create_directories(In("report.html"));
  s = PrepareOutDir(dir_.path(), OutputKind::kCrashtest);
  EXPECT_TRUE(s.ok()) << s.message();
}

}  // namespace
}  // namespace kvbench::runner
