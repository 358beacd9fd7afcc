// SIGINT (Ctrl-C), SIGTERM and SIGHUP (a closed terminal, a dropped ssh) while 'kvbench run' runs its engines: instead of the host dying with nothing saved,
// the run is asked to stop. The supervisor polls StopSignal() and kills the running engine's worker; the runner
// records that engine as Interrupted, writes results.json and the report for what finished, and then ends the
// process by the same signal (ExitBySignal), as a program that cleaned up after SIGINT should, so that a shell
// script running kvbench stops too. A second stop signal ends the process at once, for a user who does not want to
// wait for the results to be written; the temporary file of a write under way is removed first.
#ifndef KVBENCH_HOST_RUNNER_STOP_SIGNALS_HPP_
#define KVBENCH_HOST_RUNNER_STOP_SIGNALS_HPP_

#include <signal.h>

namespace kvbench::runner {

inline constexpr int kStopSignalCount = 3;

// Catches SIGINT, SIGTERM and SIGHUP while it lives (a signal the process was started with ignored stays ignored, as a
// background job's SIGINT is). One at a time.
class StopSignalScope {
 public:
  StopSignalScope();   // installs the handlers and forgets any earlier stop request
  ~StopSignalScope();  // restores the previous dispositions
  StopSignalScope(const StopSignalScope&) = delete;
  StopSignalScope& operator=(const StopSignalScope&) = delete;

 private:
  struct sigaction previous_[kStopSignalCount];
};

// 0 until SIGINT, SIGTERM or SIGHUP arrived in a StopSignalScope; then the first one's number.
int StopSignal();

// Flushes stdout, stderr and the log, then ends the process by `signal` with its default action (exit status
// 128 + `signal` in a shell: 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP).
[[noreturn]] void ExitBySignal(int signal);

}  // namespace kvbench::runner

#endif  // KVBENCH_HOST_RUNNER_STOP_SIGNALS_HPP_
