// Helpers for tests that run the kvbench executable as a user would: a scratch directory, config files written
// from JSON, a run with its exit status and output, and the published reference checksums (configs/reference/).
#ifndef KVBENCH_TESTS_WORKLOAD_KVBENCH_PROCESS_HPP_
#define KVBENCH_TESTS_WORKLOAD_KVBENCH_PROCESS_HPP_

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace kvbench::testing {

// A fresh directory under $TMPDIR (or /tmp), removed with everything in it on destruction.
class ScratchDir {
 public:
  ScratchDir();
  ~ScratchDir();
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const std::string& path() const { return path_; }
  std::string operator/(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

struct ProcessResult {
  int exit_code = -1;  // -1 when killed by a signal
  std::string output;  // stdout and stderr, interleaved
};

// $KVBENCH_BUILD_DIR/kvbench, $KVBENCH_SOURCE_DIR, build/tests/plugins/<name>.so.
std::string KvbenchExecutable();
std::string SourceDir();
std::string TestPluginPath(const std::string& name);

// Runs kvbench with `args` (each passed as one argument, no shell) and waits for it. `env`: variables set (or
// replaced) in kvbench's environment, e.g. {{"TMPDIR", dir}}.
ProcessResult RunKvbench(const std::vector<std::string>& args, const std::map<std::string, std::string>& env = {});

// kvbench started in the background, as a user starts it from a shell: its own process group (the group a
// terminal's Ctrl-C reaches), SIGINT and SIGTERM at their default actions, stdin from /dev/null, stdout and stderr
// to a file. The destructor kills the group (SIGKILL) if it is still running.
class KvbenchProcess {
 public:
  explicit KvbenchProcess(const std::vector<std::string>& args);
  ~KvbenchProcess();
  KvbenchProcess(const KvbenchProcess&) = delete;
  KvbenchProcess& operator=(const KvbenchProcess&) = delete;

  int pid() const { return pid_; }  // also the process group's id; <= 0 when it could not be started
  // Everything it wrote so far.
  std::string Output() const;
  // Waits up to `timeout_ms` for `text` to appear in its output; false on the timeout or when it ended first.
  bool WaitForOutput(const std::string& text, int timeout_ms) const;
  // Waits up to `timeout_ms` for it to end; false when it is still running. *status: the waitpid status.
  bool Wait(int timeout_ms, int* status);

 private:
  ScratchDir scratch_;
  std::string output_path_;
  int pid_ = -1;
  bool running_ = false;
};

void WriteFile(const std::string& path, const std::string& text);
std::string ReadFile(const std::string& path);
nlohmann::json ReadJson(const std::string& path);

// The published run of `profiles` profiles from configs/reference/profile-store-linux.json ({"phase_checksums": [...],
// "final_checksum": ...}).
nlohmann::json ReferenceRun(int profiles);
// The published Windows run (query limit 50) at `parallelism` workers: configs/reference/profile-store-win.json.
nlohmann::json WindowsReferenceRun(int profiles, int parallelism);

// A minimal valid config over `engines` for `profiles` profiles.
nlohmann::json SmallConfig(int profiles, const nlohmann::json& engines);

}  // namespace kvbench::testing

#endif  // KVBENCH_TESTS_WORKLOAD_KVBENCH_PROCESS_HPP_
