#include "config/config_parser.hpp"

#include <gtest/gtest.h>

#include <string>

#include "config/config_error.hpp"
#include "config/json_reader.hpp"
#include "config/overrides.hpp"

namespace kvbench::config {
namespace {

using workload::PhaseId;

// A valid config with `edit` applied to its JSON.
std::string Config(const std::function<void(nlohmann::json&)>& edit = {}) {
  nlohmann::json j = nlohmann::json::parse(R"({
    "schema_version": 1, "name": "t",
    "workload": {"kind": "profiles", "profiles": 1000, "seed": 570123434, "query_limit": 100},
    "engines": [{"name": "Memory", "plugin": "memory"}]
  })");
  if (edit) edit(j);
  return j.dump();
}

// The ConfigError message of parsing `text`, or "" when it parses.
std::string ErrorOf(const std::string& text) {
  try {
    ParseRunConfig(text, "cfg.json");
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(ConfigParserTest, DefaultsFollowTheSpec) {
  RunConfig c = ParseRunConfig(Config(), "cfg.json");
  EXPECT_EQ(c.name, "t");
  EXPECT_EQ(c.phases.size(), 16u);
  EXPECT_EQ(c.phases.front(), PhaseId::kInsert);
  EXPECT_EQ(c.timeout_seconds, 120000);
  workload::WorkloadParams p = c.workload.Effective();
  EXPECT_EQ(p.profiles, 1000);
  EXPECT_EQ(p.reads, 1000);
  EXPECT_EQ(p.queries, 1000);  // N <= 10000: queries = N
  ASSERT_EQ(c.engines.size(), 1u);
  EXPECT_EQ(c.engines[0].OpenConfigJson(), R"({"durability":{},"settings":{}})");
  EXPECT_TRUE(c.measure.latency);
}

TEST(ConfigParserTest, ExplicitCountsAndPhasesAreKept) {
  RunConfig c = ParseRunConfig(
      Config([](nlohmann::json& j) {
        j["workload"]["profiles"] = 100000;
        j["workload"]["reads"] = 7;
        j["phases"] = {"insert profiles", "read by user id", "update profiles", "post-update read by user id"};
        j["measure"] = {{"latency", false}, {"timeline_interval_ms", 0}};
      }),
      "cfg.json");
  workload::WorkloadParams p = c.workload.Effective();
  EXPECT_EQ(p.reads, 7);
  EXPECT_EQ(p.queries, 25000);
  ASSERT_EQ(c.phases.size(), 4u);
  EXPECT_EQ(c.phases[3], PhaseId::kPostReadById);
  EXPECT_FALSE(c.measure.latency);
  EXPECT_EQ(c.measure.timeline_interval_ms, 0u);
}

TEST(ConfigParserTest, ToJsonRoundTrips) {
  RunConfig c = ParseRunConfig(Config([](nlohmann::json& j) {
                                 j["engines"][0]["settings"] = {{"Snapshots", false}};
                                 j["phases"] = {"insert profiles", "scan top reputation index"};
                               }),
                               "cfg.json");
  RunConfig again = ParseRunConfig(c.ToJson().dump(), "as-run");
  EXPECT_EQ(again.ToJson(), c.ToJson());
  EXPECT_EQ(again.engines[0].settings["Snapshots"], false);
}

TEST(ConfigParserTest, MemoryLatencyProbeFollowsTheScaleUnlessSet) {
  const auto probes = [](int profiles, std::optional<bool> set) {
    return ParseRunConfig(Config([&](nlohmann::json& j) {
                            j["workload"]["profiles"] = profiles;
                            if (set) j["measure"] = {{"memory_latency", *set}};
                          }),
                          "cfg.json");
  };
  EXPECT_FALSE(probes(99999, std::nullopt).ProbesMemoryLatency());
  EXPECT_TRUE(probes(100000, std::nullopt).ProbesMemoryLatency());
  EXPECT_TRUE(probes(1000, true).ProbesMemoryLatency());
  EXPECT_FALSE(probes(1000000, false).ProbesMemoryLatency());
  // The config as run says what was decided; --profiles changes the default, not an explicit choice.
  RunConfig c = probes(1000, std::nullopt);
  EXPECT_EQ(c.ToJson()["measure"]["memory_latency"], false);
  ApplyOverrides({.profiles = 200000, .engines = {}, .parallelism = std::nullopt}, &c);
  EXPECT_EQ(c.ToJson()["measure"]["memory_latency"], true);
  c = probes(1000000, false);
  ApplyOverrides({.profiles = 200000, .engines = {}, .parallelism = std::nullopt}, &c);
  EXPECT_FALSE(c.ProbesMemoryLatency());
  EXPECT_NE(ErrorOf(Config([](nlohmann::json& j) {
              j["measure"] = {{"memory_latency", "yes"}};
            })).find("measure.memory_latency"),
            std::string::npos);
}

TEST(ConfigParserTest, OverridesReplaceProfilesAndSelectEngines) {
  RunConfig c = ParseRunConfig(Config([](nlohmann::json& j) {
                                 j["workload"]["reads"] = 5;
                                 j["engines"].push_back({{"name", "Other"}, {"plugin", "memory"}});
                               }),
                               "cfg.json");
  ApplyOverrides({.profiles = 20000, .engines = {"Other"}, .parallelism = std::nullopt}, &c);
  EXPECT_EQ(c.workload.Effective().reads, 20000);
  EXPECT_EQ(c.workload.Effective().queries, 5000);
  ASSERT_EQ(c.engines.size(), 1u);
  EXPECT_EQ(c.engines[0].name, "Other");
  EXPECT_THROW(ApplyOverrides({.profiles = std::nullopt, .engines = {"Nope"}, .parallelism = std::nullopt}, &c), ConfigError);
  EXPECT_THROW(ApplyOverrides({.profiles = 0, .engines = {}, .parallelism = std::nullopt}, &c), ConfigError);
  EXPECT_THROW(ApplyOverrides({.profiles = 1LL << 31, .engines = {}, .parallelism = std::nullopt}, &c), ConfigError);
}

TEST(ConfigParserTest, ParallelismIsALevelOrAListOfDistinctLevels) {
  RunConfig c = ParseRunConfig(Config([](nlohmann::json&) {}), "cfg.json");
  EXPECT_EQ(c.workload.parallelism, std::vector<int32_t>{1});
  EXPECT_EQ(c.workload.Effective().parallelism, 1);
  c = ParseRunConfig(Config([](nlohmann::json& j) { j["workload"]["parallelism"] = 16; }), "cfg.json");
  EXPECT_EQ(c.workload.Effective().parallelism, 16);
  EXPECT_EQ(c.ToJson()["workload"]["parallelism"], 16);
  c = ParseRunConfig(Config([](nlohmann::json& j) { j["workload"]["parallelism"] = {1, 2, 16}; }), "cfg.json");
  EXPECT_EQ(c.workload.parallelism, (std::vector<int32_t>{1, 2, 16}));
  EXPECT_EQ(c.ToJson()["workload"]["parallelism"], nlohmann::json({1, 2, 16}));
  // The config as run parses back to the same levels.
  EXPECT_EQ(ParseRunConfig(c.ToJson().dump(), "again.json").workload.parallelism, c.workload.parallelism);
  const auto error = [](const nlohmann::json& p) {
    return ErrorOf(Config([&](nlohmann::json& j) { j["workload"]["parallelism"] = p; }));
  };
  EXPECT_NE(error(0).find("workload.parallelism: expected an integer in [1, 1024], got an integer (0)"), std::string::npos);
  EXPECT_NE(error(1025).find("got an integer (1025)"), std::string::npos);
  EXPECT_NE(error("4").find("workload.parallelism: expected an integer"), std::string::npos);
  EXPECT_NE(error(nlohmann::json::array()).find("at least one parallelism level"), std::string::npos);
  EXPECT_NE(error({1, 2, 1}).find("workload.parallelism[2]: 1 is given twice (first at workload.parallelism[0])"),
            std::string::npos);
  EXPECT_NE(error({1, 2.5}).find("workload.parallelism[1]"), std::string::npos);
}

TEST(ConfigParserTest, ParallelismOverrideTakesALevelOrAList) {
  RunConfig c = ParseRunConfig(Config([](nlohmann::json&) {}), "cfg.json");
  ApplyOverrides({.profiles = std::nullopt, .engines = {}, .parallelism = "2,16"}, &c);
  EXPECT_EQ(c.workload.parallelism, (std::vector<int32_t>{2, 16}));
  ApplyOverrides({.profiles = std::nullopt, .engines = {}, .parallelism = "4"}, &c);
  EXPECT_EQ(c.workload.parallelism, std::vector<int32_t>{4});
  for (const char* bad : {"0", "", "1,", ",2", "2,2", "x", "1025", "-1", "9999999999"}) {
    try {
      ApplyOverrides({.profiles = std::nullopt, .engines = {}, .parallelism = bad}, &c);
      ADD_FAILURE() << "accepted --parallelism '" << bad << "'";
    } catch (const ConfigError& e) {
      EXPECT_NE(std::string(e.what()).find("--parallelism"), std::string::npos) << e.what();
    }
  }
}

struct BadConfig {
  const char* what;
  std::string text;
  const char* fragment;
};

TEST(ConfigParserTest, BadConfigsAreRefusedWithThePathAndWhatWasExpected) {
  using J = nlohmann::json;
  const BadConfig cases[] = {
      {"truncated", Config().substr(0, 40), "not valid JSON"},
      {"not an object", "[1,2]", "(root): expected an object"},
      {"missing workload", Config([](J& j) { j.erase("workload"); }), "workload: missing"},
      {"schema version", Config([](J& j) { j["schema_version"] = 2; }), "schema_version: expected 1"},
      {"unknown key at root", Config([](J& j) { j["extra"] = 1; }), "extra: unknown member"},
      {"unknown key in workload", Config([](J& j) { j["workload"]["readz"] = 1; }), "workload.readz: unknown member"},
      {"unknown key in engine", Config([](J& j) { j["engines"][0]["setting"] = J::object(); }),
       "engines[0].setting: unknown member"},
      {"unknown key in measure", Config([](J& j) {
         j["measure"] = {{"latencies", true}};
       }),
       "measure.latencies: unknown member"},
      {"profiles as string", Config([](J& j) { j["workload"]["profiles"] = "1000"; }),
       "workload.profiles: expected an integer in [1, 2147483647], got a string"},
      {"profiles as float", Config([](J& j) { j["workload"]["profiles"] = 10.5; }), "workload.profiles: expected"},
      {"zero profiles", Config([](J& j) { j["workload"]["profiles"] = 0; }), "workload.profiles: expected an integer"},
      {"negative profiles", Config([](J& j) { j["workload"]["profiles"] = -5; }), "got -5"},
      {"overflowing profiles", Config([](J& j) { j["workload"]["profiles"] = 2147483648LL; }), "overflows 32 bits"},
      {"huge count", Config([](J& j) { j["workload"]["reads"] = 18446744073709551615ULL; }), "workload.reads"},
      {"zero reads", Config([](J& j) { j["workload"]["reads"] = 0; }), "workload.reads"},
      {"seed out of range", Config([](J& j) { j["workload"]["seed"] = 4294967296LL; }), "workload.seed"},
      {"zero query limit", Config([](J& j) { j["workload"]["query_limit"] = 0; }), "workload.query_limit"},
      {"wrong kind", Config([](J& j) { j["workload"]["kind"] = "ycsb"; }), "workload.kind: expected \"profiles\""},
      {"timeout zero", Config([](J& j) { j["timeout_seconds"] = 0; }), "timeout_seconds"},
      {"latency not bool", Config([](J& j) {
         j["measure"] = {{"latency", 1}};
       }),
       "measure.latency: expected true"},
      {"unknown phase", Config([](J& j) {
         j["phases"] = {"insert profiles", "read by id"};
       }),
       "phases[1]: unknown phase 'read by id'"},
      {"phase not string", Config([](J& j) {
         j["phases"] = {"insert profiles", 3};
       }),
       "phases[1]: expected a phase"},
      {"empty phases", Config([](J& j) { j["phases"] = J::array(); }), "phases: expected at least one"},
      {"read before insert", Config([](J& j) {
         j["phases"] = {"read by user id", "insert profiles"};
       }),
       "phases[0]: phase 'read by user id' cannot run before 'insert profiles'"},
      {"no insert", Config([](J& j) { j["phases"] = {"scan top reputation index"}; }), "before 'insert profiles'"},
      {"post-update before update", Config([](J& j) {
         j["phases"] = {"insert profiles", "post-update read by user id", "update profiles"};
       }),
       "phases[1]: phase 'post-update read by user id' cannot run before 'update profiles'"},
      {"duplicate phase", Config([](J& j) {
         j["phases"] = {"insert profiles", "read by user id", "read by user id"};
       }),
       "phases[2]: phase 'read by user id' is listed twice"},
      {"no engines", Config([](J& j) { j["engines"] = J::array(); }), "engines: expected at least one engine"},
      {"engine without plugin", Config([](J& j) { j["engines"][0].erase("plugin"); }), "engines[0].plugin: missing"},
      {"settings not object", Config([](J& j) { j["engines"][0]["settings"] = "x"; }),
       "engines[0].settings: expected an object"},
      {"duplicate engine names", Config([](J& j) { j["engines"].push_back(j["engines"][0]); }),
       "engines[1].name: duplicate engine name 'Memory'"},
      {"engine name too long", Config([](J& j) { j["engines"][0]["name"] = std::string(300, 'n'); }),
       "engines[0].name: expected at most 100 bytes, got 300"},
  };
  for (const BadConfig& c : cases) {
    const std::string error = ErrorOf(c.text);
    EXPECT_NE(error.find(c.fragment), std::string::npos) << c.what << ": got '" << error << "'";
    EXPECT_EQ(error.rfind("cfg.json: ", 0), 0u) << c.what << ": " << error;
  }
}

TEST(ConfigParserTest, EngineNamesUpToTheLimitAreAccepted) {
  const std::string name(kMaxEngineNameBytes, 'n');
  const RunConfig c = ParseRunConfig(Config([&](nlohmann::json& j) { j["engines"][0]["name"] = name; }), "cfg.json");
  EXPECT_EQ(c.engines[0].name, name);
}

TEST(ConfigParserTest, AMemberGivenTwiceIsRefusedWhereverItIs) {
  // Plain JSON parsing keeps the last of two equal keys: a pasted second section would replace the first unseen.
  const std::string engines = R"("engines": [{"name": "Memory", "plugin": "memory"}])";
  const std::string workload = R"("workload": {"kind": "profiles", "profiles": 1000})";
  EXPECT_NE(ErrorOf("{" + workload + ", " + workload + ", " + engines + "}").find("cfg.json: workload: given twice"),
            std::string::npos);
  EXPECT_NE(ErrorOf(R"({"workload": {"kind": "profiles", "profiles": 1000, "profiles": 2000}, )" + engines + "}")
                .find("cfg.json: workload.profiles: given twice"),
            std::string::npos);
  const std::string two_engines = R"("engines": [{"name": "A", "plugin": "memory"}, {"name": "B", "plugin": "memory",)"
                                  R"( "settings": {"X": [1, {"a": 1}], "Y": 1, "Y": 2}}])";
  EXPECT_NE(ErrorOf("{" + workload + ", " + two_engines + "}").find("cfg.json: engines[1].settings.Y: given twice"),
            std::string::npos)
      << ErrorOf("{" + workload + ", " + two_engines + "}");
  // Equal keys in different objects are not duplicates.
  EXPECT_EQ(ErrorOf(R"({"schema_version": 1, "name": "t", )" + workload + ", " +
                    R"("engines": [{"name": "A", "plugin": "memory"}, {"name": "B", "plugin": "memory"}]})"),
            "");
}

// A config whose engine setting X is `levels` arrays nested in each other: 4 + levels levels in all.
std::string NestedConfig(size_t levels) {
  return R"({"schema_version": 1, "name": "t", "workload": {"kind": "profiles", "profiles": 1000}, "engines": [{"name": "Memory", "plugin": "memory", )"
         R"("settings": {"X": )" +
         std::string(levels, '[') + std::string(levels, ']') + "}}]}";
}

// Issue 41, case 7: the duplicate-key check cost the square of the nesting depth (an 80 KB config of nested arrays
// took 13 s and 2.95 GB; 200 KB ran out of memory). Now it builds a path only for a message, and nesting is capped.
TEST(ConfigParserTest, NestingDeeperThanTheLimitIsRefusedNamingIt) {
  EXPECT_EQ(ErrorOf(NestedConfig(kMaxJsonDepth - 4)), "");
  const std::string refused = ErrorOf(NestedConfig(kMaxJsonDepth - 3));
  EXPECT_EQ(refused.rfind("cfg.json: engines[0].settings.X", 0), 0u) << refused;
  EXPECT_NE(refused.find(": nested deeper than 64 levels of objects and arrays (the most a config may have)"),
            std::string::npos)
      << refused;
  // 200 KB of nesting: refused at once, where it ran out of memory.
  EXPECT_NE(ErrorOf(NestedConfig(100000)).find("nested deeper than 64 levels"), std::string::npos);
}

// Issue 41, case 13: the JSON parser stops at a NUL byte, so "{valid}\0garbage" passed as {valid}; a plugin name
// with "\u0000junk" loaded the part before the NUL.
TEST(ConfigParserTest, NulBytesAreRefused) {
  const std::string valid = Config();
  EXPECT_EQ(ErrorOf(valid), "");
  EXPECT_EQ(ErrorOf(valid + std::string("\0garbage", 8)),
            "cfg.json: not valid JSON: a NUL byte at offset " + std::to_string(valid.size()));
  const std::string nul_plugin = ErrorOf(Config([](nlohmann::json& j) {
    j["engines"][0]["plugin"] = std::string("memory\0junk", 11);
  }));
  EXPECT_EQ(nul_plugin, "cfg.json: engines[0].plugin: contains a NUL character (\\u0000)");
}

// Issue 41, case 6: an ANSI escape in an engine name reached the terminal with every progress line.
TEST(ConfigParserTest, ControlCharactersInAnEngineNameAreRefused) {
  EXPECT_EQ(ErrorOf(Config([](nlohmann::json& j) { j["engines"][0]["name"] = "\x1b[2JMemory"; })),
            "cfg.json: engines[0].name: contains the control character \\x1B");
}

TEST(ConfigParserTest, UnreadableFileIsAConfigErrorThatSaysWhy) {
  const auto error_of_file = [](const std::string& path) -> std::string {
    try {
      LoadRunConfig(path);
    } catch (const ConfigError& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_EQ(error_of_file("/nonexistent/config.json"),
            "/nonexistent/config.json: cannot read: No such file or directory");
  EXPECT_EQ(error_of_file("/tmp"), "/tmp: cannot read: is a directory");
}

}  // namespace
}  // namespace kvbench::config
