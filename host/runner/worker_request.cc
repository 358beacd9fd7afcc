#include "runner/worker_request.hpp"

#include <exception>

#include "config/config_parser.hpp"

namespace kvbench::runner {

nlohmann::json WorkerRequest::ToJson() const {
  return {{"mode", mode == Mode::kRun ? "run" : "check"},
          {"config", config.ToJson()},
          {"engine_index", engine_index},
          {"plugin_path", plugin_path},
          {"data_dir", data_dir},
          {"progress_interval_ms", progress_interval_ms}};
}

Status WorkerRequest::FromJson(const nlohmann::json& json, WorkerRequest* out) {
  try {
    const std::string mode = json.at("mode").get<std::string>();
    if (mode != "run" && mode != "check") return Status::InvalidArgument("worker request: unknown mode " + mode);
    out->mode = mode == "run" ? Mode::kRun : Mode::kCheck;
    out->config = config::ParseRunConfig(json.at("config").dump(), "worker request");
    out->engine_index = json.at("engine_index").get<size_t>();
    out->plugin_path = json.at("plugin_path").get<std::string>();
    out->data_dir = json.at("data_dir").get<std::string>();
    out->progress_interval_ms = json.at("progress_interval_ms").get<uint32_t>();
  } catch (const std::exception& e) {
    return Status::InvalidArgument(std::string("worker request: ") + e.what());
  }
  if (out->engine_index >= out->config.engines.size()) {
    return Status::InvalidArgument("worker request: engine_index out of range");
  }
  return Status::OK();
}

}  // namespace kvbench::runner
