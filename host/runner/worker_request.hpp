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
  // settings (so the plugin checks them), describe, close. kLoad: load the plugin and report what it is, nothing
  // else (kvbench plugins, kvbench conformance: a plugin that crashes while loading must not take the host down).
  // kConformance: load the plugin and run one conformance check in data_dir (kvbench conformance: a plugin that
  // crashes or hangs in a check fails that check). kVerify: open the engine on the data it kept in data_dir (a
  // run's, with --keep-data), run the final checksum and the deep verify against the config, close (kvbench verify).
  enum class Mode { kRun, kCheck, kLoad, kConformance, kVerify };
  Mode mode = Mode::kRun;
  config::RunConfig config;  // kRun, kCheck, kVerify: the config as run (not sent for the other modes)
  size_t engine_index = 0;   // kRun, kCheck, kVerify: into config.engines
  std::string plugin_path;   // resolved .so path
  std::string data_dir;      // kRun, kCheck, kConformance: exists and is empty; kVerify: the kept data
  std::string check;         // kConformance: the check's name (conformance/suite.hpp)
  uint32_t progress_interval_ms = 500;

  // REQUIRES: HasConfig().
  const config::EngineSpec& engine() const { return config.engines[engine_index]; }
  // Whether the mode runs an engine of the config (kRun, kCheck, kVerify).
  bool HasConfig() const { return mode == Mode::kRun || mode == Mode::kCheck || mode == Mode::kVerify; }

  nlohmann::json ToJson() const;
  // InvalidArgument when the document is not a request this build understands.
  static Status FromJson(const nlohmann::json& json, WorkerRequest* out);
};

}  // namespace kvbench::runner

#endif  // KVBENCH_HOST_RUNNER_WORKER_REQUEST_HPP_
