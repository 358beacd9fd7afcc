// What the crash test asks a "kvbench __crash-worker" process to do, sent as one JSON document on its stdin:
// mode "write" (open the engine on an empty directory and write until killed) or "verify" (reopen after the kill
// and deep-verify against the acknowledged state).
#ifndef KVBENCH_HOST_CRASH_CRASH_REQUEST_HPP_
#define KVBENCH_HOST_CRASH_CRASH_REQUEST_HPP_

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "common/status.hpp"
#include "config/run_config.hpp"
#include "crash/crash_plan.hpp"

namespace kvbench::crash {

struct CrashRequest {
  enum class Mode { kWrite, kVerify };
  Mode mode = Mode::kWrite;
  config::RunConfig config;
  size_t engine_index = 0;
  std::string plugin_path;
  std::string data_dir;
  CrashPhase phase = CrashPhase::kInsert;  // write: insert only, or insert + settle + update; verify: killed in
  uint64_t acked = 0;                      // verify: acknowledged ops when the writer was killed

  const config::EngineSpec& engine() const { return config.engines[engine_index]; }
  nlohmann::json ToJson() const;
  static Status FromJson(const nlohmann::json& json, CrashRequest* out);
};

}  // namespace kvbench::crash

#endif  // KVBENCH_HOST_CRASH_CRASH_REQUEST_HPP_
