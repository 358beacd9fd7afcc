// The child side of the crash test: "kvbench __crash-worker [--ack-fd N]" reads a CrashRequest on stdin.
//   write:  opens the engine, routes its data calls through the acknowledgement counter (ack_page.hpp), runs
//           "insert profiles" (phase insert) or "insert profiles", settle, "update profiles" (phase update), then
//           marks the page done and waits to be killed: the engine is never closed cleanly.
//   verify: reopens the engine (timed), deep-verifies it against the state the acknowledged count implies.
// Either prints one JSON line on stdout: {"status":"done"|"ok"|"failed", "error", "reopen_ms", "deep_verify"}.
#ifndef KVBENCH_HOST_CRASH_CRASH_WORKER_HPP_
#define KVBENCH_HOST_CRASH_CRASH_WORKER_HPP_

#include <string>
#include <vector>

namespace kvbench::crash {

// Exit status 0 when the verify ran (whatever it found), 1 on failure; a writer never exits on its own.
int CrashWorkerMain(const std::vector<std::string>& args);

}  // namespace kvbench::crash

#endif  // KVBENCH_HOST_CRASH_CRASH_WORKER_HPP_
