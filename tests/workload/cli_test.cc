// The command line as a user meets it: each command's --help, the log level from the environment, and where
// messages go (a failed run's stderr says why).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "kvbench_process.hpp"

namespace kvbench::testing {
namespace {

struct Outcome {
  int exit_code = -1;
  std::string out, err;
};

// kvbench with `args` through the shell (environment assignments may precede it), stdout and stderr apart.
Outcome Kvbench(const std::string& env, const std::string& args) {
  ScratchDir scratch;
  const std::string command = env + " '" + KvbenchExecutable() + "' " + args + " >'" + (scratch / "out") + "' 2>'" +
                              (scratch / "err") + "' </dev/null";
  const int status = std::system(command.c_str());
  Outcome o;
  o.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  o.out = ReadFile(scratch / "out");
  o.err = ReadFile(scratch / "err");
  return o;
}

TEST(Cli, EveryCommandPrintsItsOwnUsageOnHelp) {
  for (const char* command :
       {"run", "validate", "plugins", "conformance", "report", "compare", "scaling", "crashtest"}) {
    for (const char* help : {"--help", "-h"}) {
      const Outcome o = Kvbench("", std::string(command) + " " + help);
      EXPECT_EQ(o.exit_code, 0) << command << " " << help << ": " << o.err;
      EXPECT_EQ(o.out.rfind(std::string("usage: kvbench ") + command + " ", 0), 0u) << o.out;
    }
  }
  // The usage names the options the command takes.
  const Outcome run = Kvbench("", "run --help");
  for (const char* option : {"--out", "--engine", "--profiles", "--plugin-dir", "--keep-data", "--no-report"}) {
    EXPECT_NE(run.out.find(option), std::string::npos) << option << " missing from: " << run.out;
  }
  // After "--", "--help" is an argument, not a request for help.
  EXPECT_EQ(Kvbench("", "report -- --help").exit_code, 2);
}

TEST(Cli, CrashtestChecksItsArgumentsBeforeAnythingRuns) {
  ScratchDir scratch;
  const std::string config = SourceDir() + "/configs/smoke.json";
  const std::string out = " --out '" + (scratch / "out") + "'";
  Outcome o = Kvbench("", "crashtest '" + config + "' --seed ' -1'" + out);  // stoull would wrap it to 2^64-1
  EXPECT_EQ(o.exit_code, 2);
  EXPECT_NE(o.err.find("--seed expects an unsigned integer, got ' -1'"), std::string::npos) << o.err;
  o = Kvbench("", "crashtest '" + config + "' --timeout 0" + out);
  EXPECT_EQ(o.exit_code, 2);
  EXPECT_NE(o.err.find("--timeout expects a positive integer"), std::string::npos) << o.err;
  EXPECT_EQ(o.out.find("crashtest seed"), std::string::npos) << o.out;  // refused before it started
  EXPECT_FALSE(std::filesystem::exists(scratch / "out"));
}

TEST(Cli, AnUnusableTmpdirIsOneMessageNotADirectoryHere) {
  // The plugin check opens each engine on an empty temporary directory; with $TMPDIR missing it used to make
  // that directory in the current one.
  ScratchDir scratch;
  const Outcome o = Kvbench("cd '" + scratch.path() + "' && TMPDIR=/nonexistent-kvbench-tmp",
                            "validate '" + SourceDir() + "/configs/smoke.json'");
  EXPECT_EQ(o.exit_code, 2);
  EXPECT_NE(o.err.find("cannot create a temporary directory in /nonexistent-kvbench-tmp ($TMPDIR)"), std::string::npos)
      << o.err;
  EXPECT_TRUE(std::filesystem::is_empty(scratch.path()));
}

TEST(Cli, AnUnknownLogLevelIsRefusedNotTakenAsSilence) {
  const Outcome o = Kvbench("KVBENCH_LOG_LEVEL=verbose", "plugins");
  EXPECT_EQ(o.exit_code, 2);
  EXPECT_NE(o.err.find("KVBENCH_LOG_LEVEL: unknown level 'verbose'"), std::string::npos) << o.err;
  EXPECT_EQ(Kvbench("KVBENCH_LOG_LEVEL=warn", "plugins").exit_code, 0);
  // Issue 41, case 13: spdlog's own aliases were taken though the README lists seven values.
  for (const char* alias : {"warning", "err"}) {
    const Outcome a = Kvbench(std::string("KVBENCH_LOG_LEVEL=") + alias, "plugins");
    EXPECT_EQ(a.exit_code, 2) << alias;
    EXPECT_NE(a.err.find(std::string("KVBENCH_LOG_LEVEL: unknown level '") + alias + "'"), std::string::npos) << a.err;
  }
}

// Issue 41, case 10: a path that is not UTF-8 ended in an uncaught json type_error 316 after the run had started,
// leaving OUT/data behind; one such file name in the plugin directory broke the whole `kvbench plugins` listing.
TEST(Cli, PathsThatAreNotUtf8AreRefusedBeforeAnythingRuns) {
  ScratchDir scratch;
  const std::string config = SourceDir() + "/configs/smoke.json";
  const std::string bad = scratch / "out\xff";
  ProcessResult r = RunKvbench({"run", config, "--out", bad});
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("kvbench run: argument '" + (scratch / "out\\xFF") +
                          "' is not valid UTF-8: kvbench records paths and names in JSON, which is text; rename it"),
            std::string::npos)
      << r.output;
  EXPECT_FALSE(std::filesystem::exists(bad));
  r = RunKvbench({"validate", config}, {{"TMPDIR", scratch / "tmp\xc3"}});
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("kvbench validate: $TMPDIR '" + (scratch / "tmp\\xC3") + "' is not valid UTF-8"),
            std::string::npos)
      << r.output;
  // UTF-8 that is valid passes.
  r = RunKvbench({"validate", config, "--plugin-dir", KvbenchExecutable().substr(0, KvbenchExecutable().rfind('/')) +
                                                          "/plugins", "--no-plugins"});
  EXPECT_EQ(r.exit_code, 0) << r.output;
}

