// Bad input to kvbench run: each is refused before anything runs, with exit status 2 and a message that names
// what is wrong, and no results file is written; an earlier results.json in the out directory stays untouched.
#include <gtest/gtest.h>

#include <filesystem>

#include "kvbench_process.hpp"

namespace kvbench::testing {
namespace {

namespace fs = std::filesystem;
using J = nlohmann::json;

J Good() { return SmallConfig(1000, {{{"name", "Memory"}, {"plugin", "memory"}}}); }

J With(const std::function<void(J&)>& edit) {
  J j = Good();
  edit(j);
  return j;
}

struct Case {
  std::string name;
  std::string config_text;
  std::string fragment;
  std::vector<std::string> extra_args = {};
  std::string out = "";  // "" = the scratch out directory with an earlier results.json
};

std::vector<Case> Cases(const ScratchDir& scratch) {
  WriteFile(scratch / "not_a_plugin.so", "text, not a shared object\n");
  WriteFile(scratch / "a_file", "x");
  const std::string good = Good().dump();
  return {
      {"truncated JSON", good.substr(0, good.size() / 2), "not valid JSON"},
      {"empty file", "", "not valid JSON"},
      {"profiles as string", With([](J& j) { j["workload"]["profiles"] = "1000"; }).dump(),
       "workload.profiles: expected an integer"},
      {"engines not array", With([](J& j) { j["engines"] = J::object(); }).dump(), "engines: expected an array"},
      {"zero profiles", With([](J& j) { j["workload"]["profiles"] = 0; }).dump(), "workload.profiles"},
      {"negative count", With([](J& j) { j["workload"]["updates"] = -1; }).dump(), "workload.updates"},
      {"overflowing profiles", With([](J& j) { j["workload"]["profiles"] = 3000000000LL; }).dump(),
       "overflows 32 bits"},
      {"huge count", With([](J& j) { j["workload"]["reads"] = 99999999999999LL; }).dump(), "workload.reads"},
      {"unknown key", With([](J& j) { j["workload"]["profile"] = 5; }).dump(), "workload.profile: unknown member"},
      {"unknown phase", With([](J& j) {
                          j["phases"] = {"insert profiles", "warm up"};
                        }).dump(),
       "phases[1]: unknown phase 'warm up'"},
      {"read before insert", With([](J& j) {
                               j["phases"] = {"lookup by email", "insert profiles"};
                             }).dump(),
       "cannot run before 'insert profiles'"},
      {"post-update before update", With([](J& j) {
                                      j["phases"] = {"insert profiles", "post-update lookup by email"};
                                    }).dump(),
       "cannot run before 'update profiles'"},
      {"unknown plugin", With([](J& j) { j["engines"][0]["plugin"] = "no_such_engine"; }).dump(),
       "engines[0] (Memory).plugin: no plugin 'no_such_engine'"},
      {"plugin not loadable", With([&](J& j) { j["engines"][0]["plugin"] = scratch / "not_a_plugin.so"; }).dump(),
       "engines[0] (Memory).plugin: "},
      {"plugin crashes the loader", With([](J& j) { j["engines"][0]["plugin"] = TestPluginPath("truncated"); }).dump(),
       "engines[0] (Memory).plugin: plugin " + TestPluginPath("truncated") + ": killed by SIGBUS while loading"},
      {"unknown setting", With([](J& j) {
                            j["engines"][0]["settings"] = {{"Snapshotz", true}};
                          }).dump(),
       "unknown setting 'settings.Snapshotz'"},
      {"duplicate engine names", With([](J& j) { j["engines"].push_back(j["engines"][0]); }).dump(),
       "engines[1].name: duplicate engine name 'Memory'"},
      {"unknown --engine", good, "--engine: the config has no engine named 'Nope'", {"--engine", "Nope"}},
      {"bad --profiles", good, "--profiles expects a positive integer", {"--profiles", "-3"}},
      {"--out is a file",
       good,
       "--out: '" + (scratch / "a_file") + "' exists and is not a directory",
       {},
       scratch / "a_file"},
      {"--out under a file", good, "--out: cannot create directory", {}, scratch / "a_file/sub"},
      {"unwritable --out", good, "--out: cannot create directory", {}, "/proc/kvbench-cannot-write-here"},
  };
}

TEST(BadConfig, EachIsRefusedWithExitTwoAndNoResultsWritten) {
  ScratchDir scratch;
  const std::string out = scratch / "out";
  fs::create_directories(out);
  const std::string earlier = R"({"earlier": "results, must survive"})";
  WriteFile(out + "/results.json", earlier);
  for (const Case& c : Cases(scratch)) {
    SCOPED_TRACE(c.name);
    const std::string config = scratch / "config.json";
    WriteFile(config, c.config_text);
    std::vector<std::string> args = {"run", config, "--out", c.out.empty() ? out : c.out};
    args.insert(args.end(), c.extra_args.begin(), c.extra_args.end());
    const ProcessResult run = RunKvbench(args);
    EXPECT_EQ(run.exit_code, 2) << run.output;
    EXPECT_NE(run.output.find(c.fragment), std::string::npos) << "expected '" << c.fragment << "' in:\n" << run.output;
    EXPECT_EQ(ReadFile(out + "/results.json"), earlier);
    size_t entries = 0;
    for ([[maybe_unused]] const auto& entry : fs::directory_iterator(out)) ++entries;
    EXPECT_EQ(entries, 1u) << "the refused run left files in " << out;
  }
}

TEST(BadConfig, ValidateRefusesTheSameWayAndAcceptsAGoodConfig) {
  ScratchDir scratch;
  WriteFile(scratch / "bad.json", With([](J& j) { j["timeout_seconds"] = -1; }).dump());
  ProcessResult run = RunKvbench({"validate", scratch / "bad.json"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.output.find("timeout_seconds: expected an integer"), std::string::npos) << run.output;
  WriteFile(scratch / "bad_setting.json", With([](J& j) { j["engines"][0]["durability"] = {{"Fsync", true}}; }).dump());
  run = RunKvbench({"validate", scratch / "bad_setting.json"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.output.find("durability.Fsync"), std::string::npos) << run.output;
  // A plugin that crashes the loader (a truncated file): refused naming the file and what happened, not as an
  // engine that crashed somewhere.
  WriteFile(scratch / "truncated.json",
            With([](J& j) { j["engines"][0]["plugin"] = TestPluginPath("truncated"); }).dump());
  run = RunKvbench({"validate", scratch / "truncated.json"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.output.find("engines[0] (Memory).plugin: plugin " + TestPluginPath("truncated") +
                            ": killed by SIGBUS while loading"),
            std::string::npos)
      << run.output;
  WriteFile(scratch / "good.json", Good().dump());
  run = RunKvbench({"validate", scratch / "good.json"});
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("OK: test: 1000 profiles"), std::string::npos) << run.output;
}

TEST(BadConfig, MissingConfigFileAndUsageErrors) {
  ProcessResult run = RunKvbench({"run", "/nonexistent/config.json"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.output.find("/nonexistent/config.json: cannot read: No such file or directory"), std::string::npos)
      << run.output;
  run = RunKvbench({"run"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.output.find("usage: kvbench run"), std::string::npos) << run.output;
}

}  // namespace
}  // namespace kvbench::testing

namespace kvbench::testing {
namespace {

// A plugin that hangs while loading, or in the engine_open of the settings check, is given up on after
// KVBENCH_LOAD_TIMEOUT seconds and reported as such, naming the call; nothing runs.
TEST(BadConfig, APluginThatHangsWhileLoadingTimesOutAfterTheLoadTimeout) {
  ScratchDir scratch;
  const std::map<std::string, std::string> env = {{"KVBENCH_LOAD_TIMEOUT", "2"}};
  WriteFile(scratch / "hang_on_load.json",
            With([](J& j) { j["engines"][0]["plugin"] = TestPluginPath("hang_on_load"); }).dump());
  ProcessResult run = RunKvbench({"run", scratch / "hang_on_load.json", "--out", scratch / "out"}, env);
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("engines[0] (Memory).plugin: plugin " + TestPluginPath("hang_on_load") +
                            ": timed out while loading the plugin after 2 s (KVBENCH_LOAD_TIMEOUT)"),
            std::string::npos)
      << run.output;
  EXPECT_FALSE(fs::exists(scratch / "out/results.json"));

  WriteFile(scratch / "hang_in_open.json",
            With([](J& j) { j["engines"][0]["plugin"] = TestPluginPath("hang_in_open"); }).dump());
  run = RunKvbench({"run", scratch / "hang_in_open.json", "--out", scratch / "out"}, env);
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("engines[0] (Memory).settings/durability: plugin " + TestPluginPath("hang_in_open") +
                            ": timed out while loading the plugin after 2 s (KVBENCH_LOAD_TIMEOUT): engine_open, on "
                            "an empty directory to check its settings, did not return"),
            std::string::npos)
      << run.output;
}

TEST(BadConfig, ALoadTimeoutThatIsNotAPositiveNumberIsRefused) {
  for (const char* bad : {"0", "-3", "ten", "5s"}) {
    const ProcessResult run = RunKvbench({"plugins"}, {{"KVBENCH_LOAD_TIMEOUT", bad}});
    EXPECT_EQ(run.exit_code, 2) << bad;
    EXPECT_NE(run.output.find(std::string("KVBENCH_LOAD_TIMEOUT='") + bad +
                              "': expected a whole number of seconds, at least 1"),
              std::string::npos)
        << run.output;
  }
}

}  // namespace
}  // namespace kvbench::testing
