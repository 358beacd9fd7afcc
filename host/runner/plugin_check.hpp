// Before anything runs: every engine's plugin must load and accept its settings. Each check runs in a worker
// process (mode "check": load, open on an empty temporary directory with the engine's settings and durability,
// describe, close), so a plugin that crashes while loading cannot take the host down. ProbePlugin does the loading
// alone (mode "load") for the commands that look at a plugin without a config (plugins, conformance).
#ifndef KVBENCH_HOST_RUNNER_PLUGIN_CHECK_HPP_
#define KVBENCH_HOST_RUNNER_PLUGIN_CHECK_HPP_

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "common/status.hpp"
#include "config/run_config.hpp"
#include "runner/engine_result.hpp"

namespace kvbench::runner {

struct CheckedPlugin {
  std::string path;         // resolved .so
  nlohmann::json plugin;    // {name, version, abi, path, capabilities}
  nlohmann::json settings;  // effective settings the plugin reported
};

// InvalidArgument naming the engine ("engines[1] (RocksDB)") and the loader's or the plugin's message.
// `executable`: the kvbench binary to start the check workers from ("" = this process). SIGINT, SIGTERM or SIGHUP
// during the check stops the check worker, removes its temporary data directory and ends the process by that
// signal (runner/stop_signals.hpp): nothing has run yet.
Status CheckPlugins(const config::RunConfig& config, const std::string& plugin_dir, const std::string& executable,
                    std::vector<CheckedPlugin>* out);

// How long a plugin may take to load, and for `run`, `validate` and `crashtest` also to open on an empty directory
// and close again (the settings check), before its worker is killed: kDefaultPluginLoadTimeoutSeconds, or
// $KVBENCH_LOAD_TIMEOUT (whole seconds, at least 1).
inline constexpr int64_t kDefaultPluginLoadTimeoutSeconds = 60;
inline constexpr const char* kPluginLoadTimeoutVariable = "KVBENCH_LOAD_TIMEOUT";
int64_t PluginLoadTimeoutSeconds();
// False, with *error naming the value, when $KVBENCH_LOAD_TIMEOUT is set to something else than a positive integer.
bool CheckPluginLoadTimeoutSetting(std::string* error);

// How a worker (of any mode) that had not finished loading its plugin ended, said the way the loader says it:
// "plugin PATH: killed by SIGBUS while loading", the loader's own message, "timed out while loading the plugin
// after N s". "" when the worker got past loading.
std::string LoadFailure(const EngineResult& result, const std::string& path, int64_t timeout_seconds);

// Loads the plugin at `path` in a worker process, and nothing more. OK with *plugin = {name, version, abi, path,
// capabilities, description}, or InvalidArgument "plugin PATH: why": the loader's message, or how the loading
// process ended ("killed by SIGBUS while loading": a truncated file, or a static constructor that crashes).
// `executable`: the kvbench binary to start the worker from ("" = this process).
Status ProbePlugin(const std::string& path, const std::string& executable, int64_t timeout_seconds,
                   nlohmann::json* plugin);

}  // namespace kvbench::runner

#endif  // KVBENCH_HOST_RUNNER_PLUGIN_CHECK_HPP_
