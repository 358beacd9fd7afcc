// kvbench scaling: medians of repeated runs, ratios to the smallest scale, the limit's verdict and exit status,
// and the refusals (one scale only, workloads that differ in more than their counts).
#include "report/scaling.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "report_test_support.hpp"

namespace kvbench::report {
namespace {

using testing::FixturePath;
using testing::ReadJson;
using testing::TempDir;
using testing::WriteJson;

class ScalingTest : public ::testing::Test {
 protected:
  // The 100K fixture scaled to `profiles` (every count times profiles / 100K), each phase's time multiplied by
  // the count factor and `cost_factor` (so its cost per operation is cost_factor times the fixture's), its CPU
  // time likewise by `cpu_factor` (cost_factor when negative); drop_cpu removes the CPU measurements.
  std::string Run(int64_t profiles, double cost_factor, int64_t seed = 570123434, double cpu_factor = -1.0,
                  bool drop_cpu = false) {
    if (cpu_factor < 0) cpu_factor = cost_factor;
    nlohmann::ordered_json doc = ReadJson(FixturePath("three_engines.json"));
    const double scale = static_cast<double>(profiles) / doc["workload"]["profiles"].get<double>();
    for (auto& [key, value] : doc["workload"].items()) {
      if (key != "seed" && key != "query_limit" && key != "timeout_seconds" && value.is_number())
        value = static_cast<int64_t>(value.get<double>() * scale);
    }
    doc["workload"]["seed"] = seed;
    for (auto& engine : doc["engines"]) {
      for (auto& phase : engine["phases"]) {
        phase["operations"] = static_cast<int64_t>(phase["operations"].get<double>() * scale);
        phase["elapsed_ms"] = phase["elapsed_ms"].get<double>() * scale * cost_factor;
        if (!phase.contains("measurements") || !phase["measurements"].contains("cpu")) continue;
        auto& cpu = phase["measurements"]["cpu"];
        if (drop_cpu) {
          phase["measurements"].erase("cpu");
          continue;
        }
        for (const char* key : {"user_s", "system_s"}) cpu[key] = cpu[key].get<double>() * scale * cpu_factor;
      }
    }
    const std::string path = (dir_.path() / ("run" + std::to_string(++files_) + ".json")).string();
    WriteJson(path, doc);
    return path;
  }

  // Gives the run at `path` a memory latency probe: 1.5 ns at 16 KiB, `dram_ns` at 256 MiB; and, with
  // walk_ns, a translation probe: 9.5 ns over 4 MiB, walk_ns over 256 MiB.
  static void AddProbe(const std::string& path, double dram_ns, const std::string& cpu_model = "",
                       std::optional<double> walk_ns = std::nullopt) {
    nlohmann::ordered_json doc = ReadJson(path);
    doc["environment"]["memory_latency"] = {{"method", "test"},
                                            {"points",
                                             {{{"working_set_bytes", 16384}, {"ns_per_load", 1.5}},
                                              {{"working_set_bytes", 268435456}, {"ns_per_load", dram_ns}}}}};
    if (walk_ns) {
      doc["environment"]["memory_latency"]["translation"] = {
          {"method", "test"},
          {"points",
           {{{"span_bytes", 268435456}, {"ns_per_load", *walk_ns}}, {{"span_bytes", 4194304}, {"ns_per_load", 9.5}}}}};
    }
    if (!cpu_model.empty()) doc["environment"]["cpu_model"] = cpu_model;
    WriteJson(path, doc);
  }

  static void SetFinished(const std::string& path, const std::string& created_at) {
    nlohmann::ordered_json doc = ReadJson(path);
    doc["created_at"] = created_at;
    WriteJson(path, doc);
  }

  static bool HasNote(const Scaling& scaling, const std::string& fragment) {
    for (const std::string& note : scaling.notes) {
      if (note.find(fragment) != std::string::npos) return true;
    }
    return false;
  }

  static Scaling Compute(const std::vector<std::string>& paths, std::optional<double> limit) {
    std::vector<Results> runs(paths.size());
    for (size_t i = 0; i < paths.size(); ++i) EXPECT_TRUE(LoadResultsFile(paths[i], &runs[i]).ok());
    Scaling scaling;
    const Status s = ComputeScaling(runs, limit, &scaling);
    EXPECT_TRUE(s.ok()) << s.message();
    return scaling;
  }

