// kvbench conformance PLUGIN.so [--filter SUBSTR] [--json] [--plugin-dir DIR] [--timeout SECONDS]: runs the ABI
// conformance checks (host/conformance/) against one plugin, one line per check and a summary. The plugin is
// loaded in a worker process first, then every check runs in a worker process of its own
// (conformance/check_process.hpp), killed after --timeout seconds (default 60): a plugin that crashes or hangs in
// a check fails that check, naming the signal or the timeout and the ABI call it was in, and the others still run;
// once engine_open has timed out, the later checks that open an engine are reported "not run" instead of each
// waiting its own timeout. Exit status: 0 when every selected check passes (skips are fine), 1 when any fails, 2 when
// the plugin cannot be loaded, no temporary directory can be created or the arguments are wrong.
#include <csignal>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "common/temp_dir.hpp"
#include "conformance/check_process.hpp"
#include "conformance/suite.hpp"
#include "plugin/plugin_library.hpp"
#include "runner/plugin_check.hpp"

namespace kvbench::cli {

int ConformanceCommand(const CommandArgs& argv) {
  Args args(argv, {"filter", "plugin-dir", "timeout"}, {"json"});
  if (args.positionals().size() != 1) throw UsageError("expected exactly one plugin (a .so path or a plugin name)");
  const std::string path =
      host::ResolvePluginPath(args.positionals()[0], args.value("plugin-dir").value_or(host::DefaultPluginDir()));
  const std::string filter = args.value("filter").value_or("");
  const bool json = args.flag("json");
  const conformance::CheckProcessOptions options = {
      .executable = "",
      .timeout_seconds = args.positive_integer("timeout", kMaxTimeoutSeconds).value_or(conformance::kDefaultCheckTimeoutSeconds)};

  // Never loaded in this process: a plugin that crashes while loading (a truncated file: SIGBUS) is refused with
  // a message instead of taking kvbench down with it.
  std::signal(SIGPIPE, SIG_IGN);
  nlohmann::json plugin;
  Status s = runner::ProbePlugin(path, options.executable, options.timeout_seconds, &plugin);
  // Every check's data directory lives in this one, removed at the end: when none can be created (a TMPDIR that
  // does not exist or is not writable), that is the one thing to say, not a failure of every check.
  TempDir temp_root;
  if (s.ok()) s = TempDir::Create("kvbench-conformance-", &temp_root);
  if (!s.ok()) {
    std::fprintf(stderr, "kvbench conformance: %s\n", s.message().c_str());
    if (json) std::printf("%s\n", nlohmann::json{{"plugin", path}, {"error", s.message()}}.dump(2).c_str());
    return 2;
  }
  const std::vector<const conformance::Check*> checks = conformance::SelectChecks(filter);
  if (checks.empty()) {
    std::fprintf(stderr, "kvbench conformance: no check name contains '%s'\n", filter.c_str());
    return 2;
  }
  const std::string name = plugin["name"], version = plugin["version"], abi = plugin["abi"];
  if (!json)
    std::printf("conformance of %s %s (ABI %s) from %s\n", name.c_str(), version.c_str(), abi.c_str(), path.c_str());
  std::vector<conformance::CheckResult> results;
  std::string open_hung_in;  // the check in which engine_open timed out: the later checks that open are not run
  for (const conformance::Check* check : checks) {
    if (!open_hung_in.empty() && conformance::NeedsOpenEngine(*check)) {
      results.push_back({.name = check->name,
                         .verdict = conformance::Verdict::kFail,
                         .message = "not run: engine_open timed out in check " + open_hung_in,
                         .seconds = 0,
                         .timed_out_in = ""});
    } else {
      results.push_back(conformance::RunCheckInProcess(*check, path, temp_root.path(), options));
      if (results.back().timed_out_in.rfind("engine_open", 0) == 0) open_hung_in = check->name;
    }
    const conformance::CheckResult& r = results.back();
    if (!json) {
      std::printf("%s  %-32s %s\n", conformance::VerdictName(r.verdict), r.name.c_str(), r.message.c_str());
      std::fflush(stdout);
    }
  }
  const conformance::SuiteSummary sum = conformance::Summarize(results);
  if (json) {
    nlohmann::json out = {{"plugin", path},
                          {"name", name},
                          {"version", version},
                          {"abi", abi},
                          {"capabilities", plugin["capabilities"]},
                          {"passed", sum.passed},
                          {"failed", sum.failed},
                          {"skipped", sum.skipped},
                          {"checks", nlohmann::json::array()}};
    for (const conformance::CheckResult& r : results) out["checks"].push_back(conformance::CheckResultToJson(r));
    std::printf("%s\n", out.dump(2).c_str());
  } else {
    std::printf("%d passed, %d failed", sum.passed, sum.failed);
    if (sum.skipped > 0) std::printf(" (%d skipped: not applicable to this plugin)", sum.skipped);
    std::printf("\n");
  }
  return sum.failed == 0 ? 0 : 1;
}

}  // namespace kvbench::cli
