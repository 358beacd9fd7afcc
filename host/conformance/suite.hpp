// The conformance suite: the list of named checks and the runner that gives each a fresh data directory.
// Used by `kvbench conformance PLUGIN.so` (host/cli/cmd_conformance.cc) and by tests/conformance/.
#ifndef KVBENCH_HOST_CONFORMANCE_SUITE_HPP_
#define KVBENCH_HOST_CONFORMANCE_SUITE_HPP_

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "conformance/check.hpp"
#include "plugin/plugin_library.hpp"

namespace kvbench::conformance {

// Every check, in run order. Names are unique and stable.
const std::vector<Check>& AllChecks();

// The checks whose name contains `filter` (all of them when it is empty), in run order.
std::vector<const Check*> SelectChecks(std::string_view filter);

struct CheckResult {
  std::string name;
  Verdict verdict = Verdict::kFail;
  std::string message;
  double seconds = 0;
};

// Runs one check against a loaded plugin in a fresh temporary directory, removed afterwards: in `temp_root` when
// given, else in $TMPDIR (or /tmp). A check that throws (host-side bug) fails with the exception's text.
CheckResult RunCheck(const Check& check, const std::shared_ptr<const host::PluginLibrary>& plugin,
                     const std::string& temp_root = "");

struct SuiteSummary {
  int passed = 0;
  int failed = 0;
  int skipped = 0;
};
SuiteSummary Summarize(const std::vector<CheckResult>& results);

}  // namespace kvbench::conformance

#endif  // KVBENCH_HOST_CONFORMANCE_SUITE_HPP_
