#include "runner/out_dir.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "conformance/temp_dir.hpp"

namespace kvbench::runner {
namespace {

namespace fs = std::filesystem;

class PrepareOutDirTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(conformance::TempDir::Create("kvbench-out-dir-test-", &dir_).ok()); }
  std::string In(const std::string& name) const { return dir_.path() + "/" + name; }

  conformance::TempDir dir_;
};

TEST_F(PrepareOutDirTest, AcceptsAnEmptyOrEarlierOutputDirectory) {
  EXPECT_TRUE(PrepareOutDir(In("new/out")).ok());
  std::ofstream(In("new/out/results.json")) << "{}";
  fs::create_directories(In("new/out/data/Memory"));
  const Status s = PrepareOutDir(In("new/out"));
  EXPECT_TRUE(s.ok()) << s.message();
}

// The audit's case: every engine ran, then the results could not be renamed onto a directory.
TEST_F(PrepareOutDirTest, RefusesAnOutputFileThatIsADirectoryBeforeAnythingRuns) {
  for (const char* name : {"results.json", "crashtest.json", "report.md", "execution-time.svg"}) {
    SCOPED_TRACE(name);
    fs::create_directories(In(name));
    const Status s = PrepareOutDir(dir_.path());
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.code(), KVB_INVALID_ARGUMENT);
    EXPECT_NE(s.message().find("--out: cannot replace " + In(name) + ": Is a directory"), std::string::npos)
        << s.message();
    fs::remove(In(name));
  }
  std::ofstream(In("data")) << "not a directory";
  const Status s = PrepareOutDir(dir_.path());
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find(In("data") + "' exists and is not a directory"), std::string::npos) << s.message();
}

}  // namespace
}  // namespace kvbench::runner
