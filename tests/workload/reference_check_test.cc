// What `kvbench run` checks an engine's checksums against (host/runner/reference_run.hpp), end to end: a lone engine
// with a checksum bug (tests/plugins/misbehaving, count_off_by_one: verify counts one profile fewer) fails the run
// with a message naming it, against the publication at a published size and against the bundled memory engine at
// an unpublished one; engines that disagree with no reference are not told apart; --reference overrides.
#include <gtest/gtest.h>

#include "kvbench_process.hpp"

namespace kvbench::testing {
namespace {

nlohmann::json CountBug() { return {{"name", "CountBug"}, {"plugin", TestPluginPath("count_off_by_one")}}; }
nlohmann::json Memory() { return {{"name", "Memory"}, {"plugin", "memory"}}; }

struct RunOutcome {
  ProcessResult process;
  nlohmann::json results;
};

RunOutcome RunConfig(const ScratchDir& scratch, const nlohmann::json& config,
                     const std::vector<std::string>& extra = {}) {
  WriteFile(scratch / "config.json", config.dump(2));
  std::vector<std::string> args = {"run", scratch / "config.json", "--out", scratch / "out", "--no-report"};
  args.insert(args.end(), extra.begin(), extra.end());
  RunOutcome run;
  run.process = RunKvbench(args);
  run.results = ReadJson(scratch / "out/results.json");
  return run;
}

bool Contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(ReferenceCheck, LoneCountBugAtAPublishedSizeFailsAgainstThePublication) {
  ScratchDir scratch;
  nlohmann::json config = SmallConfig(100000, nlohmann::json::array({CountBug()}));
  config["timeout_seconds"] = 400;  // 26-42 s measured on the 2-core machine; over 60 s under a parallel ctest
  const RunOutcome run = RunConfig(scratch, config);
  EXPECT_EQ(run.process.exit_code, 1) << run.process.output;
  const nlohmann::json& engine = run.results["engines"][0];
  ASSERT_EQ(engine["status"], "Completed") << engine["error"];
  EXPECT_EQ(engine["verified_profile_count"], 99999);
  const nlohmann::json& c = run.results["correctness"];
  EXPECT_EQ(c["passed"], false);
  EXPECT_EQ(c["reference"]["kind"], "published");
  EXPECT_EQ(c["reference"]["name"], "the published 100K run");
  ASSERT_EQ(c["mismatches"].size(), 1u) << c;  // every phase agrees: only verify's count is wrong
  EXPECT_EQ(c["mismatches"][0]["engine"], "CountBug");
  EXPECT_EQ(c["mismatches"][0]["phase"], "final checksum");
  EXPECT_EQ(c["mismatches"][0]["expected"], ReferenceRun(100000)["final_checksum"]);
  // The result is what the engine returned, never the expectation.
  EXPECT_EQ(engine["final_checksum"], c["mismatches"][0]["checksum"]);
  EXPECT_NE(engine["final_checksum"], ReferenceRun(100000)["final_checksum"]);
  EXPECT_TRUE(Contains(run.process.output, "CountBug differs from the published 100K run: final checksum"))
      << run.process.output;
}

TEST(ReferenceCheck, LoneCountBugAtAnUnpublishedSizeFailsAgainstTheMemoryEngine) {
  ScratchDir scratch;
  const RunOutcome run = RunConfig(scratch, SmallConfig(2000, nlohmann::json::array({CountBug()})));
  EXPECT_EQ(run.process.exit_code, 1) << run.process.output;
  EXPECT_EQ(run.results["engines"].size(), 1u);  // the reference engine's run is not a result
  const nlohmann::json& c = run.results["correctness"];
  EXPECT_EQ(c["passed"], false);
  EXPECT_EQ(c["reference"]["kind"], "engine");
  EXPECT_EQ(c["reference"]["name"], "the reference engine memory");
  ASSERT_EQ(c["mismatches"].size(), 1u) << c;
  EXPECT_EQ(c["mismatches"][0]["engine"], "CountBug");
  EXPECT_EQ(c["mismatches"][0]["phase"], "final checksum");
  EXPECT_TRUE(Contains(run.process.output, "no published run of this workload (2000 profiles")) << run.process.output;
  EXPECT_TRUE(Contains(run.process.output, "CountBug differs from the reference engine memory: final checksum"))
      << run.process.output;
}

TEST(ReferenceCheck, LoneCorrectEngineAtAnUnpublishedSizeMatchesTheMemoryEngine) {
  ScratchDir scratch;
  const RunOutcome run =
      RunConfig(scratch, SmallConfig(2000, nlohmann::json::array({{{"name", "Template"}, {"plugin", "template"}}})));
  EXPECT_EQ(run.process.exit_code, 0) << run.process.output;
  const nlohmann::json& c = run.results["correctness"];
  EXPECT_EQ(c["passed"], true);
  EXPECT_EQ(c["checked"], true);
  EXPECT_TRUE(Contains(c["message"], "the checksums of Template (17 compared) match the reference engine memory"))
      << c["message"];
}

TEST(ReferenceCheck, EnginesThatDisagreeWithNoReferenceAreNotToldApart) {
  ScratchDir scratch;
  // The broken engine first: it must not become the truth.
  const RunOutcome run = RunConfig(scratch, SmallConfig(2000, {CountBug(), Memory()}));
  EXPECT_EQ(run.process.exit_code, 1) << run.process.output;
  const nlohmann::json& c = run.results["correctness"];
  EXPECT_EQ(c["passed"], false);
  EXPECT_EQ(c["reference"]["kind"], "none");
  const std::string message = c["message"];
  EXPECT_TRUE(Contains(message, "the engines disagree")) << message;
  EXPECT_FALSE(Contains(message, "expected")) << message;
  const nlohmann::json& engines = run.results["engines"];
  EXPECT_TRUE(Contains(message, "final checksum: CountBug " + engines[0]["final_checksum"].get<std::string>() +
                                    ", Memory " + engines[1]["final_checksum"].get<std::string>()))
      << message;
  ASSERT_EQ(c["mismatches"].size(), 2u) << c;
  for (const nlohmann::json& m : c["mismatches"]) EXPECT_TRUE(m["expected"].is_null()) << m;
}

// The report says what the run said: no engine is the expected one when the engines disagree with no reference.
TEST(ReferenceCheck, TheReportGivesTheRunsOwnVerdict) {
  ScratchDir scratch;
  WriteFile(scratch / "config.json", SmallConfig(2000, {CountBug(), Memory()}).dump(2));
  const ProcessResult run = RunKvbench({"run", scratch / "config.json", "--out", scratch / "out"});
  EXPECT_EQ(run.exit_code, 1) << run.output;
  const std::string report = ReadFile(scratch / "out/report.md");
  EXPECT_TRUE(Contains(report, "Checksum validation failed: the engines disagree")) << report;
  EXPECT_FALSE(Contains(report, "| CountBug |\n")) << "CountBug named as the expected engine:\n" << report;
}

TEST(ReferenceCheck, ReferenceNamesTheEngineTakenAsTheTruth) {
  ScratchDir scratch;
  const RunOutcome run = RunConfig(scratch, SmallConfig(2000, {CountBug(), Memory()}), {"--reference", "Memory"});
  EXPECT_EQ(run.process.exit_code, 1) << run.process.output;
  const nlohmann::json& c = run.results["correctness"];
  ASSERT_EQ(c["mismatches"].size(), 1u) << c;
  EXPECT_EQ(c["mismatches"][0]["engine"], "CountBug");
  EXPECT_EQ(c["mismatches"][0]["expected_from"], "the reference engine Memory");
  EXPECT_EQ(c["mismatches"][0]["expected"], run.results["engines"][1]["final_checksum"]);
}

TEST(ReferenceCheck, ReferenceNoneLeavesALoneEngineUnchecked) {
  ScratchDir scratch;
  const RunOutcome run =
      RunConfig(scratch, SmallConfig(2000, nlohmann::json::array({CountBug()})), {"--reference", "none"});
  EXPECT_EQ(run.process.exit_code, 0) << run.process.output;
  const nlohmann::json& c = run.results["correctness"];
  EXPECT_EQ(c["passed"], true);
  EXPECT_EQ(c["checked"], false);
  EXPECT_TRUE(Contains(c["message"],
                       "Checksums not checked: one completed engine (CountBug) and no reference "
                       "(--reference none)"))
      << c["message"];
}

TEST(ReferenceCheck, AReferenceThatIsNeitherAnEngineNorAPluginIsRefused) {
  ScratchDir scratch;
  WriteFile(scratch / "config.json", SmallConfig(2000, nlohmann::json::array({Memory()})).dump());
  const ProcessResult run =
      RunKvbench({"run", scratch / "config.json", "--out", scratch / "out", "--reference", "NoSuchEngine"});
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_TRUE(Contains(run.output, "--reference NoSuchEngine: not an engine of the config")) << run.output;
}

}  // namespace
}  // namespace kvbench::testing
