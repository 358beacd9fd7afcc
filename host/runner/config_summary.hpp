// One line describing a checked run config, for 'kvbench validate' and the start of 'kvbench run'.
#ifndef KVBENCH_HOST_RUNNER_CONFIG_SUMMARY_HPP_
#define KVBENCH_HOST_RUNNER_CONFIG_SUMMARY_HPP_

#include <string>
#include <vector>

#include "config/run_config.hpp"
#include "runner/plugin_check.hpp"

namespace kvbench::runner {

// "Benchmark 100M Profiles: 100000000 profiles, 16 phases, timeout 120000 s, 2 engines (ZoneTree: zonetree_like
// 1.0.0, RocksDB: rocksdb5 1.0.0)".
std::string SummarizeConfig(const config::RunConfig& config, const std::vector<CheckedPlugin>& plugins);

}  // namespace kvbench::runner

#endif  // KVBENCH_HOST_RUNNER_CONFIG_SUMMARY_HPP_
