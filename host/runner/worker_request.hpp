// What the parent asks one engine worker process to do, sent as one JSON document on the worker's stdin.
#ifndef KVBENCH_HOST_RUNNER_WORKER_REQUEST_HPP_
#define KVBENCH_HOST_RUNNER_WORKER_REQUEST_HPP_

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "common/status.hpp"
#include "config/run_config.hpp"

namespace kvbench::runner {

struct WorkerRequest {
  // kRun: the whole engine sequence. kCheck: load the plugin, open it on an empty directory with the engine's
  // settings (so the plugin checks them), describe, close.
  enum class Mode { kRun, kCheck };
  Mode mode = Mode::kRun;
  config::RunConfig config;  // the config as run
  size_t engine_index = 0;   // into config.engines
  std::string plugin_path;   // resolved .so path
  std::string data_dir;      // exists and is empty
  uint32_t progress_interval_ms = 500;

  const config::EngineSpec& engine() const { return config.engines[engine_index]; }

  nlohmann::json ToJson() const;
  // InvalidArgument when the document is not a request this build understands.
  static Status FromJson(const nlohmann::json& json, WorkerRequest* out);
};

}  // namespace kvbench::runner

#endif  // KVBENCH_HOST_RUNNER_WORKER_REQUEST_HPP_
