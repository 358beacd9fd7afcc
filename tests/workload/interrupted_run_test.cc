// Ctrl-C (SIGINT to the whole process group, the worker included) or SIGTERM (to the host alone) in the middle of
// a run: the host stops the running engine's worker, records that engine as Interrupted, writes results.json and
// the report for what ran, removes the engine's data directory, says so in one line and ends by the same signal.
// The engines that finished before are kept; the engines after are listed as not run.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <csignal>
#include <filesystem>
#include <thread>

#include "kvbench_process.hpp"

namespace kvbench::testing {
namespace {

void InterruptTheHangingEngine(int signal, bool whole_group) {
  ScratchDir scratch;
  const std::string out = scratch / "out";
  nlohmann::json config = SmallConfig(
      1000, {{{"name", "Memory"}, {"plugin", "memory"}},
             {{"name", "Hang"}, {"plugin", TestPluginPath("hang_in_get")}, {"settings", {{"HangAfterGets", 10}}}},
             {{"name", "After"}, {"plugin", "memory"}}});
  config["phases"] = {"insert profiles", "read by user id"};
  config["timeout_seconds"] = 120;
  WriteFile(scratch / "config.json", config.dump(2));
  KvbenchProcess run({"run", scratch / "config.json", "--out", out});
  ASSERT_GT(run.pid(), 0);
  // Memory has finished once Hang has inserted; Hang then hangs in its 11th get of "read by user id".
  ASSERT_TRUE(run.WaitForOutput("Hang: pre-read stabilize", 60000)) << run.Output();
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  ASSERT_EQ(::kill(whole_group ? -run.pid() : run.pid(), signal), 0);
  int status = 0;
  ASSERT_TRUE(run.Wait(30000, &status)) << "still running after the signal:\n" << run.Output();
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == signal) << "status " << status << "\n" << run.Output();

  const std::string name = signal == SIGINT ? "SIGINT" : "SIGTERM";
  ASSERT_TRUE(std::filesystem::exists(out + "/results.json")) << run.Output();
  const nlohmann::json results = ReadJson(out + "/results.json");
  ASSERT_EQ(results["engines"].size(), 2u) << results["engines"];
  EXPECT_EQ(results["engines"][0]["name"], "Memory");
  EXPECT_EQ(results["engines"][0]["status"], "Completed");
  const nlohmann::json& hang = results["engines"][1];
  EXPECT_EQ(hang["status"], "Interrupted");
  EXPECT_EQ(hang["signal"], name);
  EXPECT_EQ(hang["interrupted_phase"], "read by user id");
  ASSERT_EQ(hang["phases"].size(), 1u);
  EXPECT_EQ(hang["phases"][0]["name"], "insert profiles");
  EXPECT_EQ(results["interrupted_by"], name);
  EXPECT_EQ(results["engines_not_run"], nlohmann::json::array({"After"}));
  EXPECT_EQ(results["correctness"]["passed"], true);
  EXPECT_TRUE(std::filesystem::exists(out + "/report.md"));
  EXPECT_FALSE(std::filesystem::exists(out + "/data")) << "the interrupted engine's data directory was left behind";
  EXPECT_NE(run.Output().find("kvbench run: interrupted by " + name + ": the results of 2 of 3 engines are in " + out +
                              "/results.json"),
            std::string::npos)
      << run.Output();
}

TEST(InterruptedRun, CtrlCKeepsTheFinishedEnginesAndEndsBySigint) { InterruptTheHangingEngine(SIGINT, true); }

TEST(InterruptedRun, SigtermToTheHostKeepsTheFinishedEnginesAndEndsBySigterm) {
  InterruptTheHangingEngine(SIGTERM, false);
}

}  // namespace
}  // namespace kvbench::testing
