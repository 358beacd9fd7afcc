#include "runner/environment.hpp"

#include <sys/utsname.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

namespace kvbench::runner {
namespace {

std::string ReadFile(const char* path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string Trim(std::string s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  const auto last = s.find_last_not_of(" \t\r\n");
  return s.substr(first, last - first + 1);
}

nlohmann::json OrNull(const std::string& s) { return s.empty() ? nlohmann::json(nullptr) : nlohmann::json(s); }

}  // namespace

std::string ParseOsRelease(const std::string& text) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("PRETTY_NAME=", 0) != 0) continue;
    std::string value = Trim(line.substr(12));
    if (value.size() >= 2 && (value.front() == '"' || value.front() == '\'') && value.back() == value.front()) {
      value = value.substr(1, value.size() - 2);
    }
    return value;
  }
  return "";
}

std::string ParseCpuModel(const std::string& text) {
  std::istringstream in(text);
  std::string fallback;
  for (std::string line; std::getline(in, line);) {
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    const std::string key = Trim(line.substr(0, colon));
    const std::string value = Trim(line.substr(colon + 1));
    if (key == "model name" && !value.empty()) return value;
    if ((key == "Processor" || key == "cpu model") && fallback.empty()) fallback = value;
  }
  return fallback;
}

nlohmann::json ProbeEnvironment() {
  nlohmann::json env;
  env["os"] = OrNull(ParseOsRelease(ReadFile("/etc/os-release")));
  utsname u{};
  if (::uname(&u) == 0) {
    env["kernel"] = std::string(u.sysname) + " " + u.release;
    env["architecture"] = u.machine;
  } else {
    env["kernel"] = nullptr;
    env["architecture"] = nullptr;
  }
  env["cpu_model"] = OrNull(ParseCpuModel(ReadFile("/proc/cpuinfo")));
  const long cpus = ::sysconf(_SC_NPROCESSORS_ONLN);
  env["logical_processors"] = cpus > 0 ? nlohmann::json(cpus) : nlohmann::json(nullptr);
  const long pages = ::sysconf(_SC_PHYS_PAGES), page_size = ::sysconf(_SC_PAGESIZE);
  env["total_memory_bytes"] = pages > 0 && page_size > 0
                                  ? nlohmann::json(static_cast<uint64_t>(pages) * static_cast<uint64_t>(page_size))
                                  : nlohmann::json(nullptr);
  env["compiler"] = KVBENCH_COMPILER;
  env["build_type"] = KVBENCH_BUILD_TYPE;
  env["kvbench_version"] = KVBENCH_VERSION;
  env["git_revision"] = KVBENCH_GIT_REVISION;
  return env;
}

}  // namespace kvbench::runner
