// What `kvbench run` and `kvbench crashtest` do before anything runs: load and check the config, apply the
// command-line overrides, load every plugin and have it check its settings, and prepare the output directory.
#ifndef KVBENCH_HOST_CLI_RUN_SETUP_HPP_
#define KVBENCH_HOST_CLI_RUN_SETUP_HPP_

#include <string>
#include <vector>

#include "cli/args.hpp"
#include "config/run_config.hpp"
#include "runner/out_dir.hpp"
#include "runner/out_dir_lock.hpp"
#include "runner/plugin_check.hpp"

namespace kvbench::cli {

struct RunSetup {
  std::string config_path;
  config::RunConfig config;
  std::vector<runner::CheckedPlugin> plugins;
  std::string out_dir;
  runner::OutDirLock out_lock;  // held until the command ends
};

// Reads CONFIG (the one positional argument) with --profiles, --engine, --plugin-dir and --out (default
// `default_out`; checked for the files `kind` writes there). Returns 0 with *setup filled, or 2 after printing one
// line to stderr naming `command` and what is wrong (nothing in the out directory touched). Throws UsageError /
// ConfigError like the rest of the CLI.
int PrepareRun(const Args& args, const char* command, const std::string& default_out, runner::OutputKind kind,
               RunSetup* setup);

}  // namespace kvbench::cli

#endif  // KVBENCH_HOST_CLI_RUN_SETUP_HPP_
