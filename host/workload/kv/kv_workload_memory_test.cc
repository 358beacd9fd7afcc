// The kv workload in process over memory.so: every phase kind reads back exactly what it wrote, the checksums are
// a function of the seed, and a plugin that loses updates (stale_overwrite.so) is caught on every stale read.
#include "workload/kv/kv_workload.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "config/kv_parser.hpp"
#include "plugin/plugin_library.hpp"

namespace kvbench::workload::kv {
namespace {

class TempDir {
 public:
  TempDir() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "kvbench-kv-XXXXXX").string();
    if (mkdtemp(tmpl.data()) != nullptr) path_ = tmpl;
  }
  ~TempDir() {
    std::error_code ec;
    if (!path_.empty()) std::filesystem::remove_all(path_, ec);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

KvSpec Spec(const nlohmann::json& phases, int64_t records = 2000, int32_t seed = 7) {
  KvSpec spec;
  config::ParseKvWorkload({{"kind", "kv"}, {"records", records}, {"seed", seed}, {"phases", phases}}, &spec);
  return spec;
}

struct RunResult {
  std::vector<KvOutcome> phases;
  KvOutcome verified;
};

// Runs every phase of `spec` on the plugin at `path`, then verifies.
RunResult RunAll(const std::string& path, const KvSpec& spec) {
  RunResult run;
  std::shared_ptr<const host::PluginLibrary> plugin;
  Status s = host::PluginLibrary::Load(path, &plugin);
  EXPECT_TRUE(s.ok()) << s.message();
  if (!s.ok()) return run;
  TempDir dir;
  std::unique_ptr<host::EngineClient> engine;
  s = host::EngineClient::Open(plugin, dir.path(), R"({"settings":{},"durability":{}})", &engine);
  EXPECT_TRUE(s.ok()) << s.message();
  std::unique_ptr<host::StoreClient> store;
  EXPECT_TRUE(engine->OpenStore(kKvStoreName, &store).ok());
  KvWorkload workload(spec);
  measure::MeasureOptions options;
  options.timeline_interval_ms = 0;
  for (size_t i = 0; i < spec.phases.size(); ++i) {
    measure::PhaseMeter meter(options);
    KvOutcome outcome;
    meter.Begin();
    s = workload.RunPhase(i, store.get(), meter, &outcome);
    const measure::PhaseMeasurement m = meter.End();
    EXPECT_TRUE(s.ok()) << spec.phases[i].name << ": " << s.message();
    EXPECT_EQ(m.operations, static_cast<uint64_t>(outcome.operations)) << spec.phases[i].name;
    run.phases.push_back(std::move(outcome));
  }
  s = workload.Verify(store.get(), &run.verified);
  EXPECT_TRUE(s.ok()) << s.message();
  store.reset();
  EXPECT_TRUE(engine->Close().ok());
  return run;
}

const nlohmann::json kEveryKind = {
    {{"name", "load"}, {"preset", "load"}},
    {{"name", "A"}, {"preset", "ycsb-a"}},
    {{"name", "B"}, {"preset", "ycsb-b"}},
    {{"name", "C"}, {"preset", "ycsb-c"}},
    {{"name", "F"}, {"preset", "ycsb-f"}},
    {{"name", "D"}, {"preset", "ycsb-d"}},
    {{"name", "E"}, {"preset", "ycsb-e"}},
    {{"name", "churn"},
     {"operations", 3000},
     {"mix", {{"read", 0.4}, {"update", 0.2}, {"delete", 0.2}, {"insert", 0.1}, {"scan", 0.1}}},
     {"update", "rmw"},
     {"distribution", {{"kind", "hotspot"}}}},
    {{"name", "unscrambled"}, {"operations", 2000}, {"mix", {{"read", 1}}},
     {"distribution", {{"kind", "zipfian"}, {"scrambled", false}, {"theta", 0.8}}}},
    {{"name", "readseq"}, {"preset", "readseq"}},
    {{"name", "rww"}, {"preset", "readwhilewriting"}, {"background", {{"op", "overwrite"}, {"ops_per_second", 1000000}}}},
};

TEST(KvWorkloadMemoryTest, EveryReadIsWhatWasWritten) {
  const KvSpec spec = Spec(kEveryKind);
  const RunResult run = RunAll(MEMORY_PLUGIN_PATH, spec);
  ASSERT_EQ(run.phases.size(), spec.phases.size());
  for (size_t i = 0; i < run.phases.size(); ++i) {
    const KvOutcome& o = run.phases[i];
    EXPECT_EQ(o.errors.total(), 0u) << spec.phases[i].name << ": " << o.errors.ToJson();
    EXPECT_TRUE(o.checksum_comparable) << spec.phases[i].name;
  }
  EXPECT_EQ(run.phases[0].inserts, 2000);
  EXPECT_EQ(run.phases[3].found, run.phases[3].reads);  // C: every record there
  EXPECT_GT(run.phases[4].rmws, 0);
  EXPECT_GT(run.phases[5].inserts, 0);
  EXPECT_GT(run.phases[6].scan_entries, run.phases[6].scans);
  EXPECT_GT(run.phases[7].deletes, 0);
  EXPECT_LT(run.phases[8].found, run.phases[8].reads);  // after the deletes some reads find nothing, as expected
  EXPECT_GT(run.phases[10].background_ops, 0);
  // YCSB's scrambled zipfian over 2,000 records: the hottest 1% (20 records) get the 20 hottest of its 10^10
  // items, ζ(20)/ζ(10^10) = 3.64/26.47 = 13.8% of the reads, plus their share of the rest (about 1%).
  ASSERT_TRUE(run.phases[3].hottest_1pct_share.has_value());
  EXPECT_GT(*run.phases[3].hottest_1pct_share, 0.13);
  EXPECT_LT(*run.phases[3].hottest_1pct_share, 0.20);
  // Unscrambled at θ 0.8 over 2,000: the first 20 records take ζ(20, 0.8)/ζ(2000, 0.8) = 4.71/18.43 = 26% (a few more records after the inserts).
  ASSERT_TRUE(run.phases[8].hottest_1pct_share.has_value());
  EXPECT_GT(*run.phases[8].hottest_1pct_share, 0.20);
  EXPECT_EQ(run.verified.errors.total(), 0u) << run.verified.errors.ToJson();
  // Verify reads every record number in use: the load's and every insert's; the churn's deletes are absent.
  EXPECT_EQ(run.verified.reads, 2000 + run.phases[5].inserts + run.phases[6].inserts + run.phases[7].inserts);
  EXPECT_LT(run.verified.found, run.verified.reads);
  EXPECT_GE(run.verified.found, run.verified.reads - run.phases[7].deletes);
}

TEST(KvWorkloadMemoryTest, ChecksumsAreAFunctionOfTheSeed) {
  const KvSpec spec = Spec(kEveryKind);
  const RunResult a = RunAll(MEMORY_PLUGIN_PATH, spec);
  const RunResult b = RunAll(MEMORY_PLUGIN_PATH, spec);
  const RunResult other = RunAll(MEMORY_PLUGIN_PATH, Spec(kEveryKind, 2000, 8));
  ASSERT_EQ(a.phases.size(), b.phases.size());
  ASSERT_EQ(a.phases.size(), other.phases.size());
  for (size_t i = 0; i < a.phases.size(); ++i) {
    EXPECT_EQ(a.phases[i].checksum, b.phases[i].checksum) << spec.phases[i].name;
    if (i > 0) {  // the load (record order) is the same whatever the seed
      EXPECT_NE(a.phases[i].checksum, other.phases[i].checksum) << spec.phases[i].name;
    }
  }
  EXPECT_EQ(a.verified.checksum, b.verified.checksum);
}

TEST(KvWorkloadMemoryTest, DurationPhasesAreNotCompared) {
  const KvSpec spec = Spec({{{"name", "load"}, {"preset", "load"}},
                            {{"name", "timed"}, {"preset", "ycsb-a"}, {"duration_seconds", 0.05}},
                            {{"name", "after"}, {"preset", "ycsb-c"}, {"operations", 100}}});
  const RunResult run = RunAll(MEMORY_PLUGIN_PATH, spec);
  ASSERT_EQ(run.phases.size(), 3u);
  EXPECT_TRUE(run.phases[0].checksum_comparable);
  EXPECT_FALSE(run.phases[1].checksum_comparable);
  EXPECT_GT(run.phases[1].operations, 0);
  EXPECT_FALSE(run.phases[2].checksum_comparable);  // A wrote a speed-dependent number of times
  EXPECT_FALSE(run.verified.checksum_comparable);
  EXPECT_EQ(run.verified.errors.total(), 0u);
}

// 200 operations at 2,000 ops/s take at least the 99.5 ms their schedule spans; latency runs from the schedule.
TEST(KvWorkloadMemoryTest, TargetRateSchedulesOperations) {
  const KvSpec spec = Spec({{{"name", "load"}, {"preset", "load"}, {"operations", 10}},
                            {{"name", "paced"},
                             {"preset", "readrandom"},
                             {"operations", 200},
                             {"target_ops_per_second", 2000}}},
                           10);
  const auto start = std::chrono::steady_clock::now();
  const RunResult run = RunAll(MEMORY_PLUGIN_PATH, spec);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(run.phases.size(), 2u);
  EXPECT_TRUE(run.phases[1].latency_from_schedule);
  EXPECT_FALSE(run.phases[0].latency_from_schedule);
  EXPECT_GE(ms, 99.0);
}

TEST(KvWorkloadMemoryTest, StaleValuesAreCounted) {
  const KvSpec spec = Spec({{{"name", "load"}, {"preset", "load"}},
                            {{"name", "A"}, {"preset", "ycsb-a"}},
                            {{"name", "scan"}, {"preset", "ycsb-e"}, {"operations", 200}}},
                           1000);
  const RunResult run = RunAll(STALE_PLUGIN_PATH, spec);
  ASSERT_EQ(run.phases.size(), 3u);
  EXPECT_EQ(run.phases[0].errors.total(), 0u);
  EXPECT_GT(run.phases[1].errors.stale, 0u);
  EXPECT_EQ(run.phases[1].errors.wrong, 0u);
  EXPECT_GT(run.phases[2].errors.stale, 0u);  // scans see them too
  EXPECT_GT(run.verified.errors.stale, 0u);
  // The clean engine's A and the stale engine's A differ in their checksums too (the verdict is folded in).
  const RunResult clean = RunAll(MEMORY_PLUGIN_PATH, spec);
  EXPECT_EQ(clean.phases[0].checksum, run.phases[0].checksum);
  EXPECT_NE(clean.phases[1].checksum, run.phases[1].checksum);
}

}  // namespace
}  // namespace kvbench::workload::kv
