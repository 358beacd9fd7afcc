// Running one conformance check in a worker process of its own ("kvbench __engine-worker", mode "conformance"),
// the way `kvbench conformance` runs every check: a plugin that crashes or hangs in a check fails that check with
// the signal or the timeout named, the suite goes on, and the check's temporary directory is removed by this
// (the parent) process whatever happened to the worker.
#ifndef KVBENCH_HOST_CONFORMANCE_CHECK_PROCESS_HPP_
#define KVBENCH_HOST_CONFORMANCE_CHECK_PROCESS_HPP_

#include <cstdint>
#include <string>

#include "conformance/suite.hpp"

namespace kvbench::conformance {

inline constexpr int64_t kDefaultCheckTimeoutSeconds = 60;

struct CheckProcessOptions {
  std::string executable;  // the kvbench binary to start the worker from ("" = this process)
  int64_t timeout_seconds = kDefaultCheckTimeoutSeconds;  // the worker, start (plugin load included) to exit
};

// Runs `check` against the plugin at `plugin_path` in a worker, in a fresh directory inside `temp_root` that is
// removed afterwards. Never throws; a worker that ends without a verdict is a FAIL saying how it ended:
// "crashed: killed by SIGABRT in put (store 'a') while the check ran", "timed out after 60 s in engine_open (the
// check's process was killed)" (the ABI call under way, when the check was in one: call_record.hpp), or the
// loader's message when the plugin did not load. On a timeout, result.timed_out_in is that call.
CheckResult RunCheckInProcess(const Check& check, const std::string& plugin_path, const std::string& temp_root,
                              const CheckProcessOptions& options);

}  // namespace kvbench::conformance

#endif  // KVBENCH_HOST_CONFORMANCE_CHECK_PROCESS_HPP_
