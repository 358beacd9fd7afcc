// What kvbench run and crashtest write into --out: a run that could not save its results is refused before any
// engine runs.
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

}  // namespace
}  // namespace kvbench::testing
