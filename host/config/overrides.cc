#include "config/overrides.hpp"

#include <algorithm>
#include <cstdint>
#include <set>

#include "config/config_error.hpp"

namespace kvbench::config {

std::vector<int32_t> ParseParallelismList(const std::string& text) {
  std::vector<int32_t> levels;
  size_t pos = 0;
  while (true) {
    const size_t comma = text.find(',', pos);
    const std::string item = text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    const bool digits = !item.empty() && item.size() <= 9 &&
                        std::all_of(item.begin(), item.end(), [](char c) { return c >= '0' && c <= '9'; });
    const long long p = digits ? std::stoll(item) : 0;
    if (p < 1 || p > workload::kMaxParallelism) {
      throw ConfigError("--parallelism: expected an integer in [1, " + std::to_string(workload::kMaxParallelism) +
                        "] or a comma-separated list of them, got \"" + text + "\"");
    }
    if (std::find(levels.begin(), levels.end(), p) != levels.end()) {
      throw ConfigError("--parallelism: " + item + " is given twice in \"" + text + "\"");
    }
    levels.push_back(static_cast<int32_t>(p));
    if (comma == std::string::npos) return levels;
    pos = comma + 1;
  }
}

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
  if (overrides.parallelism) {
    if (config->workload.is_kv()) {
      throw ConfigError("--parallelism: the config's workload is of kind \"kv\"; its clients are workload.phases[].threads");
    }
    config->workload.parallelism = ParseParallelismList(*overrides.parallelism);
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
