// The output directory of a run: OUT/results.json and the report (kvbench run), OUT/crashtest.json and
// OUT/crashtest.md (kvbench crashtest), and OUT/data/<engine>/ while an engine runs.
#ifndef KVBENCH_HOST_RUNNER_OUT_DIR_HPP_
#define KVBENCH_HOST_RUNNER_OUT_DIR_HPP_

#include <string>
#include <vector>

#include "common/status.hpp"
#include "config/run_config.hpp"

namespace kvbench::runner {

inline constexpr const char* kResultsFile = "results.json";
inline constexpr const char* kCrashtestJsonFile = "crashtest.json";
inline constexpr const char* kCrashtestMarkdownFile = "crashtest.md";
inline constexpr const char* kDataDir = "data";

// What writes the out directory: 'kvbench run' (results.json and the report's fixed files) or 'kvbench crashtest'
// (crashtest.json, crashtest.md).
enum class OutputKind { kRun, kCrashtest };

// Creates `dir` if needed and proves it writable (creates and removes a probe file), and checks that every file
// `kind` writes there can be replaced (is not a directory) and that OUT/data, if present, is a directory: so a run
// that could not save its results is refused before it runs, not after. InvalidArgument naming --out and the path
// otherwise. Touches nothing else.
Status PrepareOutDir(const std::string& dir, OutputKind kind);

// One data directory per engine, in config order: OUT/data/<name with every character outside [A-Za-z0-9._-]
// replaced by '_'>, with "-2", "-3", ... appended when an earlier engine already has that directory (names that
// differ only in punctuation, like "Z T" and "Z/T"). The same engines always get the same directories.
std::vector<std::string> EngineDataDirs(const std::string& out_dir, const std::vector<config::EngineSpec>& engines);

// Before anything runs: OUT/data is not a symlink, and every engine's data directory (EngineDataDirs) is absent or
// one kvbench made (runner/data_dir.hpp). InvalidArgument naming --out, the directory and what to do otherwise.
Status CheckEngineDataDirs(const std::string& out_dir, const std::vector<config::EngineSpec>& engines);

}  // namespace kvbench::runner

#endif  // KVBENCH_HOST_RUNNER_OUT_DIR_HPP_
