// kvbench validate CONFIG: the checks of 'kvbench run' without running anything. The config is parsed strictly
// (config/config_parser.hpp) and every engine's plugin is loaded and opened on an empty temporary directory so
// that it checks its own settings (runner/plugin_check.hpp). Prints "OK: <summary>" and exits 0, or the first
// problem and exits 2.
#include <csignal>
#include <cstdio>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "config/config_parser.hpp"
#include "config/overrides.hpp"
#include "plugin/plugin_library.hpp"
#include "runner/config_summary.hpp"
#include "runner/plugin_check.hpp"

namespace kvbench::cli {

int ValidateCommand(const CommandArgs& argv) {
  Args args(argv, {"plugin-dir", "engine", "profiles", "parallelism"}, {"no-plugins"}, {"engine"});
  if (args.positionals().size() != 1) throw UsageError("expected exactly one CONFIG.json");
  config::RunConfig config = config::LoadRunConfig(args.positionals()[0]);
  config::ApplyOverrides({.profiles = args.positive_integer("profiles"), .engines = args.values("engine"),
                          .parallelism = args.value("parallelism")}, &config);
  std::vector<runner::CheckedPlugin> plugins;
  if (!args.flag("no-plugins")) {
    std::signal(SIGPIPE, SIG_IGN);
    const Status s =
        runner::CheckPlugins(config, args.value("plugin-dir").value_or(host::DefaultPluginDir()), "", &plugins);
    if (!s.ok()) {
      std::fprintf(stderr, "kvbench validate: %s: %s\n", args.positionals()[0].c_str(), s.message().c_str());
      return 2;
    }
  }
  std::printf("OK: %s\n", runner::SummarizeConfig(config, plugins).c_str());
  return 0;
}

}  // namespace kvbench::cli
