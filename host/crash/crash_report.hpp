// The crash test's outputs: OUT/crashtest.json (schema in docs/results-schema.md) and OUT/crashtest.md (a summary
// table, then a table of kills per engine), both written atomically (temp file + rename).
#ifndef KVBENCH_HOST_CRASH_CRASH_REPORT_HPP_
#define KVBENCH_HOST_CRASH_CRASH_REPORT_HPP_

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "common/status.hpp"
#include "config/run_config.hpp"
#include "crash/crash_runner.hpp"

namespace kvbench::crash {

inline constexpr int kCrashtestSchemaVersion = 1;

struct CrashRun {
  config::RunConfig config;
  uint64_t seed = 0;
  int kills = 0;
  Fault fault = Fault::kKill;
  std::vector<EngineCrashResult> engines;
  int interrupted_by = 0;  // SIGINT or SIGTERM that stopped the test, else 0

  bool all_held() const;
  // The config's engines that have no entry in `engines` (not started), as results.json lists them.
  std::vector<std::string> engines_not_run() const;
  nlohmann::json ToJson() const;
};

std::string CrashMarkdown(const CrashRun& run);

// Writes OUT/crashtest.json and OUT/crashtest.md, each atomically (common/atomic_file.hpp: a file whose rename
// fails is kept as its temporary file, named in the error).
Status WriteCrashOutputs(const CrashRun& run, const std::string& out_dir);

}  // namespace kvbench::crash

#endif  // KVBENCH_HOST_CRASH_CRASH_REPORT_HPP_
