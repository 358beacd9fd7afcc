// kvbench run, after the config was accepted: each engine in its own worker process on an empty data directory
// under OUT/data, one after another; results.json (atomically) after each engine, so a run that is stopped keeps
// the engines it finished; at the end results.json once more and the report.
#ifndef KVBENCH_HOST_RUNNER_RUNNER_HPP_
#define KVBENCH_HOST_RUNNER_RUNNER_HPP_

#include <string>
#include <vector>

#include "common/status.hpp"
#include "config/run_config.hpp"
#include "runner/plugin_check.hpp"
#include "runner/reference_run.hpp"

namespace kvbench::runner {

struct RunOptions {
  std::string out_dir;     // prepared (PrepareOutDir)
  std::string executable;  // "" = this process
  bool keep_data = false;  // keep OUT/data/<engine> after the engine finished
  bool write_report = true;
  // What the checksums are checked against (reference_run.hpp); automatic by default.
  ReferenceChoice reference;
};

struct RunSummary {
  std::string results_path;                // the last level's, with several parallelism levels
  std::vector<std::string> level_results;  // with several levels: each level's results.json, in run order
  bool all_completed = false;
  bool correctness_passed = false;
  bool report_written = false;
  std::string report_error;
  size_t engines_run = 0;  // engines that ran (to the end or until stopped)
  int interrupted_by = 0;  // SIGINT or SIGTERM that stopped the run, else 0
};

// With several parallelism levels (workload.parallelism), each level runs as a run of its own into OUT/p<P> (its
// results.json, checks and report), then one report of every level is written into OUT.
// After the engines, the checksums are checked against the reference `options.reference` decides (a reference
// engine outside the run runs then, in its own worker, when needed).
// REQUIRES: `plugins` from CheckPlugins(config), one per engine. Fails only when results.json cannot be written
// at the end (the message names the temporary file that then holds the results, if there is one).
// SIGINT or SIGTERM (stop_signals.hpp) stops the run: the running engine's worker is killed and the engine recorded
// as Interrupted, the engines after it are not run; results.json and the report are written for what ran, and
// summary->interrupted_by names the signal (the caller then ends the process by it, ExitBySignal).
Status RunEngines(const config::RunConfig& config, const std::vector<CheckedPlugin>& plugins, const RunOptions& options,
                  RunSummary* summary);

}  // namespace kvbench::runner

#endif  // KVBENCH_HOST_RUNNER_RUNNER_HPP_
