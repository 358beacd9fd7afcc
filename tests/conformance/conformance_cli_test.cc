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
// naming the signal, the others still run, the summary is printed and the check's directory is gone.
TEST(ConformanceCli, CrashInACheckFailsThatCheckNamingTheSignal) {
  ScratchDir scratch;
  const std::string tmp = scratch / "tmp";
  fs::create_directory(tmp);
  const ProcessResult run = RunKvbench({"conformance", TestPluginPath("abort_mid_phase")}, {{"TMPDIR", tmp}});
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_TRUE(Matches(run.output, "FAIL  durability\\.reopen +crashed: killed by SIGABRT while the check ran\\n"))
      << run.output;
  EXPECT_TRUE(Matches(run.output, "PASS  data\\.overwrite ")) << run.output;
  EXPECT_TRUE(Matches(run.output, "\\n[1-9][0-9]* passed, 1 failed")) << run.output;
  EXPECT_TRUE(fs::is_empty(tmp)) << "left behind in " << tmp;
}

// hang_in_get.so sleeps forever in its first get: with --timeout 1, data.stores_independent (which calls get)
// fails after a second, naming the timeout, and the next check, data.store_reopen (which reads through an
// iterator), still runs and passes.
TEST(ConformanceCli, HangInACheckFailsThatCheckAfterTheTimeout) {
  ScratchDir scratch;
  const std::string tmp = scratch / "tmp";
  fs::create_directory(tmp);
  const auto start = std::chrono::steady_clock::now();
  const ProcessResult run = RunKvbench(
      {"conformance", TestPluginPath("hang_in_get"), "--filter", "data.store", "--timeout", "1"}, {{"TMPDIR", tmp}});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_TRUE(Matches(run.output,
                      "FAIL  data\\.stores_independent +timed out after 1 s \\(the check's process was killed\\)\\n"))
      << run.output;
  EXPECT_TRUE(Matches(run.output, "PASS  data\\.store_reopen ")) << run.output;
  EXPECT_TRUE(Matches(run.output, "\\n1 passed, 1 failed\\n")) << run.output;
  EXPECT_LT(seconds, 30) << "the hung check was not stopped by --timeout";
  EXPECT_TRUE(fs::is_empty(tmp)) << "left behind in " << tmp;

  const ProcessResult bad = RunKvbench({"conformance", "memory", "--timeout", "0"});
  EXPECT_EQ(bad.exit_code, 2) << bad.output;
  EXPECT_NE(bad.output.find("option --timeout expects a positive integer"), std::string::npos) << bad.output;
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
