// kvbench run on a shipped config, one engine at a time: every phase checksum and the final checksum must equal
// the published reference values (configs/reference/, read at test time), and results.json must be complete.
// Which engine and scale: the test name (ctest runs each through --gtest_filter; see CMakeLists.txt).
#include <gtest/gtest.h>

#include <filesystem>

#include "kvbench_process.hpp"

namespace kvbench::testing {
namespace {

// `reference`: the published run the config reproduces, which kvbench names `published_name` in its message.
void RunAndCompareWith(const std::string& config_file, const std::string& engine, int profiles, int parallelism,
                       const nlohmann::json& reference, const std::string& published_name) {
  ScratchDir scratch;
  const std::string out = scratch / "out";
  const ProcessResult run = RunKvbench({"run", SourceDir() + "/configs/" + config_file, "--engine", engine, "--out",
                                        out, "--parallelism", std::to_string(parallelism)});
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const nlohmann::json results = ReadJson(out + "/results.json");

  EXPECT_EQ(results["schema_version"], 1);
  EXPECT_EQ(results["workload"]["profiles"], profiles);
  EXPECT_EQ(results["workload"]["parallelism"], parallelism);
  EXPECT_EQ(results["config"]["engines"].size(), 1u);
  for (const char* member : {"os", "kernel", "cpu_model", "logical_processors", "total_memory_bytes", "compiler",
                             "build_type", "kvbench_version", "git_revision"}) {
    EXPECT_FALSE(results["environment"][member].is_null()) << member;
  }
  // From 100,000 profiles a run probes the machine's memory latency by default: 16 KiB to 256 MiB, 8 points.
  if (profiles >= 100000) {
    const nlohmann::json& probe = results["environment"]["memory_latency"]["points"];
    ASSERT_TRUE(probe.is_array()) << results["environment"];
    EXPECT_EQ(probe.size(), 8u);
    for (const nlohmann::json& p : probe) EXPECT_GT(p["ns_per_load"].get<double>(), 0.0);
  }
  ASSERT_EQ(results["engines"].size(), 1u);
  const nlohmann::json& e = results["engines"][0];
  EXPECT_EQ(e["name"], engine);
  EXPECT_EQ(e["status"], "Completed") << e["error"];
  EXPECT_TRUE(e["error"].is_null());
  EXPECT_TRUE(e["interrupted_phase"].is_null());

  const nlohmann::json& expected = reference["phase_checksums"];
  ASSERT_EQ(e["phases"].size(), expected.size());
  double phase_sum = 0;
  for (size_t i = 0; i < expected.size(); ++i) {
    const nlohmann::json& phase = e["phases"][i];
    EXPECT_EQ(phase["name"], expected[i]["name"]) << i;
    EXPECT_EQ(phase["operations"], expected[i]["operations"]) << phase["name"];
    EXPECT_EQ(phase["checksum"], expected[i]["checksum"]) << phase["name"];
    EXPECT_GT(phase["elapsed_ms"].get<double>(), 0.0) << phase["name"];
    EXPECT_GT(phase["ops_per_s"].get<double>(), 0.0) << phase["name"];
    EXPECT_TRUE(phase["measurements"].is_object()) << phase["name"];
    phase_sum += phase["elapsed_ms"].get<double>();
  }
  EXPECT_EQ(e["final_checksum"], reference["final_checksum"]);
  EXPECT_EQ(e["verified_profile_count"], profiles);
  EXPECT_NEAR(e["completed_phase_ms"].get<double>(), phase_sum, 1e-6 * phase_sum + 1e-9);
  for (const char* member :
       {"pre_read_stabilize_ms", "post_update_stabilize_ms", "settle_ms", "reopen_ms", "verify_ms", "run_ms"}) {
    EXPECT_TRUE(e[member].is_number()) << member;
  }
  EXPECT_GT(e["run_ms"].get<double>(), phase_sum);
  EXPECT_GT(e["storage_bytes"].get<uint64_t>(), 0u);
  const uint64_t peak = e["peak_memory_bytes"].get<uint64_t>();
  const uint64_t before_open = e["host_memory_before_open_bytes"].get<uint64_t>();
  EXPECT_GT(before_open, 0u);
  EXPECT_LT(before_open, peak);
  // A sanity bound on the harness's own footprint before the engine opens (5-12 MB in Release builds; the plan is
  // replayed, never materialized). Sanitizer runtimes add tens of MB of shadow memory, so the bound is for
  // uninstrumented builds only.
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
  EXPECT_LT(before_open, 64u << 20);
#endif
  EXPECT_TRUE(e["plugin"]["name"].is_string());
  EXPECT_TRUE(e["durability"].is_string());
  EXPECT_GT(e["amplification"]["logical_bytes_written"].get<uint64_t>(), 0u);

  EXPECT_EQ(results["correctness"]["passed"], true) << results["correctness"];
  EXPECT_EQ(results["correctness"]["engines_compared"], nlohmann::json::array({engine}));
  // A lone engine at a published size is checked against the publication the host carries.
  EXPECT_EQ(results["correctness"]["checked"], true);
  EXPECT_EQ(results["correctness"]["reference"]["kind"], "published");
  EXPECT_NE(run.output.find("match " + published_name), std::string::npos) << run.output;
  // The engine's data directory is gone (no --keep-data); the report sits beside results.json.
  EXPECT_FALSE(std::filesystem::exists(out + "/data"));
  EXPECT_TRUE(std::filesystem::exists(out + "/report.md")) << run.output;
}

void RunAndCompareWithReference(const std::string& config_file, const std::string& engine, int profiles) {
  const std::string size = profiles == 1000000 ? "1M" : std::to_string(profiles / 1000) + "K";
  RunAndCompareWith(config_file, engine, profiles, 1, ReferenceRun(profiles), "the published " + size + " run");
}

// 16 workers per phase (docs/profile-workload-parallel.md): the published Windows p16 run's checksums.
void RunAndCompareWithP16Reference(const std::string& engine) {
  RunAndCompareWith("profiles-100k-p16.json", engine, 100000, 16, WindowsReferenceRun(100000, 16),
                    "the published 100K run with 16 workers and query limit 50");
}

// The same config with --parallelism 1: the single worker's checksums of the Windows run at query limit 50.
TEST(EndToEnd, ZoneTree100kWindowsP1) {
  RunAndCompareWith("profiles-100k-p16.json", "ZoneTree", 100000, 1, WindowsReferenceRun(100000, 1),
                    "the published 100K run with query limit 50");
}

TEST(EndToEnd, Memory100k) { RunAndCompareWithReference("profiles-100k.json", "Memory", 100000); }
TEST(EndToEnd, ZoneTree100kP16) { RunAndCompareWithP16Reference("ZoneTree"); }
TEST(EndToEnd, RocksDB100kP16) { RunAndCompareWithP16Reference("RocksDB"); }
TEST(EndToEnd, ZoneTree100k) { RunAndCompareWithReference("profiles-100k.json", "ZoneTree", 100000); }
TEST(EndToEnd, RocksDB100k) { RunAndCompareWithReference("profiles-100k.json", "RocksDB", 100000); }
TEST(EndToEnd, Memory1M) { RunAndCompareWithReference("profiles-1m.json", "Memory", 1000000); }

TEST(EndToEnd, SmokeConfigRunsAndKeepsDataOnRequest) {
  ScratchDir scratch;
  const std::string out = scratch / "out";
  const ProcessResult run = RunKvbench(
      {"run", SourceDir() + "/configs/smoke.json", "--profiles", "2000", "--out", out, "--keep-data", "--no-report"});
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const nlohmann::json results = ReadJson(out + "/results.json");
  EXPECT_EQ(results["workload"]["profiles"], 2000);
  EXPECT_EQ(results["workload"]["queries"], 2000);  // re-derived from the new N
  EXPECT_EQ(results["engines"][0]["status"], "Completed");
  EXPECT_TRUE(std::filesystem::is_directory(out + "/data/Memory"));
  EXPECT_FALSE(std::filesystem::exists(out + "/report.md"));
}

TEST(EndToEnd, PhaseSubsetRunsOnlyThoseWithTheirSteps) {
  ScratchDir scratch;
  nlohmann::json config = SmallConfig(1000, {{{"name", "Memory"}, {"plugin", "memory"}}});
  config["phases"] = {"insert profiles", "update profiles", "post-update read by user id"};
  WriteFile(scratch / "c.json", config.dump());
  const ProcessResult run = RunKvbench({"run", scratch / "c.json", "--out", scratch / "out", "--no-report"});
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const nlohmann::json e = ReadJson(scratch / "out/results.json")["engines"][0];
  ASSERT_EQ(e["phases"].size(), 3u);
  EXPECT_EQ(e["phases"][2]["name"], "post-update read by user id");
  // insert is followed by update, not a read: no pre-read stabilize; update is followed by its stabilize.
  EXPECT_TRUE(e["pre_read_stabilize_ms"].is_null());
  EXPECT_TRUE(e["post_update_stabilize_ms"].is_number());
  std::vector<std::string> steps;
  for (const auto& s : e["steps"]) steps.push_back(s["name"]);
  EXPECT_EQ(steps, (std::vector<std::string>{"open", "post-update stabilize", "settle", "reopen", "verify", "close"}));
}

// The template plugin is not persistent (no KVB_CAP_PERSISTENT): its run skips the reopen step, verifies the live
// engine and says so, and every checksum equals memory.so's in the same run (memory.so is held to the published
// checksums by EndToEnd.Memory100k; there are none published for 2000 profiles).
TEST(EndToEnd, NonPersistentTemplateCompletesWithoutReopenWithMemorysChecksums) {
  ScratchDir scratch;
  const int profiles = 2000;
  const nlohmann::json config = SmallConfig(
      profiles, {{{"name", "Memory"}, {"plugin", "memory"}}, {{"name", "Template"}, {"plugin", "template"}}});
  WriteFile(scratch / "c.json", config.dump());
  const ProcessResult run = RunKvbench({"run", scratch / "c.json", "--out", scratch / "out"});
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const nlohmann::json results = ReadJson(scratch / "out/results.json");
  ASSERT_EQ(results["engines"].size(), 2u);
  const nlohmann::json& memory = results["engines"][0];
  const nlohmann::json& tmpl = results["engines"][1];
  ASSERT_EQ(tmpl["status"], "Completed") << tmpl["error"];
  EXPECT_EQ(tmpl["persistent"], false);
  EXPECT_TRUE(tmpl["reopen_ms"].is_null());
  EXPECT_TRUE(tmpl["verify_ms"].is_number());
  std::vector<std::string> steps;
  for (const auto& s : tmpl["steps"]) steps.push_back(s["name"]);
  EXPECT_EQ(steps, (std::vector<std::string>{"open", "pre-read stabilize", "post-update stabilize", "settle", "verify",
                                             "close"}));
  EXPECT_EQ(memory["persistent"], true);
  EXPECT_TRUE(memory["reopen_ms"].is_number());

  ASSERT_EQ(tmpl["phases"].size(), 16u);
  ASSERT_EQ(memory["phases"].size(), 16u);
  for (size_t i = 0; i < 16; ++i) {
    EXPECT_EQ(tmpl["phases"][i]["checksum"], memory["phases"][i]["checksum"]) << tmpl["phases"][i]["name"];
  }
  EXPECT_EQ(tmpl["final_checksum"], memory["final_checksum"]);
  EXPECT_EQ(tmpl["verified_profile_count"], profiles);
  EXPECT_EQ(results["correctness"]["passed"], true) << results["correctness"];
  const std::string report = ReadFile(scratch / "out/report.md");
  EXPECT_NE(report.find(" | not persistent | "), std::string::npos) << report;        // Total By Engine: Reopen
  EXPECT_NE(report.find("Template is not persistent"), std::string::npos) << report;  // Interpretation Notes
}

TEST(EndToEnd, ValidatePrintsASummary) {
  const ProcessResult run = RunKvbench({"validate", SourceDir() + "/configs/smoke.json"});
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("OK: Smoke test (10K profiles): 10000 profiles, 16 phases"), std::string::npos)
      << run.output;
}

}  // namespace
}  // namespace kvbench::testing
