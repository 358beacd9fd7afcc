#include "crash/crash_request.hpp"

#include <exception>

#include "config/config_parser.hpp"

namespace kvbench::crash {

nlohmann::json CrashRequest::ToJson() const {
  return {{"mode", mode == Mode::kWrite ? "write" : "verify"},
          {"config", config.ToJson()},
          {"engine_index", engine_index},
          {"plugin_path", plugin_path},
          {"data_dir", data_dir},
          {"phase", CrashPhaseName(phase)},
          {"acked", acked}};
}

Status CrashRequest::FromJson(const nlohmann::json& json, CrashRequest* out) {
  try {
    const std::string mode = json.at("mode").get<std::string>();
    if (mode != "write" && mode != "verify") return Status::InvalidArgument("crash request: unknown mode " + mode);
    out->mode = mode == "write" ? Mode::kWrite : Mode::kVerify;
    out->config = config::ParseRunConfig(json.at("config").dump(), "crash request");
    out->engine_index = json.at("engine_index").get<size_t>();
    out->plugin_path = json.at("plugin_path").get<std::string>();
    out->data_dir = json.at("data_dir").get<std::string>();
    const std::optional<CrashPhase> phase = CrashPhaseFromName(json.at("phase").get<std::string>());
    if (!phase) return Status::InvalidArgument("crash request: unknown phase");
    out->phase = *phase;
    out->acked = json.at("acked").get<uint64_t>();
  } catch (const std::exception& e) {
    return Status::InvalidArgument(std::string("crash request: ") + e.what());
  }
  if (out->engine_index >= out->config.engines.size()) {
    return Status::InvalidArgument("crash request: engine_index out of range");
  }
  return Status::OK();
}

}  // namespace kvbench::crash
