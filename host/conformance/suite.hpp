// The conformance suite: the list of named checks and the runner that gives each a fresh data directory.
// Used by `kvbench conformance PLUGIN.so` (host/cli/cmd_conformance.cc) and by tests/conformance/.
#ifndef KVBENCH_HOST_CONFORMANCE_SUITE_HPP_
#define KVBENCH_HOST_CONFORMANCE_SUITE_HPP_

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "common/temp_dir.hpp"
#include "conformance/check.hpp"
#include "plugin/plugin_library.hpp"

namespace kvbench::conformance {

// Every check, in run order. Names are unique and stable.
const std::vector<Check>& AllChecks();

// The check named `name`, nullptr when there is none.
const Check* FindCheck(std::string_view name);

// The checks whose name contains `filter` (all of them when it is empty), in run order.
std::vector<const Check*> SelectChecks(std::string_view filter);

// Whether `check` opens an engine: every check but the load group's (load.*), which look at the table only.
bool NeedsOpenEngine(const Check& check);

struct CheckResult {
  std::string name;
  Verdict verdict = Verdict::kFail;
  std::string message;
  double seconds = 0;
  // Set by RunCheckInProcess when the check's process timed out: the ABI call it was in ("engine_open", "get (store
  // 'a')"), "" when unknown. Not in the JSON.
  std::string timed_out_in;
};

// Runs one check against a loaded plugin in a fresh temporary directory, removed afterwards: in `temp_root` when
// given, else in $TMPDIR (or /tmp). A check that throws (host-side bug) fails with the exception's text.
CheckResult RunCheck(const Check& check, const std::shared_ptr<const host::PluginLibrary>& plugin,
                     const std::string& temp_root = "");

// RunCheck's part inside the check's area: `area` exists and is empty; the check's data directory is area/data.
// The caller removes `area` (the parent process, when the check runs in a worker: check_process.hpp).
CheckResult RunCheckIn(const Check& check, const std::shared_ptr<const host::PluginLibrary>& plugin,
                       const std::string& area);

// Removes a check's area; a check that did not fail fails when its area cannot be removed.
void RemoveCheckArea(TempDir* area, CheckResult* result);

// {"name", "result": "pass"|"fail"|"skip", "message", "seconds"}: `kvbench conformance --json` and the worker's
// "check" event.
nlohmann::json CheckResultToJson(const CheckResult& result);
CheckResult CheckResultFromJson(const nlohmann::json& json);

struct SuiteSummary {
  int passed = 0;
  int failed = 0;
  int skipped = 0;
};
SuiteSummary Summarize(const std::vector<CheckResult>& results);

}  // namespace kvbench::conformance

#endif  // KVBENCH_HOST_CONFORMANCE_SUITE_HPP_
