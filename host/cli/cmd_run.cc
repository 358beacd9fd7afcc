// kvbench run CONFIG [--out DIR] [--engine NAME]... [--profiles N] [--parallelism P[,P...]] [--plugin-dir DIR]
//             [--reference ENGINE|none]
//             [--keep-data] [--no-report]
// Refuses a bad config, a plugin that does not load or rejects its settings, and an unusable --out directory with
// exit status 2 before anything runs (and before any file in --out is touched). Otherwise runs every engine in
// its own worker process, writes OUT/results.json and the report, and exits 0 when every engine completed and the
// checksums are right (against the reference runner/reference_run.hpp decides; --reference names one of the
// config's engines, a plugin to run as the reference, or none), 1 otherwise. SIGINT or SIGTERM stops it: results.json
// and the report are written for the engines that ran (runner/stop_signals.hpp) and the process ends by that signal.
#include <spdlog/spdlog.h>

#include <cstdio>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/run_setup.hpp"
#include "plugin/plugin_library.hpp"
#include "runner/config_summary.hpp"
#include "runner/engine_result.hpp"
#include "runner/runner.hpp"
#include "runner/stop_signals.hpp"

namespace kvbench::cli {
namespace {

// --reference as given: "none", an engine of the config, or a plugin (name or path) that loads. 0, or 2 after
// printing why not.
int ParseReference(const Args& args, const RunSetup& setup, runner::ReferenceChoice* choice) {
  const std::string plugin_dir = args.value("plugin-dir").value_or(host::DefaultPluginDir());
  const std::optional<std::string> value = args.value("reference");
  choice->plugin_path = host::ResolvePluginPath(runner::kReferencePlugin, plugin_dir);
  if (!value) return 0;
  if (*value == "none") {
    choice->mode = runner::ReferenceChoice::Mode::kNone;
    return 0;
  }
  choice->name = *value;
  for (const config::EngineSpec& engine : setup.config.engines) {
    if (engine.name == *value) {
      choice->mode = runner::ReferenceChoice::Mode::kRunEngine;
      return 0;
    }
  }
  choice->mode = runner::ReferenceChoice::Mode::kExtraEngine;
  choice->plugin_path = host::ResolvePluginPath(*value, plugin_dir);
  nlohmann::json plugin;
  Status s = runner::ProbePlugin(choice->plugin_path, "", runner::PluginLoadTimeoutSeconds(), &plugin);
  if (!s.ok()) {
    std::fprintf(stderr, "kvbench run: --reference %s: not an engine of the config, and not a plugin that loads: %s\n",
                 value->c_str(), s.message().c_str());
    return 2;
  }
  return 0;
}

}  // namespace

int RunCommand(const CommandArgs& argv) {
  Args args(argv, {"out", "engine", "profiles", "parallelism", "plugin-dir", "reference"}, {"keep-data", "no-report"}, {"engine"});
  RunSetup setup;
  if (int rc = PrepareRun(args, "run", "results/latest", runner::OutputKind::kRun, &setup); rc != 0) return rc;
  runner::ReferenceChoice reference;
  if (int rc = ParseReference(args, setup, &reference); rc != 0) return rc;
  const config::RunConfig& config = setup.config;
  const std::vector<runner::CheckedPlugin>& plugins = setup.plugins;
  const std::string& out = setup.out_dir;
  spdlog::info("{}", runner::SummarizeConfig(config, plugins));
  runner::RunSummary summary;
  Status s = runner::RunEngines(config, plugins,
                                {.out_dir = out,
                                 .executable = "",
                                 .keep_data = args.flag("keep-data"),
                                 .write_report = !args.flag("no-report"),
                                 .reference = reference},
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
