#include "kvbench_process.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace kvbench::testing {

namespace fs = std::filesystem;

ScratchDir::ScratchDir() {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/kvbench-test-XXXXXX";
  if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  path_ = pattern;
}

ScratchDir::~ScratchDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

static std::string Env(const char* name) {
  const char* v = std::getenv(name);
  if (v == nullptr) throw std::runtime_error(std::string(name) + " is not set (run the test through ctest)");
  return v;
}

std::string KvbenchExecutable() { return Env("KVBENCH_BUILD_DIR") + "/kvbench"; }
std::string SourceDir() { return Env("KVBENCH_SOURCE_DIR"); }
std::string TestPluginPath(const std::string& name) {
  return Env("KVBENCH_BUILD_DIR") + "/tests/plugins/" + name + ".so";
}

namespace {

// posix_spawn of kvbench with `args`, stdout and stderr to `output_path`, this process's environment with `env`'s
// variables set. `own_group`: in a new process group, with SIGINT and SIGTERM at their default actions. Returns the
// pid, or -1.
pid_t SpawnKvbench(const std::vector<std::string>& args, const std::string& output_path, bool own_group,
                   const std::map<std::string, std::string>& env) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, output_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  if (own_group) {
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGTERM);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setpgroup(&attr, 0);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
  }
  const std::string exe = KvbenchExecutable();
  std::vector<char*> argv = {const_cast<char*>(exe.c_str())};
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  std::vector<std::string> env_entries;
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string entry = *e;
    if (env.count(entry.substr(0, entry.find('='))) == 0) env_entries.push_back(entry);
  }
  for (const auto& [name, value] : env) env_entries.push_back(name + "=" + value);
  std::vector<char*> envp;
  for (std::string& entry : env_entries) envp.push_back(entry.data());
  envp.push_back(nullptr);
  pid_t pid = -1;
  if (::posix_spawn(&pid, exe.c_str(), &actions, &attr, argv.data(), envp.data()) != 0) pid = -1;
  posix_spawnattr_destroy(&attr);
  posix_spawn_file_actions_destroy(&actions);
  return pid;
}

}  // namespace

ProcessResult RunKvbench(const std::vector<std::string>& args, const std::map<std::string, std::string>& env) {
  ScratchDir scratch;
  const std::string output_path = scratch / "output.txt";
  ProcessResult result;
  const pid_t pid = SpawnKvbench(args, output_path, /*own_group=*/false, env);
  if (pid < 0) {
    result.output = "posix_spawn failed for " + KvbenchExecutable();
    return result;
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.output = ReadFile(output_path);
  return result;
}

KvbenchProcess::KvbenchProcess(const std::vector<std::string>& args) : output_path_(scratch_ / "output.txt") {
  pid_ = SpawnKvbench(args, output_path_, /*own_group=*/true, {});
  running_ = pid_ > 0;
}

KvbenchProcess::~KvbenchProcess() {
  if (!running_) return;
  ::kill(-pid_, SIGKILL);
  ::waitpid(pid_, nullptr, 0);
}

std::string KvbenchProcess::Output() const { return ReadFile(output_path_); }

bool KvbenchProcess::WaitForOutput(const std::string& text, int timeout_ms) const {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (std::chrono::steady_clock::now() < deadline) {
    if (Output().find(text) != std::string::npos) return true;
    siginfo_t info{};  // ended (not reaped: WNOWAIT) before writing it
    if (::waitid(P_PID, pid_, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid_) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

bool KvbenchProcess::Wait(int timeout_ms, int* status) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (running_) {
    if (::waitpid(pid_, status, WNOHANG) == pid_) {
      running_ = false;
      break;
    }
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

void WriteFile(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path);
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

nlohmann::json ReadJson(const std::string& path) { return nlohmann::json::parse(ReadFile(path)); }

nlohmann::json ReferenceRun(int profiles) {
  const nlohmann::json ref = ReadJson(SourceDir() + "/configs/reference/profile-store-linux.json");
  return ref.at("runs").at(std::to_string(profiles));
}

nlohmann::json WindowsReferenceRun(int profiles, int parallelism) {
  const nlohmann::json ref = ReadJson(SourceDir() + "/configs/reference/profile-store-win.json");
  return ref.at("runs").at(std::to_string(profiles) + "-p" + std::to_string(parallelism));
}

nlohmann::json SmallConfig(int profiles, const nlohmann::json& engines) {
  return {{"schema_version", 1},
          {"name", "test"},
          {"workload", {{"kind", "profiles"}, {"profiles", profiles}}},
          {"timeout_seconds", 60},
          {"measure", {{"latency", true}, {"timeline_interval_ms", 100}}},
          {"engines", engines}};
}

}  // namespace kvbench::testing