  int Command(std::vector<std::string> args) {
    args.push_back("--out");
    args.push_back((dir_.path() / "out.txt").string());
    return cli::ScalingCommand(args);
  }

  std::string Output() const { return testing::ReadFile(dir_.path() / "out.txt"); }

  TempDir dir_;
  int files_ = 0;
};

// Issue 41, case 5: `scaling A B --out A` replaced the input A with the table.
TEST_F(ScalingTest, AnOutThatIsAnInputIsRefusedAndTheInputKept) {
  const std::string small = Run(100000, 1.0);
  const std::string large = Run(1000000, 1.0);
  const std::string before = testing::ReadFile(small);
  EXPECT_EQ(cli::ScalingCommand({small, large, "--out", small}), 2);
  EXPECT_EQ(testing::ReadFile(small), before);
}

TEST_F(ScalingTest, RatioIsTheMedianCostAtEachScaleOverTheSmallestScales) {
  // 100K: costs x1.0, x1.2, x0.8 (median 1.0); 1M: x2.0, x1.5, x9.0 (median 2.0).
  const Scaling scaling = Compute(
      {Run(100000, 1.0), Run(1000000, 2.0), Run(100000, 1.2), Run(1000000, 1.5), Run(100000, 0.8), Run(1000000, 9.0)},
      std::nullopt);
  ASSERT_EQ(scaling.scales, (std::vector<int64_t>{100000, 1000000}));
  EXPECT_EQ(scaling.files_per_scale, (std::vector<size_t>{3, 3}));
  ASSERT_FALSE(scaling.rows.empty());
  const ScalingRow& insert = scaling.rows[0];
  EXPECT_EQ(insert.engine, "ZoneTree");
  EXPECT_EQ(insert.phase, "insert profiles");
  EXPECT_EQ(insert.runs, (std::vector<size_t>{3, 3}));
  // The fixture's insert: 528 ms for 100K operations = 5,280 ns per operation.
  ASSERT_TRUE(insert.ns_per_op[0] && insert.ns_per_op[1]);
  EXPECT_NEAR(*insert.ns_per_op[0], 5280.0, 1e-6);
  EXPECT_NEAR(*insert.ns_per_op[1], 10560.0, 1e-6);
  EXPECT_NEAR(*insert.ratio[0], 1.0, 1e-9);
  EXPECT_NEAR(*insert.ratio[1], 2.0, 1e-9);
  for (const ScalingRow& row : scaling.rows) EXPECT_NEAR(*row.ratio[1], 2.0, 1e-9) << row.engine << " " << row.phase;
  EXPECT_FALSE(scaling.failed);
  // Every engine with phases gets its rows, in the files' order.
  EXPECT_EQ(scaling.rows.back().engine, "Broken<DB>");
}

TEST_F(ScalingTest, RunCountsAreEachRowsWhenEnginesMissFromSomeRuns) {
  // Two 1M files, one of them with ZoneTree only: RocksDB's 1M median is of one run, ZoneTree's of two.
  const std::string zonetree_only = Run(1000000, 3.0);
  nlohmann::ordered_json doc = ReadJson(zonetree_only);
  doc["engines"] = nlohmann::ordered_json::array({doc["engines"][0]});
  WriteJson(zonetree_only, doc);
  const Scaling scaling = Compute({Run(100000, 1.0), Run(1000000, 1.0), zonetree_only}, std::nullopt);
  EXPECT_EQ(scaling.files_per_scale, (std::vector<size_t>{1, 2}));
  const std::string table = RenderScaling(scaling, /*markdown=*/true);
  EXPECT_NE(table.find("| 100K per op (1 run) | 1M per op (runs) |"), std::string::npos) << table;
  // ZoneTree at 1M: the median of 5.28 and 15.84 µs; RocksDB's one run.
  EXPECT_NE(table.find("| ZoneTree | insert profiles | 5.28 µs | 10.6 µs (2) |"), std::string::npos) << table;
  EXPECT_NE(table.find("| RocksDB | insert profiles |"), std::string::npos) << table;
  EXPECT_NE(table.find(" (1) |"), std::string::npos) << table;
  // When every row has all the files, the count is in the header only.
  const std::string uniform = RenderScaling(Compute({Run(100000, 1.0), Run(1000000, 1.0)}, std::nullopt), true);
  EXPECT_NE(uniform.find("| 100K per op (1 run) | 1M per op (1 run) |"), std::string::npos) << uniform;
  EXPECT_EQ(uniform.find(" (1) |"), std::string::npos) << uniform;
}

TEST_F(ScalingTest, ThreeScalesAreEachComparedWithTheSmallest) {
  const Scaling scaling = Compute({Run(1000000, 1.8), Run(100000, 1.0), Run(500000, 1.3)}, std::nullopt);
  ASSERT_EQ(scaling.scales, (std::vector<int64_t>{100000, 500000, 1000000}));
  EXPECT_NEAR(*scaling.rows[0].ratio[1], 1.3, 1e-9);
  EXPECT_NEAR(*scaling.rows[0].ratio[2], 1.8, 1e-9);
  const std::string table = RenderScaling(scaling, /*markdown=*/true);
  EXPECT_NE(table.find("| 500K / 100K | 1M / 100K |"), std::string::npos) << table;
  // Elapsed per op at each scale, CPU per op at each scale (the fixture's insert: 0.517 s of CPU), the ratios.
  EXPECT_NE(table.find("| ZoneTree | insert profiles | 5.28 µs | 6.86 µs | 9.50 µs | 5.17 µs | 6.72 µs | 9.31 µs | "
                       "1.30x | 1.80x |"),
            std::string::npos)
      << table;
}

TEST_F(ScalingTest, CpuPerOperationIsTheMedianAndShowsBackgroundWork) {
  // 1M: elapsed x1.5 but CPU x3.0 (medians of x2.0, x3.0, x4.0): a phase during which the engine merged.
  const Scaling scaling = Compute({Run(100000, 1.0), Run(1000000, 1.5, 570123434, 2.0),
                                   Run(1000000, 1.5, 570123434, 4.0), Run(1000000, 1.5, 570123434, 3.0)},
                                  std::nullopt);
  ASSERT_TRUE(scaling.has_cpu());
  const ScalingRow& insert = scaling.rows[0];
  ASSERT_TRUE(insert.cpu_ns_per_op[0] && insert.cpu_ns_per_op[1]);
  EXPECT_NEAR(*insert.cpu_ns_per_op[0], 5170.0, 1e-6);
  EXPECT_NEAR(*insert.cpu_ns_per_op[1], 15510.0, 1e-6);
  // The verdict stays on elapsed cost.
  EXPECT_NEAR(*insert.ratio[1], 1.5, 1e-9);
  const nlohmann::json doc = ScalingToJson(scaling);
  EXPECT_NEAR(doc["rows"][0]["cpu_ns_per_op"][1].get<double>(), 15510.0, 1e-6);
  const std::string table = RenderScaling(scaling, /*markdown=*/true);
  EXPECT_NE(table.find("| 100K CPU per op | 1M CPU per op |"), std::string::npos) << table;
  EXPECT_NE(table.find("| ZoneTree | insert profiles | 5.28 µs | 7.92 µs | 5.17 µs | 15.5 µs | 1.50x |"),
            std::string::npos)
      << table;
}

TEST_F(ScalingTest, MemoryLatencyIsTheMedianOfTheRunsProbes) {
  std::vector<std::string> runs = {Run(100000, 1.0), Run(1000000, 2.0), Run(1000000, 2.0), Run(100000, 1.0)};
  AddProbe(runs[0], 200.0);
  AddProbe(runs[1], 260.0);
  AddProbe(runs[2], 210.0);  // runs[3] has none
  const Scaling scaling = Compute(runs, std::nullopt);
  EXPECT_EQ(scaling.memory_latency_runs, 3u);
  ASSERT_EQ(scaling.memory_latency.size(), 2u);
  EXPECT_DOUBLE_EQ(scaling.memory_latency[0].ns_per_load, 1.5);
  EXPECT_DOUBLE_EQ(scaling.memory_latency[1].ns_per_load, 210.0);
  const std::string table = RenderScaling(scaling, /*markdown=*/true);
  EXPECT_NE(table.find("Memory latency of the machine (median of 3 runs' probes; one dependent load, by working "
                       "set): 16.0 KB 1.5 ns, 256.0 MB 210.0 ns."),
            std::string::npos)
      << table;
  // And each scale's own: 100K from runs[0] alone, 1M the median of 260 and 210.
  EXPECT_NE(table.find("By scale: 100K (1 run): 16.0 KB 1.5 ns, 256.0 MB 200.0 ns; 1M (2 runs): 16.0 KB 1.5 ns, "
                       "256.0 MB 235.0 ns."),
            std::string::npos)
      << table;
  EXPECT_FALSE(HasNote(scaling, "memory latency differed"));  // 235 / 200 is within kLatencyDisagreement
  const nlohmann::json doc = ScalingToJson(scaling);
  EXPECT_EQ(doc["memory_latency"]["runs"], 3);
  EXPECT_DOUBLE_EQ(doc["memory_latency"]["points"][1]["ns_per_load"].get<double>(), 210.0);
  ASSERT_EQ(doc["memory_latency"]["by_scale"].size(), 2u);
  EXPECT_EQ(doc["memory_latency"]["by_scale"][1]["profiles"], 1000000);
  EXPECT_EQ(doc["memory_latency"]["by_scale"][1]["runs"], 2);
  EXPECT_DOUBLE_EQ(doc["memory_latency"]["by_scale"][1]["points"][1]["ns_per_load"].get<double>(), 235.0);
}

TEST_F(ScalingTest, AddressTranslationIsTheMedianOfTheRunsTranslationProbes) {
  std::vector<std::string> runs = {Run(100000, 1.0), Run(1000000, 2.0), Run(1000000, 2.0)};
  AddProbe(runs[0], 260.0, "", 240.0);
  AddProbe(runs[1], 270.0, "", 200.0);
  AddProbe(runs[2], 250.0);  // written before the translation probe: none
  const Scaling scaling = Compute(runs, std::nullopt);
  EXPECT_EQ(scaling.memory_latency_runs, 3u);
  EXPECT_EQ(scaling.translation_latency_runs, 2u);
  ASSERT_EQ(scaling.translation_latency.size(), 2u);
  EXPECT_DOUBLE_EQ(scaling.translation_latency[0].working_set_bytes, 4194304.0);
  EXPECT_DOUBLE_EQ(scaling.translation_latency[1].ns_per_load, 220.0);
  const std::string table = RenderScaling(scaling, /*markdown=*/false);
  EXPECT_NE(table.find("Address translation of the machine (median of 2 runs' probes; one dependent load through "
                       "one 64-byte line in each 4 KiB page, by span: lines that stay in the caches, addresses that "
                       "outgrow the TLB): 4.0 MB 9.5 ns, 256.0 MB 220.0 ns."),
            std::string::npos)
      << table;
  const nlohmann::json doc = ScalingToJson(scaling);
  EXPECT_EQ(doc["memory_latency"]["translation_runs"], 2);
  EXPECT_EQ(doc["memory_latency"]["translation_points"][1]["span_bytes"], 268435456.0);
  EXPECT_DOUBLE_EQ(doc["memory_latency"]["translation_points"][1]["ns_per_load"].get<double>(), 220.0);

  // Probes of another machine: neither probe is shown.
  AddProbe(runs[2], 250.0, "another CPU", 230.0);
  const Scaling mixed = Compute(runs, std::nullopt);
  EXPECT_TRUE(mixed.translation_latency.empty());
  EXPECT_EQ(RenderScaling(mixed, false).find("Address translation"), std::string::npos);
  // Memory probes without translation probes (files written before it): the memory latency line alone.
  const std::vector<std::string> older = {Run(100000, 1.0), Run(1000000, 2.0)};
  for (const std::string& path : older) AddProbe(path, 250.0);
  const std::string older_table = RenderScaling(Compute(older, std::nullopt), false);
  EXPECT_NE(older_table.find("Memory latency of the machine"), std::string::npos) << older_table;
  EXPECT_EQ(older_table.find("Address translation"), std::string::npos) << older_table;
  EXPECT_EQ(ScalingToJson(Compute(older, std::nullopt))["memory_latency"]["translation_runs"], 0);
}

// The added cost per operation in loads of the largest probed working set: the fixture's insert costs 5,280 ns
// per operation at 100K and 1.5 times that at 1M, so it adds 2,640 ns = 13.2 loads of 200 ns.
TEST_F(ScalingTest, AddedCostIsCountedInLoadsOfTheLargestProbedWorkingSet) {
  std::vector<std::string> runs = {Run(100000, 1.0), Run(1000000, 1.5)};
  AddProbe(runs[0], 200.0);
  AddProbe(runs[1], 200.0);
  const Scaling scaling = Compute(runs, std::nullopt);
  ASSERT_TRUE(scaling.load_ns());
  EXPECT_DOUBLE_EQ(*scaling.load_ns(), 200.0);
  const ScalingRow& insert = scaling.rows[0];
  ASSERT_EQ(insert.phase, "insert profiles");
  ASSERT_TRUE(scaling.added_loads(insert, 0) && scaling.added_loads(insert, 1));
  EXPECT_NEAR(*scaling.added_loads(insert, 0), 0.0, 1e-9);
  EXPECT_NEAR(*scaling.added_loads(insert, 1), 13.2, 1e-9);
  const std::string table = RenderScaling(scaling, /*markdown=*/true);
  EXPECT_NE(table.find("| 1M added per op |"), std::string::npos) << table;
  EXPECT_NE(RenderScaling(scaling, false).find("+2.64 µs = 13.2 loads"), std::string::npos) << table;
  EXPECT_NE(table.find("dependent loads at the largest working set the memory probes measured (256.0 MB 200.0 ns)"),
            std::string::npos)
      << table;
  const nlohmann::json doc = ScalingToJson(scaling);
  EXPECT_DOUBLE_EQ(doc["memory_latency"]["load_ns"].get<double>(), 200.0);
  EXPECT_NEAR(doc["rows"][0]["added_loads"][1].get<double>(), 13.2, 1e-9);

  // A cheaper large scale: a negative added cost.
  const Scaling faster = Compute({runs[0], Run(1000000, 0.5)}, std::nullopt);
  EXPECT_NE(RenderScaling(faster, false).find("-2.64 µs = -13.2 loads"), std::string::npos)
      << RenderScaling(faster, false);

  // Without probes there is nothing to count in: no column, nulls in the JSON.
  const Scaling unprobed = Compute({Run(100000, 1.0), Run(1000000, 1.5)}, std::nullopt);
  EXPECT_FALSE(unprobed.load_ns());
  EXPECT_FALSE(unprobed.added_loads(unprobed.rows[0], 1));
  EXPECT_EQ(RenderScaling(unprobed, true).find("added per op"), std::string::npos);
  EXPECT_TRUE(ScalingToJson(unprobed)["memory_latency"]["load_ns"].is_null());
}

// The cost ratio is of means; the p50 ratio tells whether the typical operation grew.
TEST_F(ScalingTest, P50RatioTellsTheTypicalOperationFromTheMean) {
  // 1M: every cost x2.0, but ZoneTree's insert p50 only x1.2 (a tail doubled the mean), in two runs (median).
  std::vector<std::string> runs = {Run(100000, 1.0), Run(1000000, 2.0), Run(1000000, 2.0)};
  double p50_small = 0;
  for (size_t i = 1; i < runs.size(); ++i) {
    nlohmann::ordered_json doc = ReadJson(runs[i]);
    auto& latency = doc["engines"][0]["phases"][0]["measurements"]["latency"];
    p50_small = latency["p50"].get<double>();
    latency["p50"] = p50_small * (i == 1 ? 1.1 : 1.3);
    WriteJson(runs[i], doc);
  }
  const Scaling scaling = Compute(runs, std::nullopt);
  ASSERT_TRUE(scaling.has_p50());
  const ScalingRow& insert = scaling.rows[0];
  ASSERT_TRUE(insert.p50_ns[0] && insert.p50_ns[1] && insert.p50_ratio[1]);
  EXPECT_DOUBLE_EQ(*insert.p50_ns[0], p50_small);
  EXPECT_NEAR(*insert.p50_ns[1], p50_small * 1.2, 1e-6);
  EXPECT_NEAR(*insert.p50_ratio[1], 1.2, 1e-9);
  EXPECT_NEAR(*insert.ratio[1], 2.0, 1e-9);
  const std::string table = RenderScaling(scaling, /*markdown=*/true);
  EXPECT_NE(table.find("| 1M / 100K | 1M / 100K p50 |"), std::string::npos) << table;
  EXPECT_NE(table.find("| ZoneTree | insert profiles | 5.28 µs | 10.6 µs | 5.17 µs | 10.3 µs | 2.00x | 1.20x |"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("p50: the ratio of the phases' median operation latencies"), std::string::npos) << table;
  const nlohmann::json json = ScalingToJson(scaling);
  EXPECT_NEAR(json["rows"][0]["p50_ratio"][1].get<double>(), 1.2, 1e-9);
  EXPECT_TRUE(json["rows"][16]["p50_ns"][0].is_null());  // RocksDB measured no latency

  // Without latencies: no p50 column.
  std::vector<std::string> plain = {Run(100000, 1.0), Run(1000000, 2.0)};
  for (const std::string& path : plain) {
    nlohmann::ordered_json doc = ReadJson(path);
    for (auto& phase : doc["engines"][0]["phases"]) phase["measurements"].erase("latency");
    WriteJson(path, doc);
  }
  const Scaling without = Compute(plain, std::nullopt);
  EXPECT_FALSE(without.has_p50());
  EXPECT_EQ(RenderScaling(without, true).find(" p50"), std::string::npos);
}

// RocksDB as the baseline: ZoneTree's ratio over RocksDB's on each phase, in the table, the JSON and the CLI.
TEST_F(ScalingTest, RatiosRelativeToABaselineEngineShowTheEnginesOwnGrowth) {
  // 1M: every engine's cost x2.0, then RocksDB's insert x1.6 only (ZoneTree grows 2.0x, RocksDB 1.6x on insert).
  const std::string large = Run(1000000, 2.0);
  nlohmann::ordered_json doc = ReadJson(large);
  for (auto& engine : doc["engines"]) {
    if (engine["name"] != "RocksDB") continue;
    auto& insert = engine["phases"][0];
    ASSERT_EQ(insert["name"], "insert profiles");
    insert["elapsed_ms"] = insert["elapsed_ms"].get<double>() * 0.8;
  }
  WriteJson(large, doc);
  const std::string small = Run(100000, 1.0);
  std::vector<Results> runs(2);
  ASSERT_TRUE(LoadResultsFile(small, &runs[0]).ok());
  ASSERT_TRUE(LoadResultsFile(large, &runs[1]).ok());
  Scaling scaling;
  ASSERT_TRUE(ComputeScaling(runs, std::nullopt, &scaling, std::string("RocksDB")).ok());
  const ScalingRow* zonetree_insert = nullptr;
  const ScalingRow* rocksdb_insert = nullptr;
  const ScalingRow* zonetree_read = nullptr;
  for (const ScalingRow& r : scaling.rows) {
    if (r.engine == "ZoneTree" && r.phase == "insert profiles") zonetree_insert = &r;
    if (r.engine == "RocksDB" && r.phase == "insert profiles") rocksdb_insert = &r;
    if (r.engine == "ZoneTree" && r.phase == "read by user id") zonetree_read = &r;
  }
  ASSERT_TRUE(zonetree_insert && rocksdb_insert && zonetree_read);
  ASSERT_TRUE(scaling.ratio_vs_baseline(*zonetree_insert, 1));
  EXPECT_NEAR(*scaling.ratio_vs_baseline(*zonetree_insert, 1), 2.0 / 1.6, 1e-9);
  EXPECT_NEAR(*scaling.ratio_vs_baseline(*zonetree_read, 1), 1.0, 1e-9);
  EXPECT_FALSE(scaling.ratio_vs_baseline(*rocksdb_insert, 1));  // the baseline itself
  const std::string table = RenderScaling(scaling, /*markdown=*/true);
  EXPECT_NE(table.find("| 1M / 100K relative to RocksDB |"), std::string::npos) << table;
  // (The fixture's ZoneTree has latencies, unscaled: its p50 ratios are 1.00x; RocksDB's are n/a.)
  EXPECT_NE(
      table.find("| ZoneTree | insert profiles | 5.28 µs | 10.6 µs | 5.17 µs | 10.3 µs | 2.00x | 1.00x | 1.25x |"),
      std::string::npos)
      << table;
  EXPECT_NE(table.find("| 1.60x | n/a | baseline |"), std::string::npos) << table;
  EXPECT_NE(table.find("Relative to RocksDB: an engine's ratio divided by RocksDB's"), std::string::npos) << table;
  // Each engine against the baseline's row of the same phase (Broken<DB>'s insert grew 2.0x too).
  EXPECT_NE(table.find("| Broken\\<DB\\> | insert profiles | 7.31 µs | 14.6 µs | n/a | n/a | 2.00x | n/a | 1.25x |"),
            std::string::npos)
      << table;
  const nlohmann::json json = ScalingToJson(scaling);
  EXPECT_EQ(json["baseline"], "RocksDB");
  EXPECT_NEAR(json["rows"][0]["ratio_vs_baseline"][0].get<double>(), 1.0, 1e-9);
  EXPECT_NEAR(json["rows"][0]["ratio_vs_baseline"][1].get<double>(), 1.25, 1e-9);
  EXPECT_TRUE(json["rows"][16]["ratio_vs_baseline"][1].is_null());  // RocksDB's insert: the baseline
  // Without a baseline: no column, null in the JSON.
  const Scaling plain = Compute({small, large}, std::nullopt);
  EXPECT_EQ(RenderScaling(plain, true).find("relative to"), std::string::npos);
  EXPECT_TRUE(ScalingToJson(plain)["baseline"].is_null());
  // Through the CLI, and a baseline that ran nowhere is refused, naming the engines there are.
  EXPECT_EQ(Command({small, large, "--baseline", "RocksDB"}), 0);
  EXPECT_NE(Output().find("relative to RocksDB"), std::string::npos) << Output();
  Scaling refused;
  const Status s = ComputeScaling(runs, std::nullopt, &refused, std::string("Memory"));
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("'Memory' is in none of the files (engines: ZoneTree, RocksDB, Broken<DB>)"),
            std::string::npos)
      << s.message();
  EXPECT_EQ(Command({small, large, "--baseline", "Memory"}), 2);
}

// The small scale's runs met a slower machine than the large one's: its costs are inflated, its ratios deflated,
// and the table says so.
TEST_F(ScalingTest, ScalesThatMetDifferentMemoryLatencyGetANote) {
  std::vector<std::string> runs = {Run(100000, 1.0), Run(1000000, 2.0), Run(100000, 1.0), Run(1000000, 2.0)};
  AddProbe(runs[0], 300.0);
  AddProbe(runs[1], 150.0);
  AddProbe(runs[2], 320.0);
  AddProbe(runs[3], 160.0);
  const Scaling scaling = Compute(runs, std::nullopt);
  EXPECT_TRUE(HasNote(scaling,
                      "memory latency differed between the scales' runs (256.0 MB 310.0 ns at 100K "
                      "against 155.0 ns at 1M"))
      << RenderScaling(scaling, false);
  const std::string table = RenderScaling(scaling, /*markdown=*/false);
  EXPECT_NE(table.find("not measured on the same machine state"), std::string::npos) << table;
}

TEST_F(ScalingTest, ProbesFromDifferentMachinesAreNotCombined) {
  std::vector<std::string> runs = {Run(100000, 1.0), Run(1000000, 2.0)};
  AddProbe(runs[0], 200.0);
  AddProbe(runs[1], 90.0, "Another CPU");
  const Scaling scaling = Compute(runs, std::nullopt);
  EXPECT_TRUE(scaling.memory_latency.empty());
  EXPECT_EQ(scaling.memory_latency_runs, 0u);
  const std::string table = RenderScaling(scaling, /*markdown=*/false);
  EXPECT_EQ(table.find("Memory latency of the machine"), std::string::npos) << table;
  EXPECT_NE(table.find("more than one machine"), std::string::npos) << table;
}

TEST_F(ScalingTest, ScalesRunInBlocksGetANote) {
  // 100K, 100K, then 1M, 1M: a slow period could have met one scale only.
  std::vector<std::string> runs = {Run(1000000, 2.0), Run(100000, 1.0), Run(1000000, 2.0), Run(100000, 1.0)};
  SetFinished(runs[0], "2026-12-04T03:45:48Z");
  SetFinished(runs[1], "2026-12-04T03:41:56Z");
  SetFinished(runs[2], "2026-12-04T03:48:02Z");
  SetFinished(runs[3], "2026-12-04T03:42:55Z");
  Scaling scaling = Compute(runs, std::nullopt);
  EXPECT_TRUE(HasNote(scaling,
                      "the runs of each scale finished one block after the other (100K 2026-12-04T03:41:56Z "
                      "to 2026-12-04T03:42:55Z, 1M 2026-12-04T03:45:48Z to 2026-12-04T03:48:02Z)"))
      << RenderScaling(scaling, false);
  // Interleaved: 100K, 1M, 100K, 1M.
  SetFinished(runs[0], "2026-12-04T03:42:00Z");
  scaling = Compute(runs, std::nullopt);
  EXPECT_FALSE(HasNote(scaling, "one block after the other")) << RenderScaling(scaling, false);
  // One run per scale has nothing to interleave; a run without a finish time, or two finishing in the same second,
  // leaves the order unknown.
  EXPECT_FALSE(HasNote(Compute({runs[1], runs[0]}, std::nullopt), "one block after the other"));
  SetFinished(runs[0], "2026-12-04T03:45:48Z");
  SetFinished(runs[3], "");
  EXPECT_FALSE(HasNote(Compute(runs, std::nullopt), "one block after the other"));
  SetFinished(runs[3], "2026-12-04T03:41:56Z");
  EXPECT_FALSE(HasNote(Compute(runs, std::nullopt), "one block after the other"));
}

TEST_F(ScalingTest, RunsWithoutCpuMeasurementsHaveNoCpuColumns) {
  const Scaling scaling =
      Compute({Run(100000, 1.0, 570123434, -1.0, true), Run(1000000, 2.0, 570123434, -1.0, true)}, std::nullopt);
  EXPECT_FALSE(scaling.has_cpu());
  EXPECT_FALSE(scaling.rows[0].cpu_ns_per_op[0].has_value());
  const std::string table = RenderScaling(scaling, /*markdown=*/true);
  EXPECT_EQ(table.find("CPU per op"), std::string::npos) << table;
  EXPECT_NE(table.find("| ZoneTree | insert profiles | 5.28 µs | 10.6 µs | 2.00x |"), std::string::npos) << table;
  EXPECT_TRUE(ScalingToJson(scaling)["rows"][0]["cpu_ns_per_op"][0].is_null());
}

TEST_F(ScalingTest, LimitFailsTheRatiosAboveItThroughTheExitStatus) {
  const std::string small = Run(100000, 1.0), large = Run(1000000, 1.6);
  EXPECT_EQ(Command({small, large, "--limit", "1.5"}), 1);
  std::string out = Output();
  EXPECT_NE(out.find("1.60x OVER"), std::string::npos) << out;
  EXPECT_NE(out.find("Result: FAILED"), std::string::npos) << out;
  EXPECT_EQ(Command({small, large, "--limit", "1.7"}), 0);
  out = Output();
  EXPECT_EQ(out.find("OVER"), std::string::npos) << out;
  EXPECT_NE(out.find("Result: passed"), std::string::npos) << out;
  // Without a limit nothing fails.
  EXPECT_EQ(Command({small, large}), 0);
}

TEST_F(ScalingTest, JsonCarriesEveryRowForDashboards) {
  EXPECT_EQ(Command({Run(100000, 1.0), Run(1000000, 1.25), "--format", "json", "--limit", "1.2"}), 1);
  const nlohmann::json doc = nlohmann::json::parse(Output());
  EXPECT_EQ(doc["scales"], nlohmann::json({100000, 1000000}));
  EXPECT_EQ(doc["failed"], true);
  ASSERT_FALSE(doc["rows"].empty());
  EXPECT_EQ(doc["rows"][0]["phase"], "insert profiles");
  EXPECT_NEAR(doc["rows"][0]["ratio"][1].get<double>(), 1.25, 1e-9);
  EXPECT_EQ(doc["rows"][0]["over_limit"], true);
}

TEST_F(ScalingTest, RefusesOneScaleDifferentWorkloadsAndBadUsage) {
  EXPECT_EQ(Command({Run(100000, 1.0), Run(100000, 1.1)}), 2);
  EXPECT_EQ(Command({Run(100000, 1.0), Run(1000000, 1.1, /*seed=*/7)}), 2);
  EXPECT_THROW(Command({Run(100000, 1.0)}), cli::UsageError);
  EXPECT_THROW(Command({Run(100000, 1.0), Run(1000000, 1.0), "--limit", "-1"}), cli::UsageError);
  EXPECT_THROW(Command({Run(100000, 1.0), Run(1000000, 1.0), "--format", "xml"}), cli::UsageError);
  EXPECT_EQ(Command({Run(100000, 1.0), (dir_.path() / "missing.json").string()}), 2);

  std::vector<Results> runs(2);
  ASSERT_TRUE(LoadResultsFile(Run(100000, 1.0), &runs[0]).ok());
  ASSERT_TRUE(LoadResultsFile(Run(1000000, 1.0, /*seed=*/7), &runs[1]).ok());
  Scaling scaling;
  const Status s = ComputeScaling(runs, std::nullopt, &scaling);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("seed 7"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("only the counts may differ"), std::string::npos) << s.message();
}

}  // namespace
}  // namespace kvbench::report
