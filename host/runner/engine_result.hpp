// One engine's entry of results.json (docs/results-schema.md), assembled in the parent from the worker's events
// as they arrive, so that what completed before a crash, a kill or an error is still reported.
#ifndef KVBENCH_HOST_RUNNER_ENGINE_RESULT_HPP_
#define KVBENCH_HOST_RUNNER_ENGINE_RESULT_HPP_

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "config/run_config.hpp"

namespace kvbench::runner {

inline constexpr const char* kCompleted = "Completed";
inline constexpr const char* kFailed = "Failed";
inline constexpr const char* kTimedOut = "TimedOut";
inline constexpr const char* kCrashed = "Crashed";
inline constexpr const char* kInterrupted = "Interrupted";

class EngineResult {
 public:
  explicit EngineResult(const config::EngineSpec& spec);

  // Takes in one worker event (child_protocol.hpp). Unknown events are ignored.
  void Apply(const nlohmann::json& event);

  // How the worker process ended. Each decides the status unless a "finished" event already did (see .cc).
  void EndTimedOut(int64_t timeout_seconds);
  void EndSignaled(int signal);
  // The run was stopped by `signal` (SIGINT, SIGTERM) while the worker ran, and the worker was killed. A result the
  // worker had already reported stands.
  void EndInterrupted(int signal);
  void EndExited(int exit_code);
  // The worker could not be started or supervised.
  void EndSpawnFailed(const std::string& message);

  // Known before the run (from the plugin check) in case the worker dies before it reports them.
  void SetPluginInfo(const nlohmann::json& plugin) { plugin_ = plugin; }
  // The worker's ru_maxrss (wait4), in bytes. ToJson() reports the larger of it and the highest peak_rss_bytes the
  // worker sampled in its phases and steps: Linux keeps the high-water mark behind ru_maxrss from its approximate
  // RSS counter (per-CPU deltas not folded in), while the samples read the exact /proc/self/statm, so a sample can
  // exceed ru_maxrss by a few hundred KiB (up to 288 KiB measured on the 2-CPU reference VM).
  void SetPeakMemory(uint64_t bytes) { peak_memory_bytes_ = bytes; }
  void SetWallMs(double ms) { wall_ms_ = ms; }

  const std::string& name() const { return name_; }
  const std::string& status() const { return status_; }
  const std::string& error() const { return error_; }
  bool finished() const { return finished_; }
  // The phase or step running now ("" between them).
  const std::string& running() const { return running_; }
  // Once ended without completing: where (interrupted_phase) and, when killed by a signal, which ("SIGBUS").
  const std::string& interrupted_phase() const { return interrupted_; }
  const std::string& signal() const { return signal_; }
  const nlohmann::json& phases() const { return phases_; }
  const nlohmann::json& plugin() const { return plugin_; }
  // The final checksum, "" until verify reported it.
  std::string final_checksum() const;
  // A member of the "value" events ("storage_bytes", ...), null when not reported.
  nlohmann::json value(const std::string& key) const;

  nlohmann::json ToJson() const;

 private:
  // The phase or step that was running, or the last that completed, for interrupted_phase.
  std::string InterruptedAt() const;

  std::string name_;
  nlohmann::json configured_settings_;
  nlohmann::json plugin_;
  nlohmann::json settings_;    // effective, from the plugin; null until described
  nlohmann::json durability_;  // one line, from the plugin
  nlohmann::json phases_ = nlohmann::json::array();
  nlohmann::json steps_ = nlohmann::json::array();
  nlohmann::json values_ = nlohmann::json::object();
  std::string running_;
  std::string last_done_;
  std::string status_;  // "" until decided
  std::string error_;
  std::string signal_;
  std::string interrupted_;
  bool finished_ = false;  // a "finished" event arrived
  std::optional<uint64_t> peak_memory_bytes_;
  std::optional<double> wall_ms_;
  int protocol_errors_ = 0;
};

// "SIGSEGV" for 11, "signal 99" for unknown numbers.
std::string SignalName(int signal);

}  // namespace kvbench::runner

#endif  // KVBENCH_HOST_RUNNER_ENGINE_RESULT_HPP_
