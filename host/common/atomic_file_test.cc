#include "common/atomic_file.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/temp_dir.hpp"

namespace kvbench {
namespace {

namespace fs = std::filesystem;

std::string Read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

size_t EntriesIn(const std::string& dir) {
  size_t n = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir)) ++n;
  return n;
}

class AtomicFileTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(TempDir::Create("kvbench-atomic-file-test-", &dir_).ok()); }
  std::string In(const std::string& name) const { return dir_.path() + "/" + name; }

  TempDir dir_;
};

TEST_F(AtomicFileTest, ReplacesTheFileAndLeavesNoTemporary) {
  ASSERT_TRUE(WriteFileAtomically(In("out.json"), "old").ok());
  const Status s = WriteFileAtomically(In("out.json"), "new content");
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(Read(In("out.json")), "new content");
  EXPECT_EQ(EntriesIn(dir_.path()), 1u);
}

TEST_F(AtomicFileTest, CreatesTheParentDirectory) {
  ASSERT_TRUE(WriteFileAtomically(In("a/b/out.json"), "x").ok());
  EXPECT_EQ(Read(In("a/b/out.json")), "x");
}

// The audit's case: results.json turned out to be a directory at the end of a run. The complete temporary file is
// the only copy of the results: it must survive, and the message must say where it is.
TEST_F(AtomicFileTest, AFailedRenameKeepsTheCompleteTemporaryFileAndNamesIt) {
  fs::create_directories(In("results.json"));
  const Status s = WriteFileAtomically(In("results.json"), "the only copy");
  ASSERT_FALSE(s.ok());
  const std::string temp = In("results.json.tmp-") + std::to_string(::getpid());
  EXPECT_NE(s.message().find("Is a directory"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("kept in " + temp), std::string::npos) << s.message();
  EXPECT_EQ(Read(temp), "the only copy");
}

TEST_F(AtomicFileTest, AFailedWriteRemovesThePartialTemporaryAndGivesTheReason) {
  AtomicFile file(In("out.json"));
  fs::create_directories(file.temp_path());  // open(O_CREAT) on it fails with EISDIR
  const Status s = file.Write("x");
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("cannot create " + file.temp_path() + ": Is a directory"), std::string::npos)
      << s.message();
  EXPECT_FALSE(fs::exists(In("out.json")));
}

TEST_F(AtomicFileTest, AnUncommittedWriteIsRemovedOnDestruction) {
  {
    AtomicFile file(In("out.json"));
    ASSERT_TRUE(file.Write("staged").ok());
    EXPECT_TRUE(fs::exists(file.temp_path()));
  }
  EXPECT_EQ(EntriesIn(dir_.path()), 0u);
}

// The audit's case (issue 41, case 2): a symlink planted at the guessable temporary name had its target
// overwritten. The target must stay as it was, the link must stay (it is not ours), and the write must still land.
TEST_F(AtomicFileTest, ASymlinkPlantedAtTheTemporaryNameIsNotFollowed) {
  ASSERT_TRUE(WriteFileAtomically(In("victim"), "the victim's data").ok());
  const std::string planted = In("results.json.tmp-") + std::to_string(::getpid());
  fs::create_symlink(In("victim"), planted);
  const Status s = WriteFileAtomically(In("results.json"), "results");
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(Read(In("victim")), "the victim's data");
  EXPECT_EQ(Read(In("results.json")), "results");
  EXPECT_TRUE(fs::is_symlink(planted));
  EXPECT_EQ(EntriesIn(dir_.path()), 3u);  // victim, the link, results.json: no temporary left
}

// A stale or planted regular file at the temporary name is neither truncated nor removed.
TEST_F(AtomicFileTest, AFileAtTheTemporaryNameIsLeftAlone) {
  const std::string taken = In("out.json.tmp-") + std::to_string(::getpid());
  ASSERT_TRUE(WriteFileAtomically(taken, "someone else's").ok());
  ASSERT_TRUE(WriteFileAtomically(In("out.json"), "new").ok());
  EXPECT_EQ(Read(taken), "someone else's");
  EXPECT_EQ(Read(In("out.json")), "new");
  EXPECT_EQ(EntriesIn(dir_.path()), 2u);
}

TEST_F(AtomicFileTest, CheckReplaceableRefusesOnlyADirectory) {
  EXPECT_TRUE(CheckReplaceable(In("absent")).ok());
  ASSERT_TRUE(WriteFileAtomically(In("file"), "x").ok());
  EXPECT_TRUE(CheckReplaceable(In("file")).ok());
  fs::create_directories(In("dir"));
  const Status s = CheckReplaceable(In("dir"));
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "cannot replace " + In("dir") + ": Is a directory");
}

}  // namespace
}  // namespace kvbench
