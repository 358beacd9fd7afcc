// 'kvbench run' with workload.deep_verify: a clean engine reports all zeros in results.json and report.md; an
// engine that drops acknowledged index writes (tests/plugins/lossy_sync) passes the spec's verify but not the deep
// one, and the run fails its correctness check.
#include <gtest/gtest.h>

#include "kvbench_process.hpp"

namespace kvbench::testing {
namespace {

constexpr int kProfiles = 2000;

nlohmann::json DeepConfig(const nlohmann::json& engines) {
  nlohmann::json config = SmallConfig(kProfiles, engines);
  config["workload"]["deep_verify"] = true;
  config["phases"] = {"insert profiles", "read by user id", "update profiles"};
  return config;
}

TEST(DeepVerifyRun, CleanEngineReportsAllZeros) {
  ScratchDir scratch;
  WriteFile(scratch / "config.json", DeepConfig({{{"name", "Memory"}, {"plugin", "memory"}}}).dump(2));
  const ProcessResult run = RunKvbench({"run", scratch / "config.json", "--out", scratch / "out"});
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const nlohmann::json results = ReadJson(scratch / "out/results.json");
  EXPECT_EQ(results["config"]["workload"]["deep_verify"], true);
  const nlohmann::json& deep = results["engines"][0]["deep_verify"];
  ASSERT_TRUE(deep.is_object()) << results["engines"][0].dump();
  EXPECT_EQ(deep["clean"], true) << deep.dump();
  for (const char* key : {"missing", "wrong", "stale", "extra", "orphans", "lost_ids", "in_flight_partial"}) {
    EXPECT_EQ(deep[key], 0) << key;
  }
  EXPECT_EQ(deep["stores"]["profiles"]["scanned"], kProfiles);
  bool step = false;
  for (const nlohmann::json& s : results["engines"][0]["steps"]) step |= s["name"] == "deep verify";
  EXPECT_TRUE(step);
  const std::string md = ReadFile(scratch / "out/report.md");
  EXPECT_NE(md.find("## Deep Verify"), std::string::npos);
  EXPECT_NE(md.find("| Memory | clean |"), std::string::npos) << md;
}

TEST(DeepVerifyRun, WithoutTheOptionThereIsNoDeepVerify) {
  ScratchDir scratch;
  nlohmann::json config = DeepConfig({{{"name", "Memory"}, {"plugin", "memory"}}});
  config["workload"].erase("deep_verify");
  WriteFile(scratch / "config.json", config.dump(2));
  const ProcessResult run = RunKvbench({"run", scratch / "config.json", "--out", scratch / "out"});
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const nlohmann::json results = ReadJson(scratch / "out/results.json");
  EXPECT_FALSE(results["engines"][0].contains("deep_verify"));
  EXPECT_EQ(ReadFile(scratch / "out/report.md").find("Deep Verify"), std::string::npos);
}

TEST(DeepVerifyRun, DroppedIndexWritesFailTheRun) {
  ScratchDir scratch;
  nlohmann::json config = DeepConfig({{{"name", "Lossy"}, {"plugin", TestPluginPath("lossy_sync")}}});
  config["phases"] = {"insert profiles", "update profiles"};  // nothing reads an index: the run itself completes
  WriteFile(scratch / "config.json", config.dump(2));
  const ProcessResult run = RunKvbench({"run", scratch / "config.json", "--out", scratch / "out"});
  EXPECT_EQ(run.exit_code, 1) << run.output;
  const nlohmann::json results = ReadJson(scratch / "out/results.json");
  const nlohmann::json& engine = results["engines"][0];
  EXPECT_EQ(engine["status"], "Completed") << engine.dump();
  EXPECT_EQ(engine["deep_verify"]["clean"], false);
  EXPECT_GT(engine["deep_verify"]["missing"].get<uint64_t>(), 0u);
  EXPECT_EQ(engine["deep_verify"]["stores"]["profiles"]["missing"], 0);
  EXPECT_EQ(results["correctness"]["passed"], false) << results["correctness"].dump();
  EXPECT_NE(ReadFile(scratch / "out/report.md").find("| Lossy | DAMAGED |"), std::string::npos);
}

}  // namespace
}  // namespace kvbench::testing
