// results.json (docs/results-schema.md): assembled from the config as run, the environment and the engines'
// results, and written atomically (common/atomic_file.hpp: a temporary file in the same directory, fsync, rename),
// so a reader never sees a partial file and an earlier results.json survives a run that dies before the end.
#ifndef KVBENCH_HOST_RUNNER_RESULTS_WRITER_HPP_
#define KVBENCH_HOST_RUNNER_RESULTS_WRITER_HPP_

#include <nlohmann/json.hpp>
#include <string>

#include "common/status.hpp"
#include "config/run_config.hpp"
#include "runner/correctness.hpp"

namespace kvbench::runner {

inline constexpr int kResultsSchemaVersion = 1;

// `engines`: EngineResult::ToJson() of each engine, in run order. Adds the correctness block, checked against
// `reference` (reference_run.hpp).
nlohmann::json BuildResults(const config::RunConfig& config, const nlohmann::json& engines,
                            const nlohmann::json& environment, const ChecksumReference& reference);

// Writes `doc` (pretty-printed) to `path` through `path`.tmp-<pid> + rename. When the rename fails the temporary
// file is kept and the IOError names it (it holds the results).
Status WriteJsonAtomically(const std::string& path, const nlohmann::json& doc);

// "2026-12-02T13:00:00Z".
std::string UtcTimestamp();

}  // namespace kvbench::runner

#endif  // KVBENCH_HOST_RUNNER_RESULTS_WRITER_HPP_
