// kvbench run CONFIG [--out DIR] [--engine NAME]... [--profiles N] [--plugin-dir DIR] [--keep-data] [--no-report]
// Refuses a bad config, a plugin that does not load or rejects its settings, and an unusable --out directory with
// exit status 2 before anything runs (and before any file in --out is touched). Otherwise runs every engine in
// its own worker process, writes OUT/results.json and the report, and exits 0 when every engine completed and the
// checksums agree, 1 otherwise. SIGINT or SIGTERM stops it: results.json and the report are written for the
// engines that ran (runner/stop_signals.hpp) and the process ends by that signal.
#include <spdlog/spdlog.h>

#include <cstdio>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/run_setup.hpp"
#include "runner/config_summary.hpp"
#include "runner/engine_result.hpp"
#include "runner/runner.hpp"
#include "runner/stop_signals.hpp"

namespace kvbench::cli {

int RunCommand(const CommandArgs& argv) {
  Args args(argv, {"out", "engine", "profiles", "plugin-dir"}, {"keep-data", "no-report"}, {"engine"});
  RunSetup setup;
  if (int rc = PrepareRun(args, "run", "results/latest", runner::OutputKind::kRun, &setup); rc != 0) return rc;
  const config::RunConfig& config = setup.config;
  const std::vector<runner::CheckedPlugin>& plugins = setup.plugins;
  const std::string& out = setup.out_dir;
  spdlog::info("{}", runner::SummarizeConfig(config, plugins));
  runner::RunSummary summary;
  Status s = runner::RunEngines(
      config, plugins,
      {.out_dir = out, .executable = "", .keep_data = args.flag("keep-data"), .write_report = !args.flag("no-report")},
      &summary);
  if (summary.interrupted_by != 0) {
    // Ended by the signal that stopped it, as a program that cleaned up after SIGINT should: a script stops too.
    spdlog::default_logger()->flush();
    const std::string signal = runner::SignalName(summary.interrupted_by);
    if (s.ok()) {
      std::fprintf(stderr, "kvbench run: interrupted by %s: the results of %zu of %zu engines are in %s%s\n",
                   signal.c_str(), summary.engines_run, config.engines.size(), summary.results_path.c_str(),
                   summary.report_written ? " (the report beside it)" : "");
    } else {
      std::fprintf(stderr, "kvbench run: interrupted by %s, and the results could not be written: %s\n", signal.c_str(),
                   s.message().c_str());
    }
    runner::ExitBySignal(summary.interrupted_by);
  }
  if (!s.ok()) {
    std::fprintf(stderr, "kvbench run: %s\n", s.message().c_str());
    return 1;
  }
  const bool report_ok = args.flag("no-report") || summary.report_written;
  return summary.all_completed && summary.correctness_passed && report_ok ? 0 : 1;
}

}  // namespace kvbench::cli
