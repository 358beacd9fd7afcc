// Ctrl-C (SIGINT to the whole process group, the worker included) or SIGTERM (to the host alone) in the middle of
// a run: the host stops the running engine's worker, records that engine as Interrupted, writes results.json and
// the report for what ran, removes the engine's data directory, says so in one line and ends by the same signal.
// The engines that finished before are kept; the engines after are listed as not run.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <csignal>
#include <cstdlib>
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

  const std::string name = signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "SIGHUP";
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

// Issue 41, case 12: SIGHUP (a closed terminal, a dropped ssh) killed kvbench at once, leaving OUT/data and no
// results for the running engine.
TEST(InterruptedRun, SighupIsAStopLikeSigterm) { InterruptTheHangingEngine(SIGHUP, false); }

// Issue 41, case 12: a stop during the memory probe waited for the probe and then reported interrupted_by: null.
// The last engine's result is saved before the probe, and the stop is recorded.
TEST(InterruptedRun, AStopDuringTheMemoryProbeIsRecorded) {
  ScratchDir scratch;
  const std::string out = scratch / "out";
  nlohmann::json config = SmallConfig(1000, {{{"name", "Memory"}, {"plugin", "memory"}}});
  config["phases"] = {"insert profiles"};
  config["measure"]["memory_latency"] = true;
  WriteFile(scratch / "config.json", config.dump(2));
  KvbenchProcess run({"run", scratch / "config.json", "--out", out, "--no-report"});
  ASSERT_GT(run.pid(), 0);
  ASSERT_TRUE(run.WaitForOutput("probing memory latency", 60000)) << run.Output();
  ASSERT_TRUE(std::filesystem::exists(out + "/results.json")) << "the last engine was not saved before the probe";
  EXPECT_EQ(ReadJson(out + "/results.json")["engines"][0]["status"], "Completed");
  ASSERT_EQ(::kill(run.pid(), SIGTERM), 0);
  int status = 0;
  ASSERT_TRUE(run.Wait(60000, &status)) << run.Output();
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) << "status " << status << "\n" << run.Output();
  const nlohmann::json results = ReadJson(out + "/results.json");
  EXPECT_EQ(results["interrupted_by"], "SIGTERM") << run.Output();
  ASSERT_EQ(results["engines"].size(), 1u);
  EXPECT_EQ(results["engines"][0]["status"], "Completed");
}

// Issue 41, case 4: two runs into one --out wiped each other's data and both failed with an unrelated ENOENT.
TEST(InterruptedRun, ASecondRunIntoTheSameOutIsRefusedNamingTheFirst) {
  ScratchDir scratch;
  const std::string out = scratch / "out";
  nlohmann::json config = SmallConfig(
      1000, {{{"name", "Hang"}, {"plugin", TestPluginPath("hang_in_get")}, {"settings", {{"HangAfterGets", 10}}}}});
  config["phases"] = {"insert profiles", "read by user id"};
  config["timeout_seconds"] = 120;
  WriteFile(scratch / "config.json", config.dump(2));
  KvbenchProcess first({"run", scratch / "config.json", "--out", out});
  ASSERT_GT(first.pid(), 0);
  ASSERT_TRUE(first.WaitForOutput("Hang: pre-read stabilize", 60000)) << first.Output();
  for (const std::string command : {"run", "crashtest"}) {
    SCOPED_TRACE(command);
    const ProcessResult second = RunKvbench({command, scratch / "config.json", "--out", out});
    EXPECT_EQ(second.exit_code, 2) << second.output;
    EXPECT_NE(second.output.find("kvbench " + command + ": --out: " + out + " is in use by kvbench process " +
                                 std::to_string(first.pid()) + " (" + out +
                                 "/.kvbench.lock); wait for it to end or choose another --out"),
              std::string::npos)
        << second.output;
  }
  EXPECT_TRUE(std::filesystem::exists(out + "/data/Hang")) << "the second run touched the first one's data";
  ASSERT_EQ(::kill(first.pid(), SIGTERM), 0);
  int status = 0;
  ASSERT_TRUE(first.Wait(30000, &status)) << first.Output();
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) << first.Output();
  EXPECT_EQ(ReadJson(out + "/results.json")["engines"][0]["status"], "Interrupted");
}

// Issue 41, case 12: a stop during the plugin check left its kvbench-check-* directory in the temporary folder.
TEST(InterruptedRun, AStopDuringThePluginCheckRemovesItsTemporaryDirectory) {
  ScratchDir scratch;
  const std::string tmp = scratch / "tmp";
  std::filesystem::create_directories(tmp);
  nlohmann::json config = SmallConfig(
      1000, {{{"name", "Hang"}, {"plugin", TestPluginPath("hang_in_get")}, {"settings", {{"HangInOpen", 1}}}}});
  WriteFile(scratch / "config.json", config.dump(2));
  setenv("TMPDIR", tmp.c_str(), 1);  // inherited by the kvbench started below
  KvbenchProcess run({"validate", scratch / "config.json"});
  unsetenv("TMPDIR");
  ASSERT_GT(run.pid(), 0);
  // (The helper's own scratch directory for the output is in `tmp` too.)
  const auto check_dirs = [&] {
    int n = 0;
    for (const auto& e : std::filesystem::directory_iterator(tmp)) {
      n += e.path().filename().string().rfind("kvbench-check-", 0) == 0 ? 1 : 0;
    }
    return n;
  };
  for (int i = 0; i < 600 && check_dirs() == 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ASSERT_EQ(check_dirs(), 1) << "no plugin check started:\n" << run.Output();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the worker is in the plugin's open, hanging
  ASSERT_EQ(::kill(-run.pid(), SIGINT), 0);
  int status = 0;
  ASSERT_TRUE(run.Wait(30000, &status)) << run.Output();
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT) << "status " << status << "\n" << run.Output();
  EXPECT_EQ(check_dirs(), 0) << "the plugin check's temporary directory was left behind";
  EXPECT_NE(run.Output().find("kvbench: interrupted by SIGINT while checking the plugin of engines[0] (Hang): "
                              "nothing ran"),
            std::string::npos)
      << run.Output();
}

}  // namespace
}  // namespace kvbench::testing
