// The engine worker: what one engine process does (spec §6). It loads the plugin, records its own RSS before the
// engine opens, opens the engine and the five stores, runs the configured phases with the untimed steps where the
// spec puts them, settles, measures the storage, reopens, verifies and closes, and reports every start and every
// result to the parent as it happens (child_protocol.hpp). Every phase and step is measured with a PhaseMeter.
//
// Step placement: "pre-read stabilize" runs right after "insert profiles" when the next configured phase reads
// (any phase other than "update profiles"); "post-update stabilize" runs right after "update profiles".
// "reopen" times closing the engine and opening a fresh instance on the same files; it runs only when the plugin
// declares KVB_CAP_PERSISTENT (the value "persistent" says which), else verify reads the live engine. With
// workload.deep_verify, "deep verify" runs after "verify": every store scanned against the state the configured
// phases leave (workload/deep_verify.hpp); its findings are the value "deep_verify".
#ifndef KVBENCH_HOST_RUNNER_ENGINE_WORKER_HPP_
#define KVBENCH_HOST_RUNNER_ENGINE_WORKER_HPP_

#include <string>
#include <vector>

#include "common/status.hpp"
#include "runner/child_protocol.hpp"
#include "runner/worker_request.hpp"

namespace kvbench::runner {

// Step names as they appear in results.json. "load plugin" is never timed; it only appears as interrupted_phase.
inline constexpr const char* kStepLoadPlugin = "load plugin";
inline constexpr const char* kStepOpen = "open";
inline constexpr const char* kStepPreReadStabilize = "pre-read stabilize";
inline constexpr const char* kStepPostUpdateStabilize = "post-update stabilize";
inline constexpr const char* kStepSettle = "settle";
inline constexpr const char* kStepReopen = "reopen";
inline constexpr const char* kStepVerify = "verify";
inline constexpr const char* kStepDeepVerify = "deep verify";  // only with workload.deep_verify
inline constexpr const char* kStepClose = "close";

// Runs `request` and reports through `events`; the last event is always "finished". Returns its status.
Status RunEngineWorker(const WorkerRequest& request, EventWriter* events);

// The hidden subcommand "kvbench __engine-worker --event-fd N": reads a WorkerRequest from stdin. Exit status 0
// when the worker reported Completed (or the check passed), 1 otherwise.
int EngineWorkerMain(const std::vector<std::string>& args);

}  // namespace kvbench::runner

#endif  // KVBENCH_HOST_RUNNER_ENGINE_WORKER_HPP_
