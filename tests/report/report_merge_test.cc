// Merging results files: engines run separately or on different machines, same workload required.
#include <gtest/gtest.h>

#include "report/document.hpp"
#include "report/markdown_writer.hpp"
#include "report/results.hpp"
#include "report_test_support.hpp"

namespace kvbench::report {
namespace {

using testing::FixturePath;
using testing::ReadJson;
using testing::TempDir;
using testing::WriteJson;

// Splits the fixture into one file per engine; the second machine differs.
std::vector<std::string> SplitFixture(const TempDir& dir) {
  const nlohmann::ordered_json doc = ReadJson(FixturePath("three_engines.json"));
  std::vector<std::string> paths;
  for (size_t i = 0; i < doc["engines"].size(); ++i) {
    nlohmann::ordered_json one = doc;
    one["engines"] = nlohmann::ordered_json::array({doc["engines"][i]});
    one.erase("correctness");
    if (i == 1) {
      one["environment"]["cpu_model"] = "Other CPU";
      one["created_at"] = "2026-12-03T09:00:00Z";
    }
    const std::string path = (dir.path() / ("engine" + std::to_string(i) + ".json")).string();
    WriteJson(path, one);
    paths.push_back(path);
  }
  return paths;
}

TEST(ReportMergeTest, MergesEnginesFromSeveralFilesAndRecomputesCorrectness) {
  TempDir dir;
  Results merged;
  Status s = LoadAndMerge(SplitFixture(dir), &merged);
  ASSERT_TRUE(s.ok()) << s.message();
  ASSERT_EQ(merged.engines.size(), 3u);
  EXPECT_EQ(merged.engines[0].name, "ZoneTree");
  EXPECT_EQ(merged.engines[2].name, "Broken<DB>");
  ASSERT_EQ(merged.environments.size(), 2u);  // files 0 and 2 share a machine
  EXPECT_EQ(merged.engines[0].environment_index, 0u);
  EXPECT_EQ(merged.engines[1].environment_index, 1u);
  EXPECT_EQ(merged.engines[2].environment_index, 0u);
  EXPECT_TRUE(merged.correctness.passed);
  EXPECT_EQ(merged.correctness.engines_compared, (std::vector<std::string>{"ZoneTree", "RocksDB"}));
  const std::string md = RenderMarkdown(BuildDocument(merged));
  EXPECT_NE(md.find("### Machine 1: ZoneTree, Broken\\<DB\\>\n"), std::string::npos);
  EXPECT_NE(md.find("### Machine 2: RocksDB\n"), std::string::npos);
  EXPECT_NE(md.find("- CPU: Other CPU\n"), std::string::npos);
  EXPECT_NE(md.find("- Run finished (UTC): 2026-12-02T13:00:00Z, 2026-12-03T09:00:00Z, 2026-12-02T13:00:00Z\n"),
            std::string::npos);
  EXPECT_NE(md.find("This report merges 3 results files of the same workload"), std::string::npos);
}

// A run's memory latency probe is a measurement, not part of what identifies the machine: two runs on one machine
// stay one machine although their probes differ, and the report shows the first one's figures.
TEST(ReportMergeTest, MemoryLatencyProbesDoNotSplitAMachine) {
  TempDir dir;
  std::vector<std::string> paths = SplitFixture(dir);
  for (size_t i : {0u, 2u}) {
    nlohmann::ordered_json doc = ReadJson(paths[i]);
    doc["environment"]["memory_latency"] = {
        {"method", "test"},
        {"points",
         {{{"working_set_bytes", 268435456}, {"ns_per_load", i == 0 ? 200.0 : 230.0}},
          {{"working_set_bytes", 16384}, {"ns_per_load", 1.5}},
          {{"working_set_bytes", "bad"}, {"ns_per_load", 3.0}}}}};
    doc["environment"]["memory_latency"]["translation"] = {
        {"method", "test"},
        {"points",
         {{{"span_bytes", 268435456}, {"ns_per_load", i == 0 ? 180.0 : 250.0}},
          {{"span_bytes", 4194304}, {"ns_per_load", 9.5}}}}};
    WriteJson(paths[i], doc);
  }
  Results merged;
  Status s = LoadAndMerge(paths, &merged);
  ASSERT_TRUE(s.ok()) << s.message();
  ASSERT_EQ(merged.environments.size(), 2u);
  EXPECT_EQ(merged.engines[2].environment_index, 0u);
  const std::vector<MemoryLatency>& probe = merged.environments[0].memory_latency;
  ASSERT_EQ(probe.size(), 2u);  // the malformed point is dropped, the rest sorted by working set
  EXPECT_DOUBLE_EQ(probe[0].working_set_bytes, 16384.0);
  EXPECT_DOUBLE_EQ(probe[1].ns_per_load, 200.0);
  EXPECT_TRUE(merged.environments[1].memory_latency.empty());
  const std::vector<MemoryLatency>& translation = merged.environments[0].translation_latency;
  ASSERT_EQ(translation.size(), 2u);  // sorted by span
  EXPECT_DOUBLE_EQ(translation[0].working_set_bytes, 4194304.0);
  EXPECT_DOUBLE_EQ(translation[1].ns_per_load, 180.0);
  const std::string md = RenderMarkdown(BuildDocument(merged));
  EXPECT_NE(md.find("- Memory latency (one dependent load, by working set; 4 KiB pages): 16.0 KB 1.5 ns, 256.0 MB "
                    "200.0 ns\n"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("- Address translation (one dependent load, one line in each 4 KiB page, by span): 4.0 MB 9.5 ns, "
                    "256.0 MB 180.0 ns\n"),
            std::string::npos)
      << md;
  EXPECT_EQ(md.find("Memory latency", md.find("### Machine 2")), std::string::npos);
}

TEST(ReportMergeTest, ChecksumsAreComparedAcrossFiles) {
  TempDir dir;
  std::vector<std::string> paths = SplitFixture(dir);
  nlohmann::ordered_json rocks = ReadJson(paths[1]);
  rocks["engines"][0]["final_checksum"] = "FFFFFFFFFFFFFFFF";
  WriteJson(paths[1], rocks);
  Results merged;
  ASSERT_TRUE(LoadAndMerge(paths, &merged).ok());
  EXPECT_FALSE(merged.correctness.passed);
  ASSERT_EQ(merged.correctness.mismatches.size(), 1u);
  EXPECT_EQ(merged.correctness.mismatches[0].phase, "final checksum");
  EXPECT_EQ(merged.correctness.mismatches[0].engine, "RocksDB");
}

TEST(ReportMergeTest, DifferentWorkloadsAreAClearError) {
  TempDir dir;
  std::vector<std::string> paths = SplitFixture(dir);
  nlohmann::ordered_json rocks = ReadJson(paths[1]);
  rocks["workload"]["profiles"] = 500000;
  WriteJson(paths[1], rocks);
  Results merged;
  Status s = LoadAndMerge(paths, &merged);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("different workloads: workload.profiles is 100000 in"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("but 500000 in"), std::string::npos) << s.message();
}

TEST(ReportMergeTest, TimeoutMayDifferButSeedMayNot) {
  TempDir dir;
  std::vector<std::string> paths = SplitFixture(dir);
  nlohmann::ordered_json rocks = ReadJson(paths[1]);
  rocks["workload"]["timeout_seconds"] = 60;
  WriteJson(paths[1], rocks);
  Results merged;
  EXPECT_TRUE(LoadAndMerge(paths, &merged).ok());
  rocks["workload"]["seed"] = 1;
  WriteJson(paths[1], rocks);
  Status s = LoadAndMerge(paths, &merged);
  EXPECT_NE(s.message().find("workload.seed"), std::string::npos) << s.message();
}

TEST(ReportMergeTest, AnEngineNameTwiceIsAnError) {
  const std::string path = FixturePath("three_engines.json").string();
  Results merged;
  Status s = LoadAndMerge({path, path}, &merged);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("engine 'ZoneTree' appears more than once"), std::string::npos) << s.message();
}

}  // namespace
}  // namespace kvbench::report
