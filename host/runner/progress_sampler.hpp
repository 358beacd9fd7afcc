// The engine worker's progress thread: every interval it reads the running phase's operation counter
// (PhaseMeter::ops_done(), a relaxed atomic) and sends a "progress" event. The timed loop never sees it: the
// engine thread only touches the sampler's mutex when a phase or step starts and ends.
#ifndef KVBENCH_HOST_RUNNER_PROGRESS_SAMPLER_HPP_
#define KVBENCH_HOST_RUNNER_PROGRESS_SAMPLER_HPP_

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

#include "measure/phase_meter.hpp"
#include "runner/child_protocol.hpp"

namespace kvbench::runner {

class ProgressSampler {
 public:
  // Starts the thread. REQUIRES: interval_ms > 0; `events` outlives the sampler.
  ProgressSampler(EventWriter* events, uint32_t interval_ms);
  ~ProgressSampler();  // stops and joins
  ProgressSampler(const ProgressSampler&) = delete;
  ProgressSampler& operator=(const ProgressSampler&) = delete;

  // The meter of the phase now running (total: its operations, or -1 for a step). REQUIRES: `meter` stays alive
  // until Clear().
  void Track(const std::string& name, const measure::PhaseMeter* meter, int64_t total);
  void Clear();

 private:
  void Loop();

  EventWriter* events_;
  const uint32_t interval_ms_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;                           // guarded by mutex_
  std::string name_;                            // guarded by mutex_
  const measure::PhaseMeter* meter_ = nullptr;  // guarded by mutex_
  int64_t total_ = -1;                          // guarded by mutex_
  std::thread thread_;
};

}  // namespace kvbench::runner

#endif  // KVBENCH_HOST_RUNNER_PROGRESS_SAMPLER_HPP_
