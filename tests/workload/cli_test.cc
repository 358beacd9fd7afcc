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
