// The "environment" block of results.json: what machine and build produced the numbers.
#ifndef KVBENCH_HOST_RUNNER_ENVIRONMENT_HPP_
#define KVBENCH_HOST_RUNNER_ENVIRONMENT_HPP_

#include <nlohmann/json.hpp>
#include <string>

namespace kvbench::runner {

// os (PRETTY_NAME of /etc/os-release), kernel, architecture (uname), cpu_model (/proc/cpuinfo), logical
// processors, total memory, and the build's compiler, build type, version and git revision. Unknown: null.
nlohmann::json ProbeEnvironment();

// Exposed for tests: PRETTY_NAME from the text of an os-release file ("" when absent), the first "model name"
// (or "Processor"/"cpu model") from the text of /proc/cpuinfo.
std::string ParseOsRelease(const std::string& text);
std::string ParseCpuModel(const std::string& text);

}  // namespace kvbench::runner

#endif  // KVBENCH_HOST_RUNNER_ENVIRONMENT_HPP_
