// The run config (configs/README.md): what to run, on which engines, with which measurement. Built by
// ParseRunConfig (config_parser.hpp), which validates it completely; a RunConfig that exists is runnable as far
// as the host can tell (the plugins check their own settings when they open).
#ifndef KVBENCH_HOST_CONFIG_RUN_CONFIG_HPP_
#define KVBENCH_HOST_CONFIG_RUN_CONFIG_HPP_

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "measure/phase_meter.hpp"
#include "workload/kv/kv_spec.hpp"
#include "workload/phase_id.hpp"
#include "workload/workload_params.hpp"

namespace kvbench::config {

inline constexpr int kConfigSchemaVersion = 1;
inline constexpr int64_t kDefaultTimeoutSeconds = 120000;
// Workloads this large get the memory latency probe unless measure.memory_latency says otherwise.
inline constexpr int32_t kMemoryLatencyMinProfiles = 100000;

inline constexpr const char* kProfilesKind = "profiles";
inline constexpr const char* kKvKind = "kv";

// The "workload" member. Per-phase counts left out of the config follow the spec's defaults for `profiles`.
// Kind "kv" (workload/kv/kv_spec.hpp) uses only `kv`; its phases are its own (RunConfig::phases stays empty).
struct WorkloadSpec {
  std::string kind = kProfilesKind;
  workload::kv::KvSpec kv;  // kind "kv" only
  bool is_kv() const { return kind == kKvKind; }
  int32_t profiles = 0;
  int32_t seed = 570123434;
  int32_t query_limit = 100;
  // The parallelism levels (docs/profile-workload-parallel.md): each engine runs once per level, in this order.
  // Never empty. The request a worker process gets holds its one level.
  std::vector<int32_t> parallelism = {1};
  std::optional<int64_t> reads, email_reads, queries, updates, post_reads, post_email_reads, post_queries;
  // Run the "deep verify" step after "verify": every record of every store against the expected state.
  bool deep_verify = false;

  // Defaults(profiles) with the given counts applied, at the first parallelism level.
  workload::WorkloadParams Effective() const;
  // Forgets the explicit per-phase counts (--profiles re-derives them from the new N).
  void ClearCounts();
};

// An engine's name becomes the name of its data directory and of its timeline chart files (at most 255 bytes on
// Linux file systems), and a column in the report's tables: longer names are refused.
inline constexpr size_t kMaxEngineNameBytes = 100;

struct EngineSpec {
  std::string name;    // display name, unique in the config, at most kMaxEngineNameBytes
  std::string plugin;  // plugin name ("rocksdb5" -> <plugin-dir>/rocksdb5.so) or a path to a .so
  nlohmann::json settings = nlohmann::json::object();    // the plugin's to check
  nlohmann::json durability = nlohmann::json::object();  // the plugin's to check
  // 'kvbench crashtest' only: "none" or "no-acked-loss", overriding the built-in rule (crash/durability_promise.hpp).
  std::optional<std::string> crash_promise;

  // {"settings":...,"durability":...}: the kvb_open_params config text.
  std::string OpenConfigJson() const;
};

struct RunConfig {
  std::string name;
  WorkloadSpec workload;
  // The profile phases to run, in order (all 16 when the config names none; none for kind "kv").
  std::vector<workload::PhaseId> phases;
  int64_t timeout_seconds = kDefaultTimeoutSeconds;  // per engine, the whole engine run
  measure::MeasureOptions measure;
  std::vector<EngineSpec> engines;

  // Whether the run probes the machine's memory latency: measure.memory_latency if set, else whether the workload
  // has at least kMemoryLatencyMinProfiles profiles.
  bool ProbesMemoryLatency() const {
    const int64_t size = workload.is_kv() ? workload.kv.records : workload.profiles;
    return measure.memory_latency.value_or(size >= kMemoryLatencyMinProfiles);
  }

  // The config as run, defaults filled in (the "config" member of results.json; ParseRunConfig accepts it).
  nlohmann::json ToJson() const;
};

// The phase names of `phases`, in order.
std::vector<std::string> PhaseNames(const std::vector<workload::PhaseId>& phases);

}  // namespace kvbench::config

#endif  // KVBENCH_HOST_CONFIG_RUN_CONFIG_HPP_
