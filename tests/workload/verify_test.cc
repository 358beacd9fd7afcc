// kvbench verify OUT: reopens the data a run kept (--keep-data) and checks it with the final checksum and the deep
// verify. Issue 41, case 3, end to end: a zonetree_like store that lost its MANIFEST, a segment file or a live log
// is reported with the missing file named and a non-zero exit, and no file of it is deleted.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>

#include "kvbench_process.hpp"

namespace kvbench::testing {
namespace {

namespace fs = std::filesystem;

// Every file under `dir` with its size.
std::map<std::string, uintmax_t> Files(const std::string& dir) {
  std::map<std::string, uintmax_t> files;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (e.is_regular_file()) files[fs::relative(e.path(), dir).string()] = e.file_size();
  }
  return files;
}

// A run of `engine` on 2000 profiles with --keep-data into scratch/out.
std::string KeptRun(const ScratchDir& scratch, const nlohmann::json& engine) {
  const std::string out = scratch / "out";
  WriteFile(scratch / "config.json", SmallConfig(2000, nlohmann::json::array({engine})).dump());
  const ProcessResult run = RunKvbench({"run", scratch / "config.json", "--out", out, "--keep-data", "--no-report"});
  EXPECT_EQ(run.exit_code, 0) << run.output;
  return out;
}

TEST(Verify, KeptDataThatIsIntactPasses) {
  ScratchDir scratch;
  const std::string out = KeptRun(scratch, {{"name", "Memory"}, {"plugin", "memory"}});
  const ProcessResult verify = RunKvbench({"verify", out});
  EXPECT_EQ(verify.exit_code, 0) << verify.output;
  EXPECT_NE(verify.output.find("engine Memory: final checksum \""), std::string::npos) << verify.output;
  EXPECT_NE(verify.output.find("(as recorded), 2000 profiles; deep verify: clean"), std::string::npos)
      << verify.output;
}

TEST(Verify, RefusesWhatItCannotVerify) {
  ScratchDir scratch;
  ProcessResult r = RunKvbench({"verify", scratch / "nothing"});
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("kvbench verify: " + (scratch / "nothing/results.json") + ": cannot read"),
            std::string::npos)
      << r.output;
  const std::string out = scratch / "out";
  WriteFile(scratch / "config.json", SmallConfig(1000, {{{"name", "Memory"}, {"plugin", "memory"}}}).dump());
  ASSERT_EQ(RunKvbench({"run", scratch / "config.json", "--out", out, "--no-report"}).exit_code, 0);
  r = RunKvbench({"verify", out});
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("engine Memory: no kept data in " + out + "/data/Memory (run it with --keep-data)"),
            std::string::npos)
      << r.output;
  r = RunKvbench({"verify", out, "--engine", "Other"});
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("--engine Other: no such engine in " + out + "/results.json"), std::string::npos)
      << r.output;
}

class ZoneTreeVerify : public ::testing::Test {
 protected:
  void SetUp() override {
    // Small segments, so that every store has segment files on disk as well as logs.
    out_ = KeptRun(scratch_, {{"name", "ZoneTree"},
                              {"plugin", "zonetree_like"},
                              {"settings", {{"MutableSegmentMaxItemCount", 300}, {"DiskSegmentMaxItemCount", 600}}}});
    data_ = out_ + "/data/ZoneTree";
    ASSERT_TRUE(fs::is_directory(data_));
    fs::copy(data_, scratch_ / "pristine", fs::copy_options::recursive);
    for (const auto& e : fs::directory_iterator(data_)) {
      if (e.is_directory()) stores_.push_back(e.path().filename().string());
    }
    ASSERT_EQ(stores_.size(), 5u);
  }
  void Restore() {
    fs::remove_all(data_);
    fs::copy(scratch_ / "pristine", data_, fs::copy_options::recursive);
  }
  // The first file in `store` whose name ends with `suffix`, or "".
  std::string First(const std::string& store, const std::string& suffix) const {
    std::string found;
    for (const auto& e : fs::directory_iterator(data_ + "/" + store)) {
      const std::string name = e.path().filename().string();
      if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0 &&
          (found.empty() || name < found)) {
        found = name;
      }
    }
    return found;
  }

  ScratchDir scratch_;
  std::string out_, data_;
  std::vector<std::string> stores_;
};

TEST_F(ZoneTreeVerify, IntactDataPasses) {
  const ProcessResult verify = RunKvbench({"verify", out_});
  EXPECT_EQ(verify.exit_code, 0) << verify.output;
  EXPECT_NE(verify.output.find("deep verify: clean"), std::string::npos) << verify.output;
}

// Before, a store without its MANIFEST opened as a new empty one and deleted its segment files.
TEST_F(ZoneTreeVerify, AMissingFileInAnyStoreIsNamedAndNothingIsDeleted) {
  for (const std::string& store : stores_) {
    for (const std::string kind : {"MANIFEST", ".seg", ".wal"}) {
      SCOPED_TRACE(store + " " + kind);
      Restore();
      const std::string name = kind == "MANIFEST" ? "MANIFEST" : First(store, kind);
      ASSERT_FALSE(name.empty()) << "no " << kind << " file in " << store;
      const std::string victim = data_ + "/" + store + "/" + name;
      ASSERT_TRUE(fs::remove(victim));
      // The stores opened before the damaged one recover as usual (a new log each); the damaged one is untouched.
      const auto before = Files(data_ + "/" + store);
      const ProcessResult verify = RunKvbench({"verify", out_});
      EXPECT_NE(verify.exit_code, 0) << verify.output;
      EXPECT_NE(verify.output.find(victim), std::string::npos) << "the message does not name the file:\n"
                                                               << verify.output;
      EXPECT_NE(verify.output.find("CORRUPTION"), std::string::npos) << verify.output;
      EXPECT_EQ(Files(data_ + "/" + store), before) << "verify changed the store it refused";
    }
  }
}

}  // namespace
}  // namespace kvbench::testing
