#include "runner/worker_request.hpp"

#include <exception>

#include "config/config_parser.hpp"

namespace kvbench::runner {
namespace {

const char* ModeName(WorkerRequest::Mode mode) {
  switch (mode) {
    case WorkerRequest::Mode::kRun:
      return "run";
    case WorkerRequest::Mode::kCheck:
      return "check";
    case WorkerRequest::Mode::kLoad:
      return "load";
    case WorkerRequest::Mode::kConformance:
      return "conformance";
    case WorkerRequest::Mode::kVerify:
      return "verify";
  }
  return "run";
}

}  // namespace

nlohmann::json WorkerRequest::ToJson() const {
  nlohmann::json json = {{"mode", ModeName(mode)}, {"plugin_path", plugin_path}};
  if (mode == Mode::kConformance) {
    json["check"] = check;
    json["data_dir"] = data_dir;
  }
  if (HasConfig()) {
    json["config"] = config.ToJson();
    json["engine_index"] = engine_index;
    json["data_dir"] = data_dir;
    json["progress_interval_ms"] = progress_interval_ms;
  }
  return json;
}

Status WorkerRequest::FromJson(const nlohmann::json& json, WorkerRequest* out) {
  try {
    const std::string mode = json.at("mode").get<std::string>();
    bool known = false;
    for (Mode m : {Mode::kRun, Mode::kCheck, Mode::kLoad, Mode::kConformance, Mode::kVerify}) {
      if (mode == ModeName(m)) {
        out->mode = m;
        known = true;
      }
    }
    if (!known) return Status::InvalidArgument("worker request: unknown mode " + mode);
    out->plugin_path = json.at("plugin_path").get<std::string>();
    if (out->mode == Mode::kConformance) {
      out->check = json.at("check").get<std::string>();
      out->data_dir = json.at("data_dir").get<std::string>();
    }
    if (!out->HasConfig()) return Status::OK();
    out->config = config::ParseRunConfig(json.at("config").dump(), "worker request");
    out->engine_index = json.at("engine_index").get<size_t>();
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
