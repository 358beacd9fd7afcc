// Command-line overrides of a run config (kvbench run --profiles N --engine NAME...). Applied after parsing, so
// the config recorded in results.json is the config as run.
#ifndef KVBENCH_HOST_CONFIG_OVERRIDES_HPP_
#define KVBENCH_HOST_CONFIG_OVERRIDES_HPP_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "config/run_config.hpp"

namespace kvbench::config {

struct Overrides {
  std::optional<long long> profiles;  // replaces workload.profiles; per-phase counts then follow the new N
  std::vector<std::string> engines;   // keep only these engines (config order); empty: all
  // replaces workload.parallelism: "N" or a comma-separated list of levels ("1,2,16")
  std::optional<std::string> parallelism;
};

// "16" or "1,2,16": distinct levels in [1, workload::kMaxParallelism]. Throws ConfigError naming --parallelism.
std::vector<int32_t> ParseParallelismList(const std::string& text);

// Throws ConfigError for a profile count or parallelism out of range, or an engine name the config does not have.
void ApplyOverrides(const Overrides& overrides, RunConfig* config);

}  // namespace kvbench::config

#endif  // KVBENCH_HOST_CONFIG_OVERRIDES_HPP_
