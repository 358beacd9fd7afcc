// kvbench run CONFIG [--out DIR] [--engine NAME]... [--profiles N] [--plugin-dir DIR] [--keep-data] [--no-report]
// Refuses a bad config, a plugin that does not load or rejects its settings, and an unusable --out directory with
// exit status 2 before anything runs (and before any file in --out is touched). Otherwise runs every engine in
// its own worker process, writes OUT/results.json and the report, and exits 0 when every engine completed and the
// checksums agree, 1 otherwise.
#include <spdlog/spdlog.h>

#include <csignal>
#include <cstdio>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "config/config_parser.hpp"
#include "config/overrides.hpp"
#include "plugin/plugin_library.hpp"
#include "runner/config_summary.hpp"
#include "runner/out_dir.hpp"
#include "runner/plugin_check.hpp"
#include "runner/runner.hpp"

namespace kvbench::cli {

int RunCommand(const CommandArgs& argv) {
  Args args(argv, {"out", "engine", "profiles", "plugin-dir"}, {"keep-data", "no-report"});
  if (args.positionals().size() != 1) throw UsageError("expected exactly one CONFIG.json");
  const std::string& config_path = args.positionals()[0];
  config::RunConfig config = config::LoadRunConfig(config_path);
  config::ApplyOverrides({.profiles = args.positive_integer("profiles"), .engines = args.values("engine")}, &config);
  // A worker that dies while we write its request must not take us down with it.
  std::signal(SIGPIPE, SIG_IGN);
  std::vector<runner::CheckedPlugin> plugins;
  Status s = runner::CheckPlugins(config, args.value("plugin-dir").value_or(host::DefaultPluginDir()), "", &plugins);
  if (!s.ok()) {
    std::fprintf(stderr, "kvbench run: %s: %s\n", config_path.c_str(), s.message().c_str());
    return 2;
  }
  const std::string out = args.value("out").value_or("results/latest");
  s = runner::PrepareOutDir(out);
  if (!s.ok()) {
    std::fprintf(stderr, "kvbench run: %s\n", s.message().c_str());
    return 2;
  }
  spdlog::info("{}", runner::SummarizeConfig(config, plugins));
  runner::RunSummary summary;
  s = runner::RunEngines(
      config, plugins,
      {.out_dir = out, .executable = "", .keep_data = args.flag("keep-data"), .write_report = !args.flag("no-report")},
      &summary);
  if (!s.ok()) {
    std::fprintf(stderr, "kvbench run: %s\n", s.message().c_str());
    return 1;
  }
  const bool report_ok = args.flag("no-report") || summary.report_written;
  return summary.all_completed && summary.correctness_passed && report_ok ? 0 : 1;
}

}  // namespace kvbench::cli
