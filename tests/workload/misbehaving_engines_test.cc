// Engines that crash, hang, lie or throw (tests/plugins/misbehaving/): each is reported for what it did, with the phase
// it was in and the phases it completed, and the next engine of the same config still runs to completion.
#include <gtest/gtest.h>

#include "kvbench_process.hpp"

namespace kvbench::testing {
namespace {

constexpr int kProfiles = 1000;

nlohmann::json MemoryEngine() { return {{"name", "Memory"}, {"plugin", "memory"}}; }

nlohmann::json Misbehaving(const std::string& name, const std::string& plugin, const nlohmann::json& settings) {
  return {{"name", name}, {"plugin", TestPluginPath(plugin)}, {"settings", settings}};
}

// Runs `config` and returns results.json; the run must exit with `expected_exit`.
nlohmann::json RunConfigFile(const ScratchDir& scratch, const nlohmann::json& config, int expected_exit) {
  WriteFile(scratch / "config.json", config.dump(2));
  const ProcessResult run = RunKvbench({"run", scratch / "config.json", "--out", scratch / "out", "--no-report"});
  EXPECT_EQ(run.exit_code, expected_exit) << run.output;
  return ReadJson(scratch / "out/results.json");
}

std::vector<std::string> PhaseNames(const nlohmann::json& engine) {
  std::vector<std::string> names;
  for (const auto& p : engine["phases"]) names.push_back(p["name"]);
  return names;
}

TEST(MisbehavingEngines, HangingEngineTimesOutAndTheNextEngineCompletes) {
  ScratchDir scratch;
  nlohmann::json config =
      SmallConfig(kProfiles, {Misbehaving("Hang", "hang_in_get", {{"HangAfterGets", 10}}), MemoryEngine()});
  config["phases"] = {"insert profiles", "read by user id", "lookup by email"};
  config["timeout_seconds"] = 3;
  const nlohmann::json results = RunConfigFile(scratch, config, 1);
  ASSERT_EQ(results["engines"].size(), 2u);
  const nlohmann::json& hang = results["engines"][0];
  EXPECT_EQ(hang["status"], "TimedOut");
  EXPECT_EQ(hang["interrupted_phase"], "read by user id");
  EXPECT_EQ(PhaseNames(hang), std::vector<std::string>{"insert profiles"});
  EXPECT_NE(hang["error"].get<std::string>().find("timed out after 3 s"), std::string::npos) << hang["error"];
  EXPECT_TRUE(hang["final_checksum"].is_null());
  EXPECT_TRUE(hang["peak_memory_bytes"].is_number());
  EXPECT_GE(hang["run_ms"].get<double>(), 3000.0);
  EXPECT_EQ(results["engines"][1]["status"], "Completed");
  EXPECT_EQ(results["correctness"]["engines_compared"], nlohmann::json::array({"Memory"}));
}

TEST(MisbehavingEngines, AbortDuringInsertIsReportedCrashedWithTheSignal) {
  ScratchDir scratch;
  const nlohmann::json config =
      SmallConfig(kProfiles, {Misbehaving("Crash", "abort_mid_phase", {{"AbortAfterPuts", 2500}}), MemoryEngine()});
  const nlohmann::json results = RunConfigFile(scratch, config, 1);
  const nlohmann::json& crash = results["engines"][0];
  EXPECT_EQ(crash["status"], "Crashed");
  EXPECT_EQ(crash["signal"], "SIGABRT");
  EXPECT_EQ(crash["interrupted_phase"], "insert profiles");
  EXPECT_TRUE(crash["phases"].empty());
  EXPECT_NE(crash["error"].get<std::string>().find("SIGABRT"), std::string::npos);
  EXPECT_EQ(crash["plugin"]["name"], "abort_mid_phase");  // known from the check before the run
  EXPECT_EQ(results["engines"][1]["status"], "Completed");
  EXPECT_EQ(results["correctness"]["passed"], true);
}

TEST(MisbehavingEngines, AbortInALaterPhaseKeepsTheCompletedPhases) {
  ScratchDir scratch;
  // read by user id does 1000 gets; lookup by email 2 per operation: the 1500th get is inside it.
  const nlohmann::json config = SmallConfig(
      kProfiles, nlohmann::json::array({Misbehaving("Crash", "abort_mid_phase", {{"AbortAfterGets", 1500}})}));
  const nlohmann::json results = RunConfigFile(scratch, config, 1);
  const nlohmann::json& crash = results["engines"][0];
  EXPECT_EQ(crash["status"], "Crashed");
  EXPECT_EQ(crash["interrupted_phase"], "lookup by email");
  EXPECT_EQ(PhaseNames(crash), (std::vector<std::string>{"insert profiles", "read by user id"}));
  EXPECT_TRUE(crash["pre_read_stabilize_ms"].is_number());
  EXPECT_EQ(results["correctness"]["passed"], false);  // no engine completed
}

TEST(MisbehavingEngines, JunkFromTheGetSinkFailsTheEngineNotTheHost) {
  ScratchDir scratch;
  const nlohmann::json config =
      SmallConfig(kProfiles, {Misbehaving("Junk", "garbage_sink", {{"GarbageKind", "junk"}}), MemoryEngine()});
  const nlohmann::json results = RunConfigFile(scratch, config, 1);
  const nlohmann::json& junk = results["engines"][0];
  EXPECT_EQ(junk["status"], "Failed");
  EXPECT_EQ(junk["interrupted_phase"], "read by user id");
  EXPECT_FALSE(junk["error"].get<std::string>().empty());
  EXPECT_TRUE(junk["signal"].is_null());
  EXPECT_EQ(results["engines"][1]["status"], "Completed");
}

TEST(MisbehavingEngines, AnIteratorExceptionFailsThePhaseInsteadOfChangingItsChecksum) {
  ScratchDir scratch;
  // The misbehaving plugins have no scan slot: the first scan phase walks the host's iterator fallback.
  const nlohmann::json config =
      SmallConfig(kProfiles, {Misbehaving("Thrower", "throw_in_next", {{"ThrowAfterNexts", 5}}), MemoryEngine()});
  const nlohmann::json results = RunConfigFile(scratch, config, 1);
  const nlohmann::json& thrower = results["engines"][0];
  EXPECT_EQ(thrower["status"], "Failed");
  EXPECT_EQ(thrower["interrupted_phase"], "scan country/status index");
  EXPECT_EQ(PhaseNames(thrower), (std::vector<std::string>{"insert profiles", "read by user id", "lookup by email"}));
  const std::string error = thrower["error"].is_string() ? thrower["error"].get<std::string>() : "";
  EXPECT_NE(error.find("failed (INTERNAL): iterator_next: throw_in_next: Next() threw"), std::string::npos) << error;
  EXPECT_EQ(results["engines"][1]["status"], "Completed");
}

TEST(MisbehavingEngines, PlausibleWrongProfilesAreAChecksumMismatch) {
  ScratchDir scratch;
  const nlohmann::json config =
      SmallConfig(kProfiles, {MemoryEngine(), Misbehaving("Liar", "garbage_sink", {{"GarbageKind", "plausible"}})});
  const nlohmann::json results = RunConfigFile(scratch, config, 1);
  EXPECT_EQ(results["engines"][1]["status"], "Completed");
  const nlohmann::json& c = results["correctness"];
  EXPECT_EQ(c["passed"], false);
  EXPECT_EQ(c["engines_compared"], nlohmann::json::array({"Memory", "Liar"}));
  ASSERT_FALSE(c["mismatches"].empty());
  // No published run and no reference engine for two engines: neither is taken as the truth, each one's checksum
  // is shown.
  const nlohmann::json& first = c["mismatches"][0];
  EXPECT_EQ(first["phase"], "read by user id");  // insert only puts: it agrees
  EXPECT_EQ(first["engine"], "Memory");
  EXPECT_TRUE(first["expected"].is_null());
  EXPECT_EQ(c["mismatches"][1]["engine"], "Liar");
  EXPECT_EQ(c["mismatches"][1]["checksum"], results["engines"][1]["phases"][1]["checksum"]);
  EXPECT_NE(c["message"].get<std::string>().find("the engines disagree"), std::string::npos) << c["message"];
  EXPECT_NE(c["message"].get<std::string>().find("Liar"), std::string::npos);
}

}  // namespace
}  // namespace kvbench::testing
