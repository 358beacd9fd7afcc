// What kvbench run and crashtest write into --out, and where: a run that could not save its results is refused
// before any engine runs, and every engine gets a data directory of its own.
#include <gtest/gtest.h>

#include <sys/mount.h>

#include <filesystem>

#include "kvbench_process.hpp"

namespace kvbench::testing {
namespace {

namespace fs = std::filesystem;

nlohmann::json Memory(const std::string& name) { return {{"name", name}, {"plugin", "memory"}}; }

// The audit's case: results.json was a directory; every engine ran, then the results were deleted.
TEST(OutputDir, AResultsFileThatIsADirectoryIsRefusedBeforeAnyEngineRuns) {
  ScratchDir scratch;
  const std::string out = scratch / "out";
  fs::create_directories(out + "/results.json");
  fs::create_directories(out + "/crashtest.json");
  WriteFile(scratch / "config.json", SmallConfig(1000, nlohmann::json::array({Memory("Memory")})).dump());
  for (const std::string command : {"run", "crashtest"}) {
    SCOPED_TRACE(command);
    const ProcessResult run = RunKvbench({command, scratch / "config.json", "--out", out});
    EXPECT_EQ(run.exit_code, 2) << run.output;
    EXPECT_NE(run.output.find("kvbench " + command + ": --out: cannot replace " + out + "/"), std::string::npos)
        << run.output;
    EXPECT_NE(run.output.find("Is a directory"), std::string::npos) << run.output;
    EXPECT_EQ(run.output.find("engine Memory"), std::string::npos) << "an engine ran:\n" << run.output;
    EXPECT_FALSE(fs::exists(out + "/data"));
    EXPECT_TRUE(fs::is_directory(out + "/results.json"));
  }
}

// The audit's case: "Z T", "Z_T" and "Z/T" shared OUT/data/Z_T, so with --keep-data only the last one's was left.
TEST(OutputDir, EngineNamesThatDifferOnlyInPunctuationKeepTheirOwnData) {
  ScratchDir scratch;
  const std::string out = scratch / "out";
  nlohmann::json config = SmallConfig(1000, {Memory("Z T"), Memory("Z_T"), Memory("Z/T")});
  config["phases"] = {"insert profiles"};
  WriteFile(scratch / "config.json", config.dump());
  const ProcessResult run = RunKvbench({"run", scratch / "config.json", "--out", out, "--keep-data", "--no-report"});
  ASSERT_EQ(run.exit_code, 0) << run.output;
  for (const std::string dir : {"Z_T", "Z_T-2", "Z_T-3"}) {
    SCOPED_TRACE(dir);
    ASSERT_TRUE(fs::is_directory(out + "/data/" + dir));
    EXPECT_FALSE(fs::is_empty(out + "/data/" + dir));  // the memory engine's snapshot files
  }
  EXPECT_EQ(ReadJson(out + "/results.json")["engines"].size(), 3u);
}

// A name too long for a file name used to pass validate and then fail the run with "File name too long".
TEST(OutputDir, ValidateAndRunRefuseAnEngineNameTooLongForItsDataDirectory) {
  ScratchDir scratch;
  WriteFile(scratch / "config.json", SmallConfig(1000, nlohmann::json::array({Memory(std::string(300, 'n'))})).dump());
  for (const std::string command : {"validate", "run"}) {
    SCOPED_TRACE(command);
    std::vector<std::string> args = {command, scratch / "config.json"};
    if (command == "run") args.insert(args.end(), {"--out", scratch / "out"});
    const ProcessResult run = RunKvbench(args);
    EXPECT_EQ(run.exit_code, 2) << run.output;
    EXPECT_NE(run.output.find("engines[0].name: expected at most 100 bytes, got 300"), std::string::npos) << run.output;
    EXPECT_FALSE(fs::exists(scratch / "out/results.json"));
  }
}

// Issue 41, case 1: a user's file in OUT/data/<engine> (--out ~ puts it at ~/data/<engine>) was deleted with the
// directory. Now the run and the crash test are refused before anything runs, and the file is still there.
TEST(OutputDir, AUserFileInAnEngineDataDirectorySurvivesAndTheRunIsRefused) {
  ScratchDir scratch;
  const std::string out = scratch / "out";
  fs::create_directories(out + "/data/Memory");
  WriteFile(out + "/data/Memory/thesis.tex", "years of work");
  WriteFile(scratch / "config.json", SmallConfig(1000, nlohmann::json::array({Memory("Memory")})).dump());
  for (const std::string command : {"run", "crashtest"}) {
    SCOPED_TRACE(command);
    const ProcessResult run = RunKvbench({command, scratch / "config.json", "--out", out});
    EXPECT_EQ(run.exit_code, 2) << run.output;
    EXPECT_NE(run.output.find("kvbench " + command + ": --out: " + out +
                              "/data/Memory holds files kvbench did not create (no .kvbench-data-dir marker): "
                              "kvbench would delete them; move them away, or choose another --out"),
              std::string::npos)
        << run.output;
    EXPECT_EQ(ReadFile(out + "/data/Memory/thesis.tex"), "years of work");
    EXPECT_FALSE(fs::exists(out + "/results.json"));
  }
}

// Issue 41, case 1: with OUT/data a symlink, its target's <engine> directory was deleted through the link.
TEST(OutputDir, ASymlinkedDataDirectoryIsRefusedAndItsTargetSurvives) {
  ScratchDir scratch;
  const std::string out = scratch / "out";
  fs::create_directories(scratch / "home/Memory");
  WriteFile(scratch / "home/Memory/notes.txt", "mine");
  fs::create_directories(out);
  fs::create_directory_symlink(scratch / "home", out + "/data");
  WriteFile(scratch / "config.json", SmallConfig(1000, nlohmann::json::array({Memory("Memory")})).dump());
  const ProcessResult run = RunKvbench({"run", scratch / "config.json", "--out", out});
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("kvbench run: --out: " + out + "/data is a symlink"), std::string::npos) << run.output;
  EXPECT_EQ(ReadFile(scratch / "home/Memory/notes.txt"), "mine");
}

// Issue 41, case 1: a disk mounted at OUT/data/<engine> was wiped, then the run failed with EBUSY. Mounted at
// OUT/data instead it is the explicit way to run on it: only the directories kvbench made there are removed.
TEST(OutputDir, AMountPointIsNeverWipedAndADiskMountedAtDataIsUsable) {
  ScratchDir scratch;
  const std::string out = scratch / "out";
  fs::create_directories(out + "/data/Memory");
  // Unmounted however the test ends (before the scratch directory is removed), a failed one included.
  struct Unmount {
    std::string path;
    ~Unmount() { ::umount2(path.c_str(), MNT_DETACH); }
  };
  if (::mount("kvbench-test", (out + "/data/Memory").c_str(), "tmpfs", 0, "size=16m") != 0) {
    GTEST_SKIP() << "cannot mount a tmpfs here (needs root)";
  }
  const Unmount engine_mount{out + "/data/Memory"};
  WriteFile(out + "/data/Memory/disk-file", "on the disk");
  WriteFile(scratch / "config.json", SmallConfig(1000, nlohmann::json::array({Memory("Memory")})).dump());
  const ProcessResult refused = RunKvbench({"run", scratch / "config.json", "--out", out, "--no-report"});
  EXPECT_EQ(refused.exit_code, 2) << refused.output;
  EXPECT_NE(refused.output.find(out + "/data/Memory is a mount point: kvbench never deletes a file system's content "
                                      "(to run on that disk, mount it at " + out + "/data instead"),
            std::string::npos)
      << refused.output;
  EXPECT_EQ(ReadFile(out + "/data/Memory/disk-file"), "on the disk");
  ASSERT_EQ(::umount2((out + "/data/Memory").c_str(), MNT_DETACH), 0);

  ASSERT_EQ(::mount("kvbench-test", (out + "/data").c_str(), "tmpfs", 0, "size=16m"), 0);
  const Unmount data_mount{out + "/data"};
  WriteFile(out + "/data/disk-file", "on the disk");
  const ProcessResult run = RunKvbench({"run", scratch / "config.json", "--out", out, "--no-report"});
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(ReadFile(out + "/data/disk-file"), "on the disk");
  EXPECT_FALSE(fs::exists(out + "/data/Memory"));
}

// A directory kept with --keep-data carries the marker: the next run into the same --out may replace it.
TEST(OutputDir, KeptDataIsReplacedByTheNextRun) {
  ScratchDir scratch;
  const std::string out = scratch / "out";
  nlohmann::json config = SmallConfig(1000, nlohmann::json::array({Memory("Memory")}));
  config["phases"] = {"insert profiles"};
  WriteFile(scratch / "config.json", config.dump());
  for (int i = 0; i < 2; ++i) {
    const ProcessResult run = RunKvbench({"run", scratch / "config.json", "--out", out, "--keep-data", "--no-report"});
    ASSERT_EQ(run.exit_code, 0) << run.output;
    EXPECT_TRUE(fs::exists(out + "/data/Memory/.kvbench-data-dir"));
  }
}

}  // namespace
}  // namespace kvbench::testing
