// Ctrl-C (SIGINT to the whole process group, writers and verifiers included) or SIGTERM (to the host alone) in the
// middle of 'kvbench crashtest': the kill under way is dropped (its writer or verifier was stopped, not tested), the
// engine is marked interrupted with the kills it finished, the engines after it are listed as not run,
// crashtest.json and crashtest.md are written, the engine's data directory is removed, one line says where the
// results are, and the process ends by the same signal.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <csignal>
#include <filesystem>

#include "kvbench_process.hpp"

namespace kvbench::testing {
namespace {

constexpr int kKills = 500;  // far more than run before the signal

void InterruptDuringTheFirstEngine(int signal, bool whole_group) {
  ScratchDir scratch;
  const std::string out = scratch / "out";
  WriteFile(scratch / "config.json",
            SmallConfig(2000, {{{"name", "First"}, {"plugin", "memory"}}, {{"name", "Second"}, {"plugin", "memory"}}})
                .dump(2));
  KvbenchProcess run(
      {"crashtest", scratch / "config.json", "--kills", std::to_string(kKills), "--seed", "5", "--out", out});
  ASSERT_GT(run.pid(), 0);
  ASSERT_TRUE(run.WaitForOutput("First kill 2/" + std::to_string(kKills), 60000)) << run.Output();
  ASSERT_EQ(::kill(whole_group ? -run.pid() : run.pid(), signal), 0);
  int status = 0;
  ASSERT_TRUE(run.Wait(30000, &status)) << "still running after the signal:\n" << run.Output();
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == signal) << "status " << status << "\n" << run.Output();

  const std::string name = signal == SIGINT ? "SIGINT" : "SIGTERM";
  ASSERT_TRUE(std::filesystem::exists(out + "/crashtest.json")) << run.Output();
  const nlohmann::json results = ReadJson(out + "/crashtest.json");
  EXPECT_EQ(results["interrupted_by"], name);
  EXPECT_EQ(results["engines_not_run"], nlohmann::json::array({"Second"}));
  ASSERT_EQ(results["engines"].size(), 1u) << results["engines"];
  const nlohmann::json& first = results["engines"][0];
  EXPECT_EQ(first["interrupted"], true);
  const size_t kills = first["kills"].size();
  EXPECT_GE(kills, 2u);
  EXPECT_LT(kills, static_cast<size_t>(kKills));
  for (const nlohmann::json& k : first["kills"]) {  // only kills that ran to their verdict
    EXPECT_EQ(k["writer"], "killed") << k.dump();
    EXPECT_EQ(k["reopen"], "ok") << k.dump();
  }
  EXPECT_EQ(first["summary"]["unverified"], 0);
  const std::string md = ReadFile(out + "/crashtest.md");
  EXPECT_NE(md.find("**Interrupted by " + name + "**"), std::string::npos) << md;
  EXPECT_NE(md.find(std::to_string(kills) + " of " + std::to_string(kKills) + " (interrupted)"), std::string::npos)
      << md;
  EXPECT_FALSE(std::filesystem::exists(out + "/data")) << "the interrupted engine's data directory was left behind";
  EXPECT_NE(run.Output().find("kvbench crashtest: interrupted by " + name + ": the results of 1 of 2 engines are in " +
                              out + "/crashtest.json"),
            std::string::npos)
      << run.Output();
}

TEST(InterruptedCrashtest, CtrlCKeepsTheFinishedKillsAndEndsBySigint) { InterruptDuringTheFirstEngine(SIGINT, true); }

TEST(InterruptedCrashtest, SigtermToTheHostKeepsTheFinishedKillsAndEndsBySigterm) {
  InterruptDuringTheFirstEngine(SIGTERM, false);
}

}  // namespace
}  // namespace kvbench::testing
