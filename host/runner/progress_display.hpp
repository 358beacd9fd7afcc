// What the parent shows while engines run: the current engine, phase, operations done / total, rate and ETA.
// On a terminal (stderr is a TTY) one status line is redrawn in place; otherwise a spdlog line is written every
// `log_interval` seconds. Phase and step results are always logged as they complete.
// Fed by the worker's events (progress events come from the worker's sampler thread, never the timed loop).
#ifndef KVBENCH_HOST_RUNNER_PROGRESS_DISPLAY_HPP_
#define KVBENCH_HOST_RUNNER_PROGRESS_DISPLAY_HPP_

#include <chrono>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

namespace kvbench::runner {

class EngineResult;

class ProgressDisplay {
 public:
  // `tty`: redraw in place; otherwise log every `log_interval_s` seconds.
  ProgressDisplay(bool tty, double log_interval_s);
  // tty = isatty(stderr); log interval from $KVBENCH_PROGRESS_INTERVAL_S, default 10 s.
  static ProgressDisplay ForStderr();

  void EngineStarted(const std::string& engine, size_t index, size_t count);
  void Event(const nlohmann::json& event);
  void EngineFinished(const EngineResult& result);

  // "1:02:03" / "4:05".
  static std::string FormatDuration(double seconds);

 private:
  void Show(bool force_log);
  void ClearLine();

  bool tty_;
  double log_interval_s_;
  std::string engine_;
  std::string label_;  // "engine 1/3"
  std::string name_;   // phase or step running
  bool is_phase_ = false;
  int64_t total_ = -1;
  uint64_t done_ = 0;
  std::chrono::steady_clock::time_point phase_start_;
  std::chrono::steady_clock::time_point last_log_;
  bool line_drawn_ = false;
};

}  // namespace kvbench::runner

#endif  // KVBENCH_HOST_RUNNER_PROGRESS_DISPLAY_HPP_