TEST(Cli, APluginFileNameThatIsNotUtf8IsListedNotFatal) {
  ScratchDir scratch;
  const std::string plugins = scratch / "plugins";
  std::filesystem::create_directories(plugins);
  std::filesystem::copy_file(TestPluginPath("abort_mid_phase"), plugins + "/abort_mid_phase.so");
  std::filesystem::copy_file(TestPluginPath("abort_mid_phase"), plugins + "/caf\xe9.so");
  const ProcessResult r = RunKvbench({"plugins", "--plugin-dir", plugins, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const nlohmann::json list = nlohmann::json::parse(r.output.substr(r.output.find('[')));
  ASSERT_EQ(list.size(), 2u) << r.output;
  EXPECT_EQ(list[0]["config_name"], "abort_mid_phase");
  EXPECT_EQ(list[0]["name"], "abort_mid_phase");
  EXPECT_EQ(list[1]["path"], plugins + "/caf\\xE9.so");
  EXPECT_EQ(list[1]["error"], "the file name is not valid UTF-8 (a config cannot name it): rename it");
}

// Issue 41, case 13: a plugin that wrote a bogus event on the worker's descriptor aborted `plugins` with a raw JSON
// exception.
TEST(Cli, APluginThatWritesABogusEventIsStillListed) {
  ScratchDir scratch;
  const std::string plugins = scratch / "plugins";
  std::filesystem::create_directories(plugins);
  std::filesystem::copy_file(TestPluginPath("bogus_event"), plugins + "/bogus_event.so");
  std::filesystem::copy_file(TestPluginPath("abort_mid_phase"), plugins + "/other.so");
  const ProcessResult r = RunKvbench({"plugins", "--plugin-dir", plugins, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output.find("json.exception"), std::string::npos) << r.output;
  const nlohmann::json list = nlohmann::json::parse(r.output.substr(r.output.find('[')));
  ASSERT_EQ(list.size(), 2u) << r.output;
  EXPECT_EQ(list[0]["name"], "bogus_event") << list[0];
  EXPECT_EQ(list[1]["name"], "abort_mid_phase") << list[1];
}

// Issue 41, case 11: --timeout of about 9.3e9 s or more overflowed the deadline, and every check timed out at once.
TEST(Cli, ATimeoutPastTheMaximumIsRefused) {
  ScratchDir scratch;
  const std::string config = SourceDir() + "/configs/smoke.json";
  for (const std::string& command : {"conformance '" + TestPluginPath("abort_mid_phase") + "'",
                                    "crashtest '" + config + "' --out '" + (scratch / "out") + "'"}) {
    SCOPED_TRACE(command);
    const Outcome o = Kvbench("", command + " --timeout 9300000000");
    EXPECT_EQ(o.exit_code, 2) << o.out << o.err;
    EXPECT_NE(o.err.find("option --timeout expects a positive integer of at most 2147483647, got '9300000000'"),
              std::string::npos)
        << o.err;
  }
  EXPECT_FALSE(std::filesystem::exists(scratch / "out"));
}

TEST(Cli, AFailedRunSaysWhyOnStderr) {
  ScratchDir scratch;
  const std::string config = scratch / "config.json";
  WriteFile(config, SmallConfig(1000, {{{"name", "Aborts"}, {"plugin", TestPluginPath("abort_mid_phase")}}}).dump());
  const Outcome o = Kvbench("", "run '" + config + "' --out '" + (scratch / "out") + "' --no-report");
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_NE(o.err.find("engine Aborts: Crashed"), std::string::npos) << "stderr: " << o.err << "\nstdout: " << o.out;
  EXPECT_EQ(o.out.find("engine Aborts: Crashed"), std::string::npos);  // once, on stderr
}

}  // namespace
}  // namespace kvbench::testing
