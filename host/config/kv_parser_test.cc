#include "config/kv_parser.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "config/config_error.hpp"
#include "config/config_parser.hpp"
#include "config/overrides.hpp"

namespace kvbench::config {
namespace {

// A valid kv config with `edit` applied to its JSON.
std::string Config(const std::function<void(nlohmann::json&)>& edit = {}) {
  nlohmann::json j = nlohmann::json::parse(R"({
    "schema_version": 1, "name": "t",
    "workload": {"kind": "kv", "records": 1000,
                 "phases": [{"name": "load", "preset": "load"},
                            {"name": "mixed", "operations": 10, "mix": {"read": 0.9, "delete": 0.1},
                             "distribution": {"kind": "hotspot", "hot_data": 0.1}}]},
    "engines": [{"name": "Memory", "plugin": "memory"}]
  })");
  if (edit) edit(j);
  return j.dump();
}

std::string ErrorOf(const std::string& text) {
  try {
    ParseRunConfig(text, "cfg.json");
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(KvParserTest, ParsesAndFillsDefaults) {
  const RunConfig c = ParseRunConfig(Config(), "cfg.json");
  ASSERT_TRUE(c.workload.is_kv());
  EXPECT_TRUE(c.phases.empty());
  const workload::kv::KvSpec& kv = c.workload.kv;
  EXPECT_EQ(kv.records, 1000);
  EXPECT_EQ(kv.key.format, workload::kv::KeyFormat::kYcsb);
  EXPECT_EQ(kv.value.size, 1000u);
  ASSERT_EQ(kv.phases.size(), 2u);
  EXPECT_EQ(kv.phases[0].operations, 1000);
  EXPECT_EQ(kv.phases[1].mix.remove, 0.1);
  EXPECT_EQ(kv.phases[1].distribution.kind, workload::kv::DistributionKind::kHotspot);
  EXPECT_EQ(kv.phases[1].distribution.hot_data, 0.1);
  EXPECT_EQ(kv.phases[1].distribution.hot_ops, 0.8);
  // The worker gets the config as ToJson() writes it: the same workload comes back.
  const RunConfig again = ParseRunConfig(c.ToJson().dump(), "worker request");
  EXPECT_EQ(workload::kv::ToJson(again.workload.kv), workload::kv::ToJson(kv));
  EXPECT_FALSE(c.ToJson().contains("phases"));
}

TEST(KvParserTest, ErrorsNameThePathAndWhatWasExpected) {
  const auto edit = [](const std::function<void(nlohmann::json&)>& f) { return ErrorOf(Config(f)); };
  EXPECT_EQ(edit([](auto& j) { j["workload"]["kind"] = "ycsb"; }),
            "cfg.json: workload.kind: expected \"profiles\" or \"kv\", got \"ycsb\"");
  EXPECT_EQ(edit([](auto& j) { j["workload"]["phases"][1]["mix"]["read"] = 0.8; }),
            "cfg.json: workload.phases[1].mix: expected proportions (read, update, rmw, insert, scan, delete) "
            "summing to 1, got a sum of 0.9");
  EXPECT_EQ(edit([](auto& j) { j["workload"]["phases"][0]["preset"] = "ycsb-g"; }).substr(0, 58),
            "cfg.json: workload.phases[0].preset: expected one of load,");
  EXPECT_NE(edit([](auto& j) { j["workload"]["phases"][0]["preset"] = "ycsb-g"; }).find("got \"ycsb-g\""),
            std::string::npos);
  EXPECT_EQ(edit([](auto& j) { j["workload"]["phases"][1]["duration_seconds"] = 5; }),
            "cfg.json: workload.phases[1]: give operations or duration_seconds, not both");
  EXPECT_EQ(edit([](auto& j) { j["workload"]["phases"][1].erase("operations"); }),
            "cfg.json: workload.phases[1]: missing operations or duration_seconds (or a preset, whose operations "
            "are workload.records)");
  EXPECT_EQ(edit([](auto& j) { j["workload"]["phases"][1]["threads"] = 4; }),
            "cfg.json: workload.phases[1].threads: expected 1, got 4 (parallel clients are not implemented yet: "
            "every phase runs one client)");
  EXPECT_EQ(edit([](auto& j) { j["workload"]["phases"][1]["name"] = "load"; }),
            "cfg.json: workload.phases[1].name: duplicate phase name 'load'");
  EXPECT_EQ(edit([](auto& j) { j["workload"]["phases"][1]["distribution"]["kind"] = "pareto"; }),
            "cfg.json: workload.phases[1].distribution.kind: expected one of \"uniform\", \"zipfian\", \"latest\", "
            "\"hotspot\", \"sequential\", got \"pareto\"");
  EXPECT_EQ(edit([](auto& j) { j["workload"]["phases"][1]["distribution"]["theta"] = 1.0; }),
            "cfg.json: workload.phases[1].distribution.theta: expected a number in (0, 1), got 1");
  EXPECT_EQ(edit([](auto& j) { j["workload"]["phases"][1]["background"] = {{"op", "delete"}, {"ops_per_second", 5}}; }),
            "cfg.json: workload.phases[1].background.op: expected \"overwrite\" (the only background writer), got "
            "\"delete\"");
  EXPECT_EQ(edit([](auto& j) { j["workload"]["value"] = {{"size", 8}}; }),
            "cfg.json: workload.value.size: expected an integer in [16, 16777216], got 8");
  EXPECT_EQ(edit([](auto& j) { j["workload"]["value"] = {{"size", 20}, {"fields", 21}}; }),
            "cfg.json: workload.value.fields: expected at most value.size (20) fields, got 21");
  EXPECT_EQ(edit([](auto& j) { j["workload"]["key"] = {{"size", 20}}; }),
            "cfg.json: workload.key.size: only fixed keys have a size (ycsb keys are \"user\" and a decimal number)");
  EXPECT_EQ(edit([](auto& j) { j["workload"]["phases"] = nlohmann::json::array(); }),
            "cfg.json: workload.phases: expected at least one phase");
  EXPECT_EQ(edit([](auto& j) { j["phases"] = {"insert profiles"}; }),
            "cfg.json: phases: a kv workload lists its phases in workload.phases");
  EXPECT_NE(edit([](auto& j) { j["workload"]["phases"][1]["mixx"] = 1; }).find("workload.phases[1]"),
            std::string::npos);
  EXPECT_NE(edit([](auto& j) { j["workload"]["profiles"] = 5; }).find("profiles"), std::string::npos);
  EXPECT_EQ(edit([](auto& j) { j["workload"].erase("records"); }), "cfg.json: workload.records: missing (required)");
}

TEST(KvParserTest, ProfileCountOverrideIsRefused) {
  RunConfig c = ParseRunConfig(Config(), "cfg.json");
  try {
    ApplyOverrides({.profiles = 10, .engines = {}, .parallelism = std::nullopt}, &c);
    FAIL() << "--profiles accepted for a kv workload";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("workload.records"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace kvbench::config
