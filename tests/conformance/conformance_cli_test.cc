// `kvbench conformance` run as a plugin author runs it, on plugins that crash or hang in a check
// (tests/plugins/misbehaving/) and in a broken environment: whatever happens, the answer is a report or one clear
// message with a non-zero exit status, and nothing is left in the temporary directory.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <regex>
#include <string>

#include "kvbench_process.hpp"

namespace kvbench::testing {
namespace {

namespace fs = std::filesystem;

bool Matches(const std::string& text, const std::string& pattern) {
  return std::regex_search(text, std::regex(pattern));
}

// abort_mid_phase.so calls abort() at its 1000th put, which only durability.reopen reaches: that check fails
// naming the signal and the ABI call and store it was in, the others still run, the summary is printed and the
// check's directory is gone.
TEST(ConformanceCli, CrashInACheckFailsThatCheckNamingTheSignal) {
  ScratchDir scratch;
  const std::string tmp = scratch / "tmp";
  fs::create_directory(tmp);
  const ProcessResult run = RunKvbench({"conformance", TestPluginPath("abort_mid_phase")}, {{"TMPDIR", tmp}});
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_TRUE(
      Matches(run.output,
              "FAIL  durability\\.reopen +crashed: killed by SIGABRT in put \\(store 'first'\\) while the check "
              "ran\\n"))
      << run.output;
  EXPECT_TRUE(Matches(run.output, "PASS  data\\.overwrite ")) << run.output;
  EXPECT_TRUE(Matches(run.output, "\\n[1-9][0-9]* passed, 1 failed")) << run.output;
  EXPECT_TRUE(fs::is_empty(tmp)) << "left behind in " << tmp;
}

// hang_in_get.so sleeps forever in its first get: with --timeout 1, data.stores_independent (which calls get)
// fails after a second, naming the timeout and the call (get, and its store), and the next check, data.store_reopen
// (which reads through an iterator), still runs and passes.
TEST(ConformanceCli, HangInACheckFailsThatCheckAfterTheTimeout) {
  ScratchDir scratch;
  const std::string tmp = scratch / "tmp";
  fs::create_directory(tmp);
  const auto start = std::chrono::steady_clock::now();
  const ProcessResult run = RunKvbench(
      {"conformance", TestPluginPath("hang_in_get"), "--filter", "data.store", "--timeout", "1"}, {{"TMPDIR", tmp}});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_TRUE(
      Matches(run.output,
              "FAIL  data\\.stores_independent +timed out after 1 s in get \\(store 'profiles'\\) \\(the check's "
              "process was killed\\)\\n"))
      << run.output;
  EXPECT_TRUE(Matches(run.output, "PASS  data\\.store_reopen ")) << run.output;
  EXPECT_TRUE(Matches(run.output, "\\n1 passed, 1 failed\\n")) << run.output;
  EXPECT_LT(seconds, 30) << "the hung check was not stopped by --timeout";
  EXPECT_TRUE(fs::is_empty(tmp)) << "left behind in " << tmp;

  const ProcessResult bad = RunKvbench({"conformance", "memory", "--timeout", "0"});
  EXPECT_EQ(bad.exit_code, 2) << bad.output;
  EXPECT_NE(bad.output.find("option --timeout expects a positive integer"), std::string::npos) << bad.output;
}

// hang_in_open.so (tests/plugins/broken) never returns from engine_open: the first check that opens an engine times
// out naming engine_open, and every later check that needs an open engine is reported not run instead of waiting
// its own timeout; the load checks still run.
TEST(ConformanceCli, AHangInEngineOpenCostsOneTimeoutNotOnePerCheck) {
  ScratchDir scratch;
  const std::string tmp = scratch / "tmp";
  fs::create_directory(tmp);
  const auto start = std::chrono::steady_clock::now();
  const ProcessResult run =
      RunKvbench({"conformance", TestPluginPath("hang_in_open"), "--timeout", "2"}, {{"TMPDIR", tmp}});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_TRUE(Matches(run.output,
                      "FAIL  engine\\.open_empty_dir +timed out after 2 s in engine_open \\(the check's process was "
                      "killed\\)\\n"))
      << run.output;
  EXPECT_TRUE(
      Matches(run.output, "FAIL  data\\.overwrite +not run: engine_open timed out in check engine\\.open_empty_dir\\n"))
      << run.output;
  EXPECT_TRUE(Matches(run.output, "PASS  load\\.version_negotiation ")) << run.output;
  EXPECT_EQ(run.output.find("timed out after 2 s", run.output.find("timed out after 2 s") + 1), std::string::npos)
      << "more than one check waited for its timeout:\n"
      << run.output;
  EXPECT_LT(seconds, 15) << run.output;
  EXPECT_TRUE(fs::is_empty(tmp)) << "left behind in " << tmp;
}

// Each newer check fails on the plugin broken in its way (and passes on memory.so: conformance_memory).
TEST(ConformanceCli, EachHygieneCheckFailsOnItsBrokenPlugin) {
  struct Case {
    std::string plugin, check, expected;
  };
  const std::vector<Case> cases = {
      {"extra_export", "load.only_entry_exported",
       "FAIL  load\\.only_entry_exported +exports more than the entry function: kvbench_test_stray_helper "},
      {"writes_stdout", "engine.no_stdout_writes",
       "FAIL  engine\\.no_stdout_writes +the plugin wrote [0-9]+ bytes to stdout: \"writes_stdout: opened "},
      {"prefix_jump_scan", "iter.range_scan",
       "FAIL  iter\\.range_scan +the plugin's scan, case 'prefix 'b' from 'a' \\(before the prefix, keys between\\)'"},
      {"loose_durability", "config.wrong_type_rejected",
       "FAIL  config\\.wrong_type_rejected +config \\{\"durability\":\\{\"Fsync\":\"not-a-boolean\"\\}\\} was "
       "accepted"},
      {"any_store_name", "data.valid_store_names",
       "FAIL  data\\.valid_store_names +store name \"\" \\(outside \\[A-Za-z0-9\\._-\\]\\): accepted, expected "
       "KVB_INVALID_ARGUMENT\\n"},
  };
  for (const Case& c : cases) {
    const ProcessResult run = RunKvbench({"conformance", TestPluginPath(c.plugin), "--filter", c.check});
    EXPECT_EQ(run.exit_code, 1) << c.plugin << ":\n" << run.output;
    EXPECT_TRUE(Matches(run.output, c.expected)) << c.plugin << ":\n" << run.output;
    const ProcessResult memory = RunKvbench({"conformance", "memory", "--filter", c.check});
    EXPECT_EQ(memory.exit_code, 0) << memory.output;
    EXPECT_TRUE(Matches(memory.output, "PASS  " + c.check)) << memory.output;
  }
}

// A TMPDIR that does not exist is the environment's problem, not the plugin's: one message, exit 2, no FAIL lines.
TEST(ConformanceCli, UnusableTmpdirIsOneMessageNotFailedChecks) {
  ScratchDir scratch;
  const std::string missing = scratch / "no-such-dir";
  const ProcessResult run = RunKvbench({"conformance", "memory"}, {{"TMPDIR", missing}});
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("kvbench conformance: cannot create a temporary directory in " + missing + " ($TMPDIR)"),
            std::string::npos)
      << run.output;
  EXPECT_EQ(run.output.find("FAIL"), std::string::npos) << run.output;
  EXPECT_EQ(std::count(run.output.begin(), run.output.end(), '\n'), 1) << "one message, got:\n" << run.output;
}

}  // namespace
}  // namespace kvbench::testing
