// `kvbench conformance` run as a plugin author runs it, where things go wrong around the checks rather than in
// them: whatever happens, the answer is a report or one clear message with a non-zero exit status.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "kvbench_process.hpp"

namespace kvbench::testing {
namespace {

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
