// The output directory of a run: OUT/results.json, OUT/report.*, and OUT/data/<engine>/ while an engine runs.
#ifndef KVBENCH_HOST_RUNNER_OUT_DIR_HPP_
#define KVBENCH_HOST_RUNNER_OUT_DIR_HPP_

#include <string>

#include "common/status.hpp"

namespace kvbench::runner {

// Creates `dir` if needed and proves it writable (creates and removes a probe file). InvalidArgument naming
// --out when it is a file, cannot be created or is not writable. Touches nothing else in it.
Status PrepareOutDir(const std::string& dir);

// OUT/data/<engine name with every character outside [A-Za-z0-9._-] replaced by '_'>.
std::string EngineDataDir(const std::string& out_dir, const std::string& engine_name);

// Removes `dir` and everything under it, then creates it empty.
Status ResetDir(const std::string& dir);

}  // namespace kvbench::runner

#endif  // KVBENCH_HOST_RUNNER_OUT_DIR_HPP_
