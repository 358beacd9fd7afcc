// The parent side of 'kvbench crashtest': for each engine and each kill, a fresh data directory, a writer process
// killed with SIGKILL once its acknowledged-op counter passes a seeded target (with --power-cut: then every file
// cut back to what the writer had synced, power_cut.hpp), then a verifier process that reopens the engine and
// deep-verifies it against the acknowledged state. A writer that fails, a reopen that fails
// and a verifier that crashes or hangs are recorded in the kill's outcome, never fatal to the run.
#ifndef KVBENCH_HOST_CRASH_CRASH_RUNNER_HPP_
#define KVBENCH_HOST_CRASH_CRASH_RUNNER_HPP_

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "config/run_config.hpp"
#include "crash/crash_plan.hpp"
#include "crash/durability_promise.hpp"
#include "crash/power_cut.hpp"

namespace kvbench::crash {

struct KillOutcome {
  int kill = 0;  // 0-based
  CrashPhase phase = CrashPhase::kInsert;
  uint64_t target_ops = 0;
  uint64_t acked_ops = 0;
  // "killed" (at or past the target), "finished" (the writer ended its phases before the kill landed; killed
  // anyway), "failed" (the writer stopped with an error: `error`), "timed out".
  std::string writer = "killed";
  // "ok", "reopen failed", "verify failed", "verifier crashed", "verifier timed out", "not run" (the power cut
  // could not be applied: `error`).
  std::string reopen = "ok";
  std::string error;
  std::optional<double> reopen_ms;
  nlohmann::json deep_verify;              // DeepVerifyResult::ToJson(), null when the verify did not run
  std::optional<PowerCutStats> power_cut;  // what the power cut dropped (--power-cut runs)
  uint64_t lost = 0, corrupt = 0, invented = 0, orphans = 0, in_flight_partial = 0;

  bool verified() const { return reopen == "ok"; }
  nlohmann::json ToJson() const;
};

struct EngineCrashResult {
  std::string name;
  std::string plugin;  // the plugin's own name
  nlohmann::json durability;
  PromiseRule promise;
  std::vector<KillOutcome> kills;
  bool interrupted = false;  // SIGINT or SIGTERM stopped it before its last kill (the kill under way is dropped)

  uint64_t total_lost() const;
  uint64_t max_lost() const;
  uint64_t corrupt() const;
  uint64_t invented() const;
  uint64_t orphans() const;
  int unverified() const;  // kills whose verify did not complete
  // No corrupt or invented record anywhere; and for a no-acked-loss promise, nothing lost and every kill verified.
  bool held() const;
  nlohmann::json ToJson() const;
};

struct CrashOptions {
  std::string out_dir;
  std::string executable;  // "" = this process
  uint64_t seed = 0;
  int kills = 3;
  bool keep_data = false;
  int64_t timeout_seconds = 600;  // per worker process
  Fault fault = Fault::kKill;
};

// Runs every kill of `config.engines[engine_index]`. `plugin_path`: the resolved .so; `plugin_name`: its name.
// Under a runner::StopSignalScope, SIGINT or SIGTERM ends it early: the writer or verifier under way is killed,
// that kill is dropped, the result is marked interrupted and the engine's data directory removed as usual.
EngineCrashResult RunEngineCrashes(const config::RunConfig& config, size_t engine_index, const std::string& plugin_path,
                                   const std::string& plugin_name, const CrashOptions& options);

}  // namespace kvbench::crash

#endif  // KVBENCH_HOST_CRASH_CRASH_RUNNER_HPP_
