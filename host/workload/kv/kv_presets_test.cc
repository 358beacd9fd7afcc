#include "workload/kv/kv_presets.hpp"

#include <gtest/gtest.h>

#include "config/kv_parser.hpp"

namespace kvbench::workload::kv {
namespace {

KvPhaseSpec Preset(const std::string& name, int64_t records = 1000) {
  KvPhaseSpec p;
  p.name = name;
  EXPECT_TRUE(ApplyPreset(name, records, &p)) << name;
  return p;
}

double Sum(const Mix& m) { return m.read + m.update + m.rmw + m.insert + m.scan + m.remove; }

TEST(KvPresetsTest, YcsbCoreWorkloads) {
  const KvPhaseSpec a = Preset("ycsb-a");
  EXPECT_EQ(a.mix.read, 0.5);
  EXPECT_EQ(a.mix.update, 0.5);
  EXPECT_EQ(a.update, UpdateMode::kBlindPut);
  EXPECT_EQ(a.distribution.kind, DistributionKind::kZipfian);
  EXPECT_EQ(a.distribution.theta, 0.99);
  EXPECT_TRUE(a.distribution.scrambled);
  EXPECT_EQ(a.operations, 1000);
  EXPECT_EQ(a.preset, "ycsb-a");
  EXPECT_EQ(a.name, "ycsb-a");  // the name is the phase's own
  EXPECT_EQ(Preset("ycsb-b").mix.update, 0.05);
  EXPECT_EQ(Preset("ycsb-c").mix.read, 1.0);
  const KvPhaseSpec d = Preset("ycsb-d");
  EXPECT_EQ(d.mix.insert, 0.05);
  EXPECT_EQ(d.distribution.kind, DistributionKind::kLatest);
  const KvPhaseSpec e = Preset("ycsb-e");
  EXPECT_EQ(e.mix.scan, 0.95);
  EXPECT_EQ(e.scan.max_length, 100u);
  EXPECT_EQ(e.scan.distribution, ScanLengthDistribution::kUniform);
  EXPECT_EQ(Preset("ycsb-f").mix.rmw, 0.5);
  EXPECT_EQ(Preset("load").mix.insert, 1.0);
}

TEST(KvPresetsTest, DbBenchBenchmarks) {
  EXPECT_EQ(Preset("fillseq").mix.insert, 1.0);
  EXPECT_EQ(Preset("fillrandom").distribution.kind, DistributionKind::kUniform);
  EXPECT_EQ(Preset("overwrite").mix.update, 1.0);
  EXPECT_EQ(Preset("readrandom").mix.read, 1.0);
  const KvPhaseSpec seq = Preset("readseq", 1050);
  EXPECT_EQ(seq.distribution.kind, DistributionKind::kSequential);
  EXPECT_EQ(seq.operations, 11);  // 100-entry scans over 1,050 records
  EXPECT_EQ(Preset("seekrandom").scan.max_length, 1u);
  const KvPhaseSpec rww = Preset("readwhilewriting");
  ASSERT_TRUE(rww.background.has_value());
  EXPECT_EQ(rww.background->ops_per_second, 10000);
  EXPECT_EQ(Preset("updaterandom").mix.rmw, 1.0);
}

TEST(KvPresetsTest, EveryPresetIsAValidPhase) {
  for (const std::string& name : PresetNames()) {
    const KvPhaseSpec p = Preset(name);
    EXPECT_NEAR(Sum(p.mix), 1.0, 1e-12) << name;
    EXPECT_GT(p.operations, 0) << name;
    EXPECT_EQ(p.threads, 1) << name;
  }
  KvPhaseSpec p;
  p.name = PresetNames().front();
  EXPECT_FALSE(ApplyPreset("ycsb-g", 10, &p));
  EXPECT_EQ(p.name, PresetNames().front());
  EXPECT_EQ(p.operations, 0);
}

// results.json records the expanded phases; they parse back to the same workload.
TEST(KvPresetsTest, ExpandedWorkloadRoundTrips) {
  const nlohmann::json config = {{"kind", "kv"},
                                 {"records", 500},
                                 {"phases",
                                  {{{"name", "load"}, {"preset", "load"}},
                                   {{"name", "A"}, {"preset", "ycsb-a"}, {"operations", 77}},
                                   {{"name", "rww"}, {"preset", "readwhilewriting"}, {"duration_seconds", 1.5}},
                                   {{"name", "quiet"}, {"preset", "readwhilewriting"}, {"background", nullptr}}}}};
  KvSpec spec;
  config::ParseKvWorkload(config, &spec);
  ASSERT_EQ(spec.phases.size(), 4u);
  EXPECT_TRUE(spec.phases[2].background.has_value());
  EXPECT_FALSE(spec.phases[3].background.has_value());  // the preset's writer, removed
  EXPECT_EQ(spec.phases[0].operations, 500);
  EXPECT_EQ(spec.phases[1].operations, 77);
  EXPECT_EQ(spec.phases[2].operations, 0);
  EXPECT_EQ(spec.phases[2].duration_seconds, 1.5);
  const nlohmann::json expanded = ToJson(spec);
  EXPECT_EQ(expanded["phases"][1]["mix"]["update"], 0.5);
  EXPECT_EQ(expanded["phases"][1]["distribution"]["kind"], "zipfian");
  KvSpec again;
  config::ParseKvWorkload(expanded, &again);
  EXPECT_EQ(ToJson(again), expanded);
  EXPECT_FALSE(again.phases[3].background.has_value());
}

}  // namespace
}  // namespace kvbench::workload::kv
