#include "runner/plugin_check.hpp"

#include <cstdio>
#include <filesystem>

#include "common/temp_dir.hpp"
#include "plugin/plugin_library.hpp"
#include "runner/engine_result.hpp"
#include "runner/engine_worker.hpp"
#include "runner/stop_signals.hpp"
#include "runner/supervisor.hpp"

namespace kvbench::runner {
namespace {

constexpr int64_t kCheckTimeoutSeconds = 60;

}  // namespace

std::string LoadFailure(const EngineResult& result, const std::string& path, int64_t timeout_seconds) {
  if (result.interrupted_phase() != kStepLoadPlugin) return "";
  if (result.finished()) return result.error();  // the loader's own message, which names the file
  const std::string prefix = "plugin " + path + ": ";
  if (result.status() == kCrashed) return prefix + "killed by " + result.signal() + " while loading";
  if (result.status() == kTimedOut) {
    return prefix + "still loading after " + std::to_string(timeout_seconds) + " s (the loading process was killed)";
  }
  return prefix + result.error();
}

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
    SuperviseWorker(request,
                    {.executable = executable,
                     .timeout_seconds = kCheckTimeoutSeconds,
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
      const std::string load_failure = LoadFailure(result, checked.path, kCheckTimeoutSeconds);
      if (!load_failure.empty()) return Status::InvalidArgument(where + ".plugin: " + load_failure);
      const bool opening = result.interrupted_phase() == kStepOpen;
      return Status::InvalidArgument(where + (opening ? ".settings/durability" : "") + ": " + result.error());
    }
    checked.plugin = result.plugin();
    checked.settings = result.ToJson()["settings"];
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
