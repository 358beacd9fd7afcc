#include "runner/plugin_check.hpp"

#include <stdlib.h>

#include <filesystem>

#include "plugin/plugin_library.hpp"
#include "runner/engine_result.hpp"
#include "runner/supervisor.hpp"

namespace kvbench::runner {
namespace {

constexpr int64_t kCheckTimeoutSeconds = 60;

}  // namespace

Status CheckPlugins(const config::RunConfig& config, const std::string& plugin_dir, const std::string& executable,
                    std::vector<CheckedPlugin>* out) {
  namespace fs = std::filesystem;
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
    std::string dir_template = (fs::temp_directory_path(ec) / "kvbench-check-XXXXXX").string();
    if (::mkdtemp(dir_template.data()) == nullptr) {
      return Status::IOError("cannot create a temporary directory for the plugin check");
    }
    WorkerRequest request;
    request.mode = WorkerRequest::Mode::kCheck;
    request.config = config;
    request.engine_index = i;
    request.plugin_path = checked.path;
    request.data_dir = dir_template;
    request.progress_interval_ms = 0;
    EngineResult result(engine);
    SuperviseWorker(
        request, {.executable = executable, .timeout_seconds = kCheckTimeoutSeconds, .on_event = {}, .stop_signal = {}},
        &result);
    fs::remove_all(dir_template, ec);
    if (result.status() != kCompleted) {
      const nlohmann::json r = result.ToJson();
      const std::string at = r["interrupted_phase"].is_string() ? r["interrupted_phase"].get<std::string>() : "";
      const std::string member = at == "load plugin" ? ".plugin" : at == "open" ? ".settings/durability" : "";
      return Status::InvalidArgument(where + member + ": " + result.error());
    }
    checked.plugin = result.plugin();
    checked.settings = result.ToJson()["settings"];
    out->push_back(std::move(checked));
  }
  return Status::OK();
}

}  // namespace kvbench::runner
