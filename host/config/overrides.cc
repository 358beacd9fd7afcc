#include "config/overrides.hpp"

#include <algorithm>
#include <cstdint>
#include <set>

#include "config/config_error.hpp"

namespace kvbench::config {

void ApplyOverrides(const Overrides& overrides, RunConfig* config) {
  if (overrides.profiles && config->workload.is_kv()) {
    throw ConfigError("--profiles: the config's workload is of kind \"kv\"; its size is workload.records");
  }
  if (overrides.profiles) {
    if (*overrides.profiles < 1 || *overrides.profiles > INT32_MAX) {
      throw ConfigError("--profiles: expected an integer in [1, " + std::to_string(INT32_MAX) + "], got " +
                        std::to_string(*overrides.profiles));
    }
    config->workload.profiles = static_cast<int32_t>(*overrides.profiles);
    config->workload.ClearCounts();
  }
  if (overrides.engines.empty()) return;
  std::set<std::string> wanted(overrides.engines.begin(), overrides.engines.end());
  for (const std::string& name : wanted) {
    const bool found = std::any_of(config->engines.begin(), config->engines.end(),
                                   [&](const EngineSpec& e) { return e.name == name; });
    if (!found) {
      std::string names;
      for (const EngineSpec& e : config->engines) names += (names.empty() ? "" : ", ") + e.name;
      throw ConfigError("--engine: the config has no engine named '" + name + "' (it has: " + names + ")");
    }
  }
  std::erase_if(config->engines, [&](const EngineSpec& e) { return wanted.count(e.name) == 0; });
}

}  // namespace kvbench::config
