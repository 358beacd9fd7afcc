#include "runner/engine_result.hpp"

#include <algorithm>
#include <cstring>

#include "measure/amplification.hpp"
#include "runner/engine_worker.hpp"

namespace kvbench::runner {
namespace {

// The step whose elapsed time results.json also shows as a top-level member.
const char* StepMember(const std::string& step) {
  if (step == kStepPreReadStabilize) return "pre_read_stabilize_ms";
  if (step == kStepPostUpdateStabilize) return "post_update_stabilize_ms";
  if (step == kStepSettle) return "settle_ms";
  if (step == kStepReopen) return "reopen_ms";
  if (step == kStepVerify) return "verify_ms";
  return nullptr;
}

std::optional<uint64_t> OptionalBytes(const nlohmann::json& v) {
  if (!v.is_number_unsigned()) return std::nullopt;
  return v.get<uint64_t>();
}

// The larger of `peak` and the measurements' memory.peak_rss_bytes of every phase or step in `results`; unknown
// when `peak` is (the phases' peaks alone say nothing of the rest of the process's life).
std::optional<uint64_t> MaxSampledPeak(std::optional<uint64_t> peak, const nlohmann::json& results) {
  if (!peak) return std::nullopt;
  for (const nlohmann::json& result : results) {
    const auto measurements = result.find("measurements");
    if (measurements == result.end() || !measurements->is_object()) continue;
    const auto memory = measurements->find("memory");
    if (memory == measurements->end() || !memory->is_object()) continue;
    if (const std::optional<uint64_t> sampled = OptionalBytes(memory->value("peak_rss_bytes", nlohmann::json()))) {
      peak = std::max(*peak, *sampled);
    }
  }
  return peak;
}

}  // namespace

std::string SignalName(int signal) {
  const char* abbrev = ::sigabbrev_np(signal);
  return abbrev != nullptr ? std::string("SIG") + abbrev : "signal " + std::to_string(signal);
}

EngineResult::EngineResult(const config::EngineSpec& spec)
    : name_(spec.name), configured_settings_(spec.settings), settings_(nullptr), durability_(nullptr) {}

void EngineResult::Apply(const nlohmann::json& event) {
  const std::string kind = event.value("event", "");
  if (kind == "started") {
    running_ = event.value("name", "");
  } else if (kind == "phase" || kind == "step") {
    const nlohmann::json& result = event.at("result");
    (kind == "phase" ? phases_ : steps_).push_back(result);
    last_done_ = result.value("name", "");
    running_.clear();
  } else if (kind == "loaded") {
    plugin_ = event.value("plugin", nlohmann::json(nullptr));
    if (running_ == kStepLoadPlugin) {
      running_.clear();
      last_done_ = kStepLoadPlugin;
    }
  } else if (kind == "engine") {
    plugin_ = event.value("plugin", nlohmann::json(nullptr));
    settings_ = event.value("settings", nlohmann::json(nullptr));
    durability_ = event.value("durability", nlohmann::json(nullptr));
  } else if (kind == "value") {
    values_[event.value("key", "")] = event.value("value", nlohmann::json(nullptr));
  } else if (kind == "finished" && !finished_) {
    finished_ = true;
    status_ = event.value("status", "") == kCompleted ? kCompleted : kFailed;
    if (status_ == kFailed) {
      error_ = event.value("error", "the engine worker reported a failure without a message");
      interrupted_ = event.value("phase", InterruptedAt());
    }
    running_.clear();
  } else if (kind == "protocol_error") {
    ++protocol_errors_;
  }
}

std::string EngineResult::InterruptedAt() const {
  if (!running_.empty()) return running_;
  if (!last_done_.empty()) return "after '" + last_done_ + "'";
  return "start";
}

void EngineResult::EndTimedOut(int64_t timeout_seconds) {
  // A worker killed after it reported its result still completed; the timeout only matters while it works.
  if (finished_) return;
  status_ = kTimedOut;
  interrupted_ = InterruptedAt();
  error_ = "timed out after " + std::to_string(timeout_seconds) + " s in " + interrupted_ + " (" +
           std::to_string(phases_.size()) + " phases completed); the engine process was killed";
}

void EngineResult::EndSignaled(int signal) {
  const bool completed = finished_ && status_ == kCompleted;
  if (finished_ && !completed) return;  // the worker's own error is the better message
  signal_ = SignalName(signal);
  interrupted_ = completed ? "exit" : InterruptedAt();
  status_ = kCrashed;
  error_ = "the engine process was killed by " + signal_ + " in " + interrupted_;
}

void EngineResult::EndInterrupted(int signal) {
  if (finished_) return;
  status_ = kInterrupted;
  signal_ = SignalName(signal);
  interrupted_ = InterruptedAt();
  error_ = "the run was stopped by " + signal_ + " in " + interrupted_ + " (" + std::to_string(phases_.size()) +
           " phases completed); the engine process was killed";
}

void EngineResult::EndExited(int exit_code) {
  if (finished_) return;
  status_ = kFailed;
  interrupted_ = InterruptedAt();
  error_ = "the engine process exited with status " + std::to_string(exit_code) + " in " + interrupted_ +
           " without reporting a result";
  if (protocol_errors_ > 0) error_ += " (" + std::to_string(protocol_errors_) + " unreadable messages)";
}

void EngineResult::EndSpawnFailed(const std::string& message) {
  status_ = kFailed;
  error_ = message;
  interrupted_ = InterruptedAt();
}

std::string EngineResult::final_checksum() const {
  const nlohmann::json v = value("final_checksum");
  return v.is_string() ? v.get<std::string>() : "";
}

nlohmann::json EngineResult::value(const std::string& key) const {
  auto it = values_.find(key);
  return it == values_.end() ? nlohmann::json(nullptr) : *it;
}

nlohmann::json EngineResult::ToJson() const {
  nlohmann::json out;
  out["name"] = name_;
  out["plugin"] = plugin_;
  out["status"] = status_.empty() ? kFailed : status_;
  out["error"] = error_.empty() ? nlohmann::json(nullptr) : nlohmann::json(error_);
  out["signal"] = signal_.empty() ? nlohmann::json(nullptr) : nlohmann::json(signal_);
  out["interrupted_phase"] = interrupted_.empty() ? nlohmann::json(nullptr) : nlohmann::json(interrupted_);
  out["settings"] = settings_.is_null() ? configured_settings_ : settings_;
  out["durability"] = durability_;
  out["phases"] = phases_;
  out["steps"] = steps_;
  for (const char* member :
       {"pre_read_stabilize_ms", "post_update_stabilize_ms", "settle_ms", "reopen_ms", "verify_ms"}) {
    out[member] = nullptr;
  }
  for (const nlohmann::json& step : steps_) {
    if (const char* member = StepMember(step.value("name", ""))) out[member] = step.at("elapsed_ms");
  }
  const nlohmann::json run_ms = value("run_ms");
  out["run_ms"] = run_ms.is_number() ? run_ms : (wall_ms_ ? nlohmann::json(*wall_ms_) : nlohmann::json(nullptr));
  double completed_ms = 0;
  for (const nlohmann::json& phase : phases_) completed_ms += phase.value("elapsed_ms", 0.0);
  out["completed_phase_ms"] = completed_ms;
  out["storage_bytes"] = value("storage_bytes");
  // ru_maxrss alone can be below an RSS the worker sampled (see SetPeakMemory): the process's peak is at least both.
  const std::optional<uint64_t> peak = MaxSampledPeak(MaxSampledPeak(peak_memory_bytes_, phases_), steps_);
  out["peak_memory_bytes"] = peak ? nlohmann::json(*peak) : nlohmann::json(nullptr);
  out["host_memory_before_open_bytes"] = value("host_memory_before_open_bytes");
  out["final_checksum"] = value("final_checksum");
  out["verified_profile_count"] = value("verified_profile_count");
  out["persistent"] = value("persistent");
  if (const nlohmann::json deep = value("deep_verify"); !deep.is_null()) out["deep_verify"] = deep;
  // The kv workload's: records found by verify, and every value read that was not the one written.
  for (const char* member : {"verified_record_count", "value_errors", "verify_value_errors"}) {
    if (const nlohmann::json v = value(member); !v.is_null()) out[member] = v;
  }
  measure::Amplification amplification;
  amplification.logical_bytes_written = OptionalBytes(value("logical_bytes_written"));
  amplification.disk_bytes_written = OptionalBytes(value("disk_bytes_written"));
  amplification.live_logical_bytes = OptionalBytes(value("live_logical_bytes"));
  amplification.storage_bytes = OptionalBytes(value("storage_bytes"));
  out["amplification"] = amplification.ToJson();
  return out;
}

}  // namespace kvbench::runner
