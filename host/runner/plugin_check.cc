#include "runner/plugin_check.hpp"

#include <algorithm>

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>

#include "common/temp_dir.hpp"
#include "plugin/plugin_library.hpp"
#include "runner/engine_result.hpp"
#include "runner/engine_worker.hpp"
#include "runner/stop_signals.hpp"
#include "runner/supervisor.hpp"

namespace kvbench::runner {
namespace {

std::optional<int64_t> ParseTimeout(const char* text) {
  if (text == nullptr || *text == '\0') return std::nullopt;
  int64_t value = 0;
  const char* end = text + std::strlen(text);
  const auto [ptr, ec] = std::from_chars(text, end, value);
  if (ec != std::errc() || ptr != end || value < 1) return std::nullopt;
  return value;
}

// "(KVBENCH_LOAD_TIMEOUT=N)" when set, else "(the default; KVBENCH_LOAD_TIMEOUT sets it)".
std::string TimeoutOrigin() {
  return std::getenv(kPluginLoadTimeoutVariable) != nullptr
             ? std::string("(") + kPluginLoadTimeoutVariable + ")"
             : std::string("(the default; ") + kPluginLoadTimeoutVariable + " sets it)";
}

// The settings check's steps, as the user knows them.
std::string CheckStepCall(const std::string& step) {
  if (step == kStepOpen) return "engine_open, on an empty directory to check its settings,";
  if (step == kStepClose) return "engine_close, after the settings check,";
  return "'" + step + "'";
}

}  // namespace

int64_t PluginLoadTimeoutSeconds() {
  return ParseTimeout(std::getenv(kPluginLoadTimeoutVariable)).value_or(kDefaultPluginLoadTimeoutSeconds);
}

bool CheckPluginLoadTimeoutSetting(std::string* error) {
  const char* text = std::getenv(kPluginLoadTimeoutVariable);
  if (text == nullptr || ParseTimeout(text)) return true;
  *error = std::string(kPluginLoadTimeoutVariable) + "='" + text + "': expected a whole number of seconds, at least 1";
  return false;
}

std::string LoadFailure(const EngineResult& result, const std::string& path, int64_t timeout_seconds) {
  if (result.interrupted_phase() != kStepLoadPlugin) return "";
  if (result.finished()) return result.error();  // the loader's own message, which names the file
  const std::string prefix = "plugin " + path + ": ";
  if (result.status() == kCrashed) return prefix + "killed by " + result.signal() + " while loading";
  if (result.status() == kTimedOut) {
    return prefix + "timed out while loading the plugin after " + std::to_string(timeout_seconds) + " s " +
           TimeoutOrigin() + "; the loading process was killed";
  }
  return prefix + result.error();
}

namespace {

// Several workers call a plugin's data functions at once (docs/profile-workload-parallel.md §3): only a plugin that
// declares KVB_CAP_CONCURRENT_DATA_CALLS may take them. Serializing its calls instead would measure a lock, not the
// engine under concurrent clients, so it is refused.
Status CheckConcurrency(const config::RunConfig& config, const std::string& where, const CheckedPlugin& checked) {
  if (config.workload.is_kv()) return Status::OK();
  int32_t most = 1;
  for (int32_t p : config.workload.parallelism) most = std::max(most, p);
  if (most == 1) return Status::OK();
  const nlohmann::json& caps = checked.plugin.value("capabilities", nlohmann::json::array());
  if (std::find(caps.begin(), caps.end(), "concurrent") != caps.end()) return Status::OK();
  return Status::InvalidArgument(where + ": plugin " + checked.plugin.value("name", checked.path) +
                                 " does not declare concurrent data calls (KVB_CAP_CONCURRENT_DATA_CALLS), so it "
                                 "cannot run workload.parallelism " + std::to_string(most) +
                                 " (several workers calling it at once); run it at parallelism 1");
}

}  // namespace

Status CheckPlugins(const config::RunConfig& config, const std::string& plugin_dir, const std::string& executable,
                    std::vector<CheckedPlugin>* out) {
  namespace fs = std::filesystem;
  const StopSignalScope stop_signals;  // a stop while a plugin is checked removes its temporary directory first
  out->clear();
  for (size_t i = 0; i < config.engines.size(); ++i) {
    const config::EngineSpec& engine = config.engines[i];
    const std::string where = "engines[" + std::to_string(i) + "] (" + engine.name + ")";
    CheckedPlugin checked;
    checked.path = host::ResolvePluginPath(engine.plugin, plugin_dir);
    std::error_code ec;
    if (!fs::is_regular_file(checked.path, ec)) {
      return Status::InvalidArgument(where + ".plugin: no plugin '" + engine.plugin + "' (looked for " + checked.path +
                                     ")");
    }
    TempDir area;  // the empty data directory the plugin opens on, removed after the check
    if (Status s = TempDir::Create("kvbench-check-", &area); !s.ok()) return s;
    WorkerRequest request;
    request.mode = WorkerRequest::Mode::kCheck;
    request.config = config;
    request.engine_index = i;
    request.plugin_path = checked.path;
    request.data_dir = area.path();
    request.progress_interval_ms = 0;
    EngineResult result(engine);
    const int64_t timeout_seconds = PluginLoadTimeoutSeconds();
    SuperviseWorker(request,
                    {.executable = executable,
                     .timeout_seconds = timeout_seconds,
                     .on_event = {},
                     .stop_signal = StopSignal},
                    &result);
    area.Remove();
    if (const int stop = StopSignal(); stop != 0) {
      std::fprintf(stderr, "kvbench: interrupted by %s while checking the plugin of %s: nothing ran\n",
                   SignalName(stop).c_str(), where.c_str());
      ExitBySignal(stop);
    }
    if (result.status() != kCompleted) {
      const std::string load_failure = LoadFailure(result, checked.path, timeout_seconds);
      if (!load_failure.empty()) return Status::InvalidArgument(where + ".plugin: " + load_failure);
      const bool opening = result.interrupted_phase() == kStepOpen;
      if (result.status() == kTimedOut) {
        return Status::InvalidArgument(where + (opening ? ".settings/durability" : "") + ": plugin " + checked.path +
                                       ": timed out while loading the plugin after " + std::to_string(timeout_seconds) +
                                       " s " + TimeoutOrigin() + ": " + CheckStepCall(result.interrupted_phase()) +
                                       " did not return");
      }
      return Status::InvalidArgument(where + (opening ? ".settings/durability" : "") + ": " + result.error());
    }
    checked.plugin = result.plugin();
    checked.settings = result.ToJson()["settings"];
    if (Status s = CheckConcurrency(config, where, checked); !s.ok()) return s;
    out->push_back(std::move(checked));
  }
  return Status::OK();
}

Status ProbePlugin(const std::string& path, const std::string& executable, int64_t timeout_seconds,
                   nlohmann::json* plugin) {
  WorkerRequest request;
  request.mode = WorkerRequest::Mode::kLoad;
  request.plugin_path = path;
  config::EngineSpec spec;
  spec.name = path;
  EngineResult result(spec);
  std::string description;
  const auto on_event = [&](const nlohmann::json& event) {
    if (event.value("event", "") == "loaded") description = event.value("description", "");
  };
  SuperviseWorker(
      request, {.executable = executable, .timeout_seconds = timeout_seconds, .on_event = on_event, .stop_signal = {}},
      &result);
  if (result.status() != kCompleted) {
    const std::string load_failure = LoadFailure(result, path, timeout_seconds);
    return Status::InvalidArgument(load_failure.empty() ? "plugin " + path + ": " + result.error() : load_failure);
  }
  *plugin = result.plugin();
  const auto is_string = [&](const char* member) { return plugin->contains(member) && (*plugin)[member].is_string(); };
  if (!plugin->is_object() || !is_string("name") || !is_string("version") || !is_string("abi") ||
      !plugin->contains("capabilities") || !(*plugin)["capabilities"].is_array()) {
    return Status::InvalidArgument("plugin " + path + ": its loading process reported a malformed description");
  }
  (*plugin)["description"] = description;
  return Status::OK();
}

}  // namespace kvbench::runner
