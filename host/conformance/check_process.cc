#include "conformance/check_process.hpp"

#include <chrono>
#include <optional>

#include "conformance/call_record.hpp"
#include "runner/engine_result.hpp"
#include "runner/plugin_check.hpp"
#include "runner/supervisor.hpp"

namespace kvbench::conformance {
namespace {

// Why a worker gave no verdict (or what it did after giving one), from how it ended. `call`: the ABI call under way
// when it ended (call_record.hpp), "" when none.
std::string HowItEnded(const runner::EngineResult& worker, const std::string& plugin_path, int64_t timeout_seconds,
                       const std::string& call) {
  const std::string load_failure = runner::LoadFailure(worker, plugin_path, timeout_seconds);
  if (!load_failure.empty()) return load_failure;
  const std::string in_call = call.empty() ? "" : " in " + call;
  if (worker.status() == runner::kTimedOut) {
    return "timed out after " + std::to_string(timeout_seconds) + " s" + in_call + " (the check's process was killed)";
  }
  if (worker.status() == runner::kCrashed) {
    return worker.interrupted_phase() == "exit"
               ? "its process was killed by " + worker.signal() + " on exit"
               : "crashed: killed by " + worker.signal() + in_call + " while the check ran";
  }
  if (worker.status() == runner::kCompleted) return "the check's process ended without a verdict";
  return worker.error();
}

}  // namespace

CheckResult RunCheckInProcess(const Check& check, const std::string& plugin_path, const std::string& temp_root,
                              const CheckProcessOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  CheckResult result;
  result.name = check.name;
  TempDir area;
  Status s = TempDir::Create(std::string(check.name) + "-", &area, temp_root);
  if (!s.ok()) {
    result.message = s.message();
    return result;
  }
  runner::WorkerRequest request;
  request.mode = runner::WorkerRequest::Mode::kConformance;
  request.plugin_path = plugin_path;
  request.check = check.name;
  request.data_dir = area.path();
  config::EngineSpec spec;
  spec.name = check.name;
  runner::EngineResult worker(spec);
  std::optional<CheckResult> verdict;
  const auto on_event = [&](const nlohmann::json& event) {
    if (event.value("event", "") == "check" && event.contains("result")) verdict = CheckResultFromJson(event["result"]);
  };
  runner::SuperviseWorker(request,
                          {.executable = options.executable,
                           .timeout_seconds = options.timeout_seconds,
                           .on_event = on_event,
                           .stop_signal = {}},
                          &worker);
  const std::string call = ReadCallUnderWay(area.path() + "/" + kCallRecordFile);
  if (verdict && worker.status() == runner::kCompleted) {
    result = *verdict;
  } else if (verdict) {  // it gave a verdict, then died (a crash in the plugin's exit-time code)
    result.verdict = Verdict::kFail;
    result.message = verdict->message + "; then " + HowItEnded(worker, plugin_path, options.timeout_seconds, call);
  } else {
    result.message = HowItEnded(worker, plugin_path, options.timeout_seconds, call);
  }
  if (worker.status() == runner::kTimedOut) result.timed_out_in = call;
  RemoveCheckArea(&area, &result);
  if (!verdict) result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace kvbench::conformance
