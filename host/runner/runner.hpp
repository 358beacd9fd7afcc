// kvbench run, after the config was accepted: each engine in its own worker process on an empty data directory
// under OUT/data, one after another; then results.json (atomically) and the report.
#ifndef KVBENCH_HOST_RUNNER_RUNNER_HPP_
#define KVBENCH_HOST_RUNNER_RUNNER_HPP_

#include <string>
#include <vector>

#include "common/status.hpp"
#include "config/run_config.hpp"
#include "runner/plugin_check.hpp"

namespace kvbench::runner {

struct RunOptions {
  std::string out_dir;     // prepared (PrepareOutDir)
  std::string executable;  // "" = this process
  bool keep_data = false;  // keep OUT/data/<engine> after the engine finished
  bool write_report = true;
};

struct RunSummary {
  std::string results_path;
  bool all_completed = false;
  bool correctness_passed = false;
  bool report_written = false;
  std::string report_error;
};

// REQUIRES: `plugins` from CheckPlugins(config), one per engine. Fails only when results.json cannot be written.
Status RunEngines(const config::RunConfig& config, const std::vector<CheckedPlugin>& plugins, const RunOptions& options,
                  RunSummary* summary);

}  // namespace kvbench::runner

#endif  // KVBENCH_HOST_RUNNER_RUNNER_HPP_
