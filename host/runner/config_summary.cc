#include "runner/config_summary.hpp"

namespace kvbench::runner {

std::string SummarizeConfig(const config::RunConfig& config, const std::vector<CheckedPlugin>& plugins) {
  std::string engines;
  for (size_t i = 0; i < config.engines.size(); ++i) {
    engines += (i ? ", " : "") + config.engines[i].name;
    if (i < plugins.size() && plugins[i].plugin.is_object()) {
      engines += ": " + plugins[i].plugin.value("name", "?") + " " + plugins[i].plugin.value("version", "?");
    }
  }
  return config.name + ": " + std::to_string(config.workload.profiles) + " profiles, " +
         std::to_string(config.phases.size()) + " phases, timeout " + std::to_string(config.timeout_seconds) + " s, " +
         std::to_string(config.engines.size()) + (config.engines.size() == 1 ? " engine (" : " engines (") + engines +
         ")";
}

}  // namespace kvbench::runner
