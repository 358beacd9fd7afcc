// Command-line overrides of a run config (kvbench run --profiles N --engine NAME...). Applied after parsing, so
// the config recorded in results.json is the config as run.
#ifndef KVBENCH_HOST_CONFIG_OVERRIDES_HPP_
#define KVBENCH_HOST_CONFIG_OVERRIDES_HPP_

#include <optional>
#include <string>
#include <vector>

#include "config/run_config.hpp"

namespace kvbench::config {

struct Overrides {
  std::optional<long long> profiles;  // replaces workload.profiles; per-phase counts then follow the new N
  std::vector<std::string> engines;   // keep only these engines (config order); empty: all
};

// Throws ConfigError for a profile count out of range or an engine name the config does not have.
void ApplyOverrides(const Overrides& overrides, RunConfig* config);

}  // namespace kvbench::config

#endif  // KVBENCH_HOST_CONFIG_OVERRIDES_HPP_
