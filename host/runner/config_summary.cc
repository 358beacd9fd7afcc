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
  const std::string size = config.workload.is_kv()
                               ? std::to_string(config.workload.kv.records) + " records (kv), " +
                                     std::to_string(config.workload.kv.phases.size()) + " phases"
                               : std::to_string(config.workload.profiles) + " profiles, " +
                                     std::to_string(config.phases.size()) + " phases";
  return config.name + ": " + size + ", timeout " + std::to_string(config.timeout_seconds) + " s, " +
         std::to_string(config.engines.size()) + (config.engines.size() == 1 ? " engine (" : " engines (") + engines +
         ")";
}

}  // namespace kvbench::runner
