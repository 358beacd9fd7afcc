#include "runner/stop_signals.hpp"

#include <spdlog/spdlog.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>

namespace kvbench::runner {
namespace {

constexpr int kStopSignals[2] = {SIGINT, SIGTERM};

volatile std::sig_atomic_t g_stop_signal = 0;

void OnStopSignal(int signal) {
  if (g_stop_signal == 0) g_stop_signal = signal;
}

}  // namespace

StopSignalScope::StopSignalScope() {
  g_stop_signal = 0;
  struct sigaction action {};
  action.sa_handler = OnStopSignal;
  sigemptyset(&action.sa_mask);
  // No SA_RESTART: a poll or wait under way returns (EINTR), so the supervisor sees the request at once.
  action.sa_flags = SA_RESETHAND;
  for (int i = 0; i < 2; ++i) {
    ::sigaction(kStopSignals[i], nullptr, &previous_[i]);
    if (previous_[i].sa_handler != SIG_IGN) ::sigaction(kStopSignals[i], &action, nullptr);
  }
}

StopSignalScope::~StopSignalScope() {
  for (int i = 0; i < 2; ++i) ::sigaction(kStopSignals[i], &previous_[i], nullptr);
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
