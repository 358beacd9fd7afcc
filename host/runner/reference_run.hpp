// What `kvbench run` checks the engines' checksums against (correctness.hpp), decided after the engines ran:
// - the published run of the same workload (published_reference.hpp), when there is one;
// - else, with two or more completed engines, nothing: they are compared with each other;
// - else, for a lone completed engine, the bundled `memory` engine run once more on the same workload as the
//   reference, when this machine has the memory it needs (kMemoryReferenceBaseBytes + kMemoryReferenceBytesPerProfile
//   per profile, against MemAvailable; otherwise it is skipped and the run says why);
// - `--reference NAME` instead: one of the run's engines (its checksums are the truth), or a plugin run once more
//   as the reference; `--reference none`: no reference at all.
#ifndef KVBENCH_HOST_RUNNER_REFERENCE_RUN_HPP_
#define KVBENCH_HOST_RUNNER_REFERENCE_RUN_HPP_

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "config/run_config.hpp"
#include "runner/correctness.hpp"
#include "runner/plugin_check.hpp"

namespace kvbench::runner {

// The bundled reference engine's plugin.
inline constexpr const char* kReferencePlugin = "memory";
// Its peak memory: 106,012,672 bytes measured at 100K profiles and 971,624,448 at 1M (results/examples/), so about
// 1,000 bytes a profile; with a margin.
inline constexpr uint64_t kMemoryReferenceBaseBytes = uint64_t{64} << 20;
inline constexpr uint64_t kMemoryReferenceBytesPerProfile = 1100;

uint64_t MemoryReferenceNeedBytes(int64_t profiles);

struct ReferenceChoice {
  enum class Mode {
    kAutomatic,    // published, else the engines with each other, else the memory engine for a lone engine
    kNone,         // --reference none
    kRunEngine,    // --reference NAME naming one of the run's engines
    kExtraEngine,  // --reference NAME naming a plugin, run once more as the reference
  };
  Mode mode = Mode::kAutomatic;
  std::string name;         // kRunEngine: the engine; kExtraEngine: the plugin as given
  std::string plugin_path;  // kExtraEngine: resolved; kAutomatic: the bundled reference plugin's path
};

// The published run of the config's workload (kPublished), or kNone saying there is none.
ChecksumReference PublishedReferenceFor(const config::RunConfig& config);

struct ReferenceRunContext {
  std::string out_dir;     // the reference engine's data directory goes under OUT/data, removed after it ran
  std::string executable;  // "" = this process
  // MemAvailable of /proc/meminfo; nullopt when unknown (the memory reference then runs).
  std::optional<uint64_t> available_memory_bytes;
};

// Decides the reference for `engines` (the results of the run's engines, config order) and, when it is an engine
// outside the run, runs it on the same workload (its result goes nowhere but into the expectation).
// REQUIRES: `plugins` as given to RunEngines.
ChecksumReference DecideReference(const config::RunConfig& config, const std::vector<CheckedPlugin>& plugins,
                                  const nlohmann::json& engines, const ReferenceChoice& choice,
                                  const ReferenceRunContext& context);

// MemAvailable in bytes, nullopt when /proc/meminfo does not say.
std::optional<uint64_t> AvailableMemoryBytes();

}  // namespace kvbench::runner

#endif  // KVBENCH_HOST_RUNNER_REFERENCE_RUN_HPP_
