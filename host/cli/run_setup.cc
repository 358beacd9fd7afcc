#include "cli/run_setup.hpp"

#include <csignal>
#include <cstdio>

#include "config/config_error.hpp"
#include "config/config_parser.hpp"
#include "config/overrides.hpp"
#include "plugin/plugin_library.hpp"
#include "runner/out_dir.hpp"

namespace kvbench::cli {

int PrepareRun(const Args& args, const char* command, const std::string& default_out, runner::OutputKind kind,
               RunSetup* setup) {
  if (args.positionals().size() != 1) throw UsageError("expected exactly one CONFIG.json");
  setup->config_path = args.positionals()[0];
  setup->config = config::LoadRunConfig(setup->config_path);
  config::ApplyOverrides({.profiles = args.positive_integer("profiles"), .engines = args.values("engine"),
                          .parallelism = args.value("parallelism")},
                         &setup->config);
  if (kind == runner::OutputKind::kCrashtest && setup->config.workload.is_kv()) {
    throw config::ConfigError(setup->config_path +
                              ": workload.kind: crashtest runs the profiles workload, not \"kv\" (use kvbench run)");
  }
  // A worker that dies while we write its request must not take us down with it.
  std::signal(SIGPIPE, SIG_IGN);
  Status s = runner::CheckPlugins(setup->config, args.value("plugin-dir").value_or(host::DefaultPluginDir()), "",
                                  &setup->plugins);
  if (!s.ok()) {
    std::fprintf(stderr, "kvbench %s: %s: %s\n", command, setup->config_path.c_str(), s.message().c_str());
    return 2;
  }
  setup->out_dir = args.value("out").value_or(default_out);
  s = runner::PrepareOutDir(setup->out_dir, kind);
  if (s.ok()) s = setup->out_lock.Acquire(setup->out_dir);
  if (s.ok()) s = runner::CheckEngineDataDirs(setup->out_dir, setup->config.engines);
  if (!s.ok()) {
    std::fprintf(stderr, "kvbench %s: %s\n", command, s.message().c_str());
    return 2;
  }
  return 0;
}

}  // namespace kvbench::cli
