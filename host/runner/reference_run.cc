#include "runner/reference_run.hpp"

#include <spdlog/spdlog.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "runner/data_dir.hpp"
#include "runner/engine_result.hpp"
#include "runner/out_dir.hpp"
#include "runner/published_reference.hpp"
#include "runner/stop_signals.hpp"
#include "runner/supervisor.hpp"

namespace kvbench::runner {
namespace {

namespace fs = std::filesystem;

std::string MiB(uint64_t bytes) { return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MiB"; }

std::string WorkloadText(const workload::WorkloadParams& p) {
  return std::to_string(p.profiles) + " profiles, seed " + std::to_string(p.seed) + ", query limit " +
         std::to_string(p.query_limit);
}

bool SameFile(const std::string& a, const std::string& b) {
  std::error_code ec;
  return fs::equivalent(a, b, ec) && !ec;
}

ChecksumReference ReferenceFromEngine(const std::string& name, const nlohmann::json& engine) {
  ChecksumReference ref;
  ref.kind = ChecksumReference::Kind::kEngine;
  ref.name = "the reference engine " + name;
  ref.source = "--reference " + name + " (an engine of this run)";
  ref.engine_in_run = name;
  if (engine.value("status", "") != kCompleted) {
    ref.why_none = "it did not complete: " + engine.value("status", std::string("not run"));
    return ref;
  }
  for (const nlohmann::json& phase : engine.value("phases", nlohmann::json::array())) {
    ref.checksums.emplace_back(phase.value("name", ""), phase.value("checksum", ""));
  }
  const nlohmann::json final_checksum = engine.value("final_checksum", nlohmann::json(nullptr));
  if (final_checksum.is_string()) ref.checksums.emplace_back(kFinalChecksum, final_checksum.get<std::string>());
  return ref;
}

// Runs `plugin_path` on the config's workload, alone, with its default settings; its checksums are the reference.
ChecksumReference RunReferenceEngine(const config::RunConfig& config, const std::string& plugin,
                                     const std::string& plugin_path, const std::string& why,
                                     const ReferenceRunContext& context) {
  config::RunConfig ref_config = config;
  ref_config.workload.deep_verify = false;  // only the checksums are needed
  config::EngineSpec spec;
  spec.name = "reference-" + plugin;
  spec.plugin = plugin_path;
  ref_config.engines.push_back(spec);
  const size_t index = ref_config.engines.size() - 1;

  ChecksumReference ref;
  ref.kind = ChecksumReference::Kind::kEngine;
  ref.name = "the reference engine " + plugin;
  ref.source = plugin_path + " (" + why + ")";
  spdlog::info("checking the checksums against the reference engine {} ({}): running it on the same workload", plugin,
               why);
  WorkerRequest request;
  request.mode = WorkerRequest::Mode::kRun;
  request.config = ref_config;
  request.engine_index = index;
  request.plugin_path = plugin_path;
  request.data_dir = EngineDataDirs(context.out_dir, ref_config.engines)[index];
  request.progress_interval_ms = 0;
  EngineResult result(spec);
  Status s = ResetDataDir(request.data_dir);
  if (s.ok()) {
    SuperviseWorker(request,
                    {.executable = context.executable,
                     .timeout_seconds = config.timeout_seconds,
                     .on_event = {},
                     .stop_signal = StopSignal},
                    &result);
  } else {
    result.EndSpawnFailed(s.message());
  }
  if (Status removed = RemoveDataDir(request.data_dir); !removed.ok()) {
    spdlog::warn("cannot remove {}: {}", request.data_dir, removed.message());
  }
  if (result.status() != kCompleted) {
    ref.why_none = "its run did not complete: " + result.status() + ": " + result.error();
    return ref;
  }
  for (const nlohmann::json& phase : result.phases()) {
    ref.checksums.emplace_back(phase.value("name", ""), phase.value("checksum", ""));
  }
  if (const std::string final_checksum = result.final_checksum(); !final_checksum.empty()) {
    ref.checksums.emplace_back(kFinalChecksum, final_checksum);
  }
  return ref;
}

}  // namespace

uint64_t MemoryReferenceNeedBytes(int64_t profiles) {
  return kMemoryReferenceBaseBytes + kMemoryReferenceBytesPerProfile * static_cast<uint64_t>(profiles);
}

std::optional<uint64_t> AvailableMemoryBytes() {
  std::ifstream in("/proc/meminfo");
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string key;
    uint64_t kib = 0;
    if (fields >> key >> kib && key == "MemAvailable:") return kib * 1024;
  }
  return std::nullopt;
}

ChecksumReference PublishedReferenceFor(const config::RunConfig& config) {
  ChecksumReference ref;
  if (config.workload.is_kv()) {
    ref.why_none = "nothing is published for the kv workload (every value read is checked against what was written)";
    return ref;
  }
  const workload::WorkloadParams params = config.workload.Effective();
  const PublishedRun* run = FindPublishedRun(params);
  if (run == nullptr) {
    ref.why_none = "no published run of this workload (" + WorkloadText(params) + ")";
    return ref;
  }
  ref.kind = ChecksumReference::Kind::kPublished;
  ref.name = run->name;
  ref.source = run->file + ": " + run->source;
  ref.checksums = ApplicableChecksums(*run, config.phases);
  return ref;
}

ChecksumReference DecideReference(const config::RunConfig& config, const std::vector<CheckedPlugin>& plugins,
                                  const nlohmann::json& engines, const ReferenceChoice& choice,
                                  const ReferenceRunContext& context) {
  std::vector<size_t> completed;
  for (size_t i = 0; i < engines.size(); ++i) {
    if (engines[i].value("status", "") == kCompleted) completed.push_back(i);
  }
  switch (choice.mode) {
    case ReferenceChoice::Mode::kNone: {
      ChecksumReference ref;
      ref.why_none = "--reference none";
      return ref;
    }
    case ReferenceChoice::Mode::kRunEngine:
      for (const nlohmann::json& engine : engines) {
        if (engine.value("name", "") == choice.name) return ReferenceFromEngine(choice.name, engine);
      }
      return ReferenceFromEngine(choice.name, nlohmann::json::object());
    case ReferenceChoice::Mode::kExtraEngine:
      if (completed.empty()) return {};
      return RunReferenceEngine(config, choice.name, choice.plugin_path, "--reference " + choice.name, context);
    case ReferenceChoice::Mode::kAutomatic:
      break;
  }
  ChecksumReference published = PublishedReferenceFor(config);
  if (published.kind == ChecksumReference::Kind::kPublished || completed.size() != 1) return published;
  // The kv workload checks each value it reads, so a lone kv engine needs no reference engine beside it.
  if (config.workload.is_kv()) return published;

  // A lone engine and nothing published: the bundled memory engine, where it can run.
  ChecksumReference none = published;
  const size_t lone = completed.front();
  const std::string lone_name = engines[lone].value("name", "");
  std::error_code ec;
  if (choice.plugin_path.empty() || !fs::is_regular_file(choice.plugin_path, ec)) {
    none.why_none += "; the reference engine " + std::string(kReferencePlugin) + " is not installed (looked for " +
                     choice.plugin_path + ")";
    return none;
  }
  if (lone < plugins.size() && SameFile(plugins[lone].path, choice.plugin_path)) {
    none.why_none += "; " + lone_name + " is the reference engine " + kReferencePlugin + " itself";
    return none;
  }
  const int64_t profiles = config.workload.Effective().profiles;
  const uint64_t need = MemoryReferenceNeedBytes(profiles);
  if (context.available_memory_bytes && need > *context.available_memory_bytes) {
    none.why_none += "; the reference engine " + std::string(kReferencePlugin) + " was skipped: it needs about " +
                     MiB(need) + " for " + std::to_string(profiles) + " profiles and " +
                     MiB(*context.available_memory_bytes) + " are available";
    return none;
  }
  return RunReferenceEngine(config, kReferencePlugin, choice.plugin_path, published.why_none, context);
}

}  // namespace kvbench::runner
