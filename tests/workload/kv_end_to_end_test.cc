// kvbench run on the kv workload kind, as a user runs it: YCSB's load and A-F at a tiny size on memory,
// zonetree_like and rocksdb5 (every phase checksum equal across the three, the report's sections following the
// config's phases, compare and exports working), the db_bench presets, and a plugin that loses updates (stale
// values read back must fail correctness).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "kvbench_process.hpp"

namespace kvbench::testing {
namespace {

// configs/ycsb.json at `records` records and `operations` per run phase, over the engines named.
nlohmann::json TinyYcsb(int records, int operations, const std::vector<std::string>& engines) {
  nlohmann::json config = ReadJson(SourceDir() + "/configs/ycsb.json");
  config["workload"]["records"] = records;
  for (nlohmann::json& phase : config["workload"]["phases"]) {
    if (phase.contains("operations")) phase["operations"] = operations;
  }
  nlohmann::json kept = nlohmann::json::array();
  for (const nlohmann::json& e : config["engines"]) {
    if (std::find(engines.begin(), engines.end(), e["name"].get<std::string>()) != engines.end()) kept.push_back(e);
  }
  config["engines"] = kept;
  config["measure"]["memory_latency"] = false;
  return config;
}

nlohmann::json RunConfig(const ScratchDir& scratch, const nlohmann::json& config, int expected_exit,
                   const std::vector<std::string>& extra = {}) {
  WriteFile(scratch / "config.json", config.dump(2));
  std::vector<std::string> args = {"run", scratch / "config.json", "--out", scratch / "out"};
  args.insert(args.end(), extra.begin(), extra.end());
  const ProcessResult run = RunKvbench(args);
  EXPECT_EQ(run.exit_code, expected_exit) << run.output;
  return ReadJson(scratch / "out/results.json");
}

TEST(KvEndToEnd, YcsbChecksumsAgreeAcrossEngines) {
  ScratchDir scratch;
  const nlohmann::json config = TinyYcsb(2000, 2000, {"Memory", "ZoneTree", "RocksDB"});
  ASSERT_EQ(config["engines"].size(), 3u) << "configs/ycsb.json must name Memory, ZoneTree and RocksDB";
  const nlohmann::json results = RunConfig(scratch, config, 0);
  EXPECT_EQ(results["correctness"]["passed"], true) << results["correctness"];
  EXPECT_EQ(results["workload"]["kind"], "kv");
  // The expanded phases: presets' fields filled in.
  const nlohmann::json& phases = results["workload"]["phases"];
  ASSERT_EQ(phases.size(), 7u);
  EXPECT_EQ(phases[1]["preset"], "ycsb-a");
  EXPECT_EQ(phases[1]["mix"]["update"], 0.5);
  EXPECT_EQ(phases[1]["distribution"]["kind"], "zipfian");
  const std::vector<std::string> names = {"load", "A", "B", "C", "F", "D", "E"};
  ASSERT_EQ(results["engines"].size(), 3u);
  const nlohmann::json& reference = results["engines"][0];
  for (const nlohmann::json& e : results["engines"]) {
    EXPECT_EQ(e["status"], "Completed") << e["name"] << ": " << e["error"];
    ASSERT_EQ(e["phases"].size(), names.size()) << e["name"];
    for (size_t i = 0; i < names.size(); ++i) {
      const nlohmann::json& p = e["phases"][i];
      EXPECT_EQ(p["name"], names[i]);
      EXPECT_EQ(p["operations"], i == 0 ? 2000 : 2000) << p["name"];
      EXPECT_EQ(p["checksum"].get<std::string>().size(), 16u) << p["name"];
      EXPECT_EQ(p["checksum"], reference["phases"][i]["checksum"]) << e["name"] << " " << p["name"];
      EXPECT_EQ(p["kv"]["value_errors"]["total"], 0) << e["name"] << " " << p["name"];
      EXPECT_GT(p["measurements"]["latency"]["count"].get<double>(), 0.0) << p["name"];
      EXPECT_EQ(p["kv"]["spec"]["name"], names[i]);
    }
    EXPECT_EQ(e["final_checksum"], reference["final_checksum"]) << e["name"];
    EXPECT_EQ(e["value_errors"]["total"], 0) << e["name"];
    // Load's 2,000 records plus D's and E's inserts (5% of their operations, drawn at random).
    EXPECT_GT(e["verified_record_count"].get<int64_t>(), 2000) << e["name"];
    EXPECT_EQ(e["verified_record_count"], reference["verified_record_count"]) << e["name"];
  }
  EXPECT_GT(reference["phases"][6]["kv"]["scan_entries"].get<int64_t>(), 2000);  // E scanned
  EXPECT_GT(reference["phases"][5]["kv"]["inserts"].get<int64_t>(), 0);          // D inserted

  // The report follows the config's phases.
  const std::string report = ReadFile(scratch / "out/report.md");
  EXPECT_NE(report.find("Benchmark 2K Records (kv workload)"), std::string::npos);
  EXPECT_NE(report.find("## Scenario Details"), std::string::npos);
  EXPECT_NE(report.find("Phase A: 50% read, 50% update (blind put); zipfian theta 0.99 scrambled"),
            std::string::npos);
  EXPECT_NE(report.find("Phase Throughput"), std::string::npos);
  EXPECT_EQ(report.find("Write Readiness"), std::string::npos);
  EXPECT_EQ(report.find("insert profiles"), std::string::npos);
  EXPECT_NE(report.find("| E "), std::string::npos);

  // compare of the run with itself: every checksum compared, none changed.
  const ProcessResult compare =
      RunKvbench({"compare", scratch / "out/results.json", scratch / "out/results.json", "--out", scratch / "cmp"});
  EXPECT_EQ(compare.exit_code, 0) << compare.output;

  // The dashboard exports name each engine's phases.
  const ProcessResult exported = RunKvbench({"report", scratch / "out/results.json", "--out", scratch / "rep",
                                             "--format", "bencher", "--format", "github-action-benchmark"});
  ASSERT_EQ(exported.exit_code, 0) << exported.output;
  const nlohmann::json bencher = ReadJson(scratch / "rep/bencher.json");
  EXPECT_TRUE(bencher.contains("RocksDB/E")) << bencher.dump().substr(0, 500);
  EXPECT_GT(bencher["ZoneTree/A"]["throughput"]["value"].get<double>(), 0.0);
  EXPECT_NE(ReadFile(scratch / "rep/benchmark-bigger.json").find("Memory/F"), std::string::npos);

  // scaling over record counts: this run and one at 1,000 records.
  ScratchDir small;
  RunConfig(small, TinyYcsb(1000, 1000, {"Memory"}), 0);
  const ProcessResult scaling = RunKvbench(
      {"scaling", small / "out/results.json", scratch / "out/results.json", "--format", "json"});
  ASSERT_EQ(scaling.exit_code, 0) << scaling.output;
  const nlohmann::json scales = nlohmann::json::parse(scaling.output.substr(scaling.output.find('{')));
  EXPECT_EQ(scales["scales"], nlohmann::json::array({1000, 2000})) << scaling.output.substr(0, 800);
}

TEST(KvEndToEnd, DbBenchPresetsRunWithBackgroundWriter) {
  ScratchDir scratch;
  nlohmann::json config = ReadJson(SourceDir() + "/configs/db-bench.json");
  config["workload"]["records"] = 3000;
  for (nlohmann::json& phase : config["workload"]["phases"]) phase.erase("operations");
  config["workload"]["phases"].back()["background"] = {{"op", "overwrite"}, {"ops_per_second", 1000000}};
  config["engines"] = {{{"name", "Memory"}, {"plugin", "memory"}}};
  config["measure"]["memory_latency"] = false;
  const nlohmann::json results = RunConfig(scratch, config, 0);
  EXPECT_EQ(results["correctness"]["passed"], true) << results["correctness"];
  const nlohmann::json& e = results["engines"][0];
  ASSERT_EQ(e["phases"].size(), 7u);
  EXPECT_EQ(e["phases"][0]["kv"]["inserts"], 3000);
  EXPECT_EQ(e["phases"][3]["kv"]["found"], 3000);                    // readrandom after fillseq: every key there
  EXPECT_EQ(e["phases"][4]["operations"], 30);                       // readseq: 100-entry scans
  EXPECT_EQ(e["phases"][4]["kv"]["scan_entries"], 3000);
  EXPECT_EQ(e["phases"][5]["kv"]["scan_entries"], 3000);             // seekrandom: one entry per seek
  EXPECT_GT(e["phases"][6]["kv"]["background"]["operations"].get<int64_t>(), 0);
  EXPECT_EQ(e["value_errors"]["total"], 0);
  const std::string report = ReadFile(scratch / "out/report.md");
  EXPECT_NE(report.find("readwhilewriting"), std::string::npos);
  EXPECT_NE(report.find("Background writes"), std::string::npos);
}

// A plugin that keeps the first value of a key (a lost update that still says OK): the reads of A after its
// updates see the older version, every one is counted, and correctness fails although the plugin completed.
TEST(KvEndToEnd, StaleValuesFailCorrectness) {
  ScratchDir scratch;
  nlohmann::json config = TinyYcsb(500, 1000, {"Memory"});
  config["workload"]["phases"] = {{{"name", "load"}, {"preset", "load"}},
                                  {{"name", "A"}, {"preset", "ycsb-a"}, {"operations", 1000}}};
  config["engines"].push_back({{"name", "Stale"}, {"plugin", TestPluginPath("stale_overwrite")}});
  const nlohmann::json results = RunConfig(scratch, config, 1);
  ASSERT_EQ(results["engines"].size(), 2u);
  const nlohmann::json& stale = results["engines"][1];
  EXPECT_EQ(stale["status"], "Completed") << stale["error"];
  EXPECT_GT(stale["phases"][1]["kv"]["value_errors"]["stale"].get<int64_t>(), 0);
  EXPECT_GT(stale["verify_value_errors"]["stale"].get<int64_t>(), 0);
  EXPECT_EQ(results["engines"][0]["value_errors"]["total"], 0);
  EXPECT_EQ(results["correctness"]["passed"], false);
  const std::string message = results["correctness"]["message"];
  EXPECT_NE(message.find("Values read were not the ones written: Stale ("), std::string::npos) << message;
  const std::string report = ReadFile(scratch / "out/report.md");
  // and its checksums differ from Memory's, each shown with no engine taken as the truth
  EXPECT_NE(message.find("the engines disagree"), std::string::npos) << message;
  EXPECT_NE(message.find("A: Memory "), std::string::npos) << message;
  EXPECT_NE(report.find("Values read were not the ones written: Stale ("), std::string::npos);
}

TEST(KvEndToEnd, BadKvConfigIsRefusedWithItsPath) {
  ScratchDir scratch;
  nlohmann::json config = TinyYcsb(100, 100, {"Memory"});
  config["workload"]["phases"][1]["mix"] = {{"read", 0.5}};
  WriteFile(scratch / "bad.json", config.dump());
  const ProcessResult run = RunKvbench({"validate", scratch / "bad.json"});
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("workload.phases[1].mix: expected proportions"), std::string::npos) << run.output;
  const ProcessResult crash = RunKvbench({"crashtest", SourceDir() + "/configs/ycsb.json", "--out", scratch / "c"});
  EXPECT_EQ(crash.exit_code, 2) << crash.output;
  EXPECT_NE(crash.output.find("crashtest runs the profiles workload"), std::string::npos) << crash.output;
}

}  // namespace
}  // namespace kvbench::testing
