// The parent side of one engine worker: starts "kvbench __engine-worker" (fork + exec of this executable, so the
// child's peak RSS is the engine's own), sends it the request, reads its events until it ends, enforces the
// deadline with SIGKILL, stops it (SIGKILL) when the run is asked to stop, and reaps it with wait4 for its peak
// RSS. The outcome lands in an EngineResult.
#ifndef KVBENCH_HOST_RUNNER_SUPERVISOR_HPP_
#define KVBENCH_HOST_RUNNER_SUPERVISOR_HPP_

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "runner/engine_result.hpp"
#include "runner/worker_request.hpp"

namespace kvbench::runner {

struct SuperviseOptions {
  std::string executable;       // the kvbench binary (default: this process's own, /proc/self/exe)
  int64_t timeout_seconds = 0;  // the whole worker, start to exit
  // Called with every event (after the result took it in) and about once a second without one.
  std::function<void(const nlohmann::json&)> on_event;
  // Polled while the worker runs (StopSignal, stop_signals.hpp): once it returns a signal number the worker is
  // killed and the result ends Interrupted by that signal, also when the worker died of it first (a Ctrl-C reaches
  // the whole process group). Empty: the run is never stopped.
  std::function<int()> stop_signal;
};

// The path of the running executable.
std::string SelfExecutable();

// Never fails: a worker that cannot start is a Failed result.
void SuperviseWorker(const WorkerRequest& request, const SuperviseOptions& options, EngineResult* result);

}  // namespace kvbench::runner

#endif  // KVBENCH_HOST_RUNNER_SUPERVISOR_HPP_
