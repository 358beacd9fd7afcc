// What kvbench run and crashtest write into --out, and where: a run that could not save its results is refused
// before any engine runs, and every engine gets a data directory of its own.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace kvbench::testing
