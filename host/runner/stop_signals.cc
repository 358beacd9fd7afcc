#include "runner/stop_signals.hpp"

#include <spdlog/spdlog.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>

#include "common/atomic_file.hpp"

namespace kvbench::runner {
namespace {

// SIGHUP: a closed terminal or a dropped ssh connection is a request to stop, not a reason to lose the run.
constexpr int kStopSignals[kStopSignalCount] = {SIGINT, SIGTERM, SIGHUP};

volatile std::sig_atomic_t g_stop_signal = 0;

void OnStopSignal(int signal) {
  if (g_stop_signal == 0) {
    g_stop_signal = signal;
    return;
  }
  // The second one: quit at once, but not leaving a half-written `NAME.tmp-<pid>` behind (async-signal-safe).
  RemovePendingTemporaryFiles();
  ::signal(signal, SIG_DFL);
  ::raise(signal);
}

}  // namespace

StopSignalScope::StopSignalScope() {
  g_stop_signal = 0;
  struct sigaction action {};
  action.sa_handler = OnStopSignal;
  sigemptyset(&action.sa_mask);
  for (int stop : kStopSignals) sigaddset(&action.sa_mask, stop);  // one handler at a time
  // No SA_RESTART: a poll or wait under way returns (EINTR), so the supervisor sees the request at once.
  action.sa_flags = 0;
  for (int i = 0; i < kStopSignalCount; ++i) {
    ::sigaction(kStopSignals[i], nullptr, &previous_[i]);
    if (previous_[i].sa_handler != SIG_IGN) ::sigaction(kStopSignals[i], &action, nullptr);
  }
}

StopSignalScope::~StopSignalScope() {
  for (int i = 0; i < kStopSignalCount; ++i) ::sigaction(kStopSignals[i], &previous_[i], nullptr);
}

int StopSignal() { return g_stop_signal; }

void ExitBySignal(int signal) {
  spdlog::default_logger()->flush();
  std::fflush(nullptr);
  std::signal(signal, SIG_DFL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, signal);
  ::sigprocmask(SIG_UNBLOCK, &set, nullptr);
  std::raise(signal);
  std::_Exit(128 + signal);  // not reached: the default action of SIGINT and SIGTERM ends the process
}

}  // namespace kvbench::runner
