#include "crash/crash_runner.hpp"

#include <fcntl.h>
#include <poll.h>
#include <spdlog/spdlog.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <memory>
#include <thread>

#include "common/errno_message.hpp"
#include "crash/ack_page.hpp"
#include "crash/crash_request.hpp"
#include "runner/child_protocol.hpp"
#include "runner/data_dir.hpp"
#include "runner/out_dir.hpp"
#include "runner/stop_signals.hpp"
#include "runner/supervisor.hpp"

namespace kvbench::crash {
namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kPollInterval = std::chrono::microseconds(100);

struct Child {
  pid_t pid = -1;
  int out = -1;  // the child's stdout
};

// This process's environment with `extra` ("NAME=value") added, replacing variables of the same name.
std::vector<std::string> EnvironmentWith(const std::vector<std::string>& extra) {
  std::vector<std::string> env;
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string entry(*e);
    const std::string name = entry.substr(0, entry.find('='));
    const bool replaced = std::any_of(extra.begin(), extra.end(), [&](const std::string& x) {
      return x.compare(0, name.size() + 1, name + "=") == 0;
    });
    if (!replaced) env.push_back(entry);
  }
  env.insert(env.end(), extra.begin(), extra.end());
  return env;
}

// fork + exec "kvbench __crash-worker [--ack-fd N]" with `request` on its stdin and `extra_env` added to its
// environment.
Status Spawn(const std::string& exe, int ack_fd, const std::string& request, const std::vector<std::string>& extra_env,
             Child* child) {
  const std::string fd_text = std::to_string(ack_fd);
  std::vector<char*> argv = {const_cast<char*>("kvbench"), const_cast<char*>("__crash-worker")};
  if (ack_fd >= 0) {
    argv.push_back(const_cast<char*>("--ack-fd"));
    argv.push_back(const_cast<char*>(fd_text.c_str()));
  }
  argv.push_back(nullptr);
  std::vector<std::string> env_strings = EnvironmentWith(extra_env);
  std::vector<char*> envp;
  for (std::string& e : env_strings) envp.push_back(e.data());
  envp.push_back(nullptr);
  int in[2] = {-1, -1}, out[2] = {-1, -1};
  if (::pipe2(in, O_CLOEXEC) != 0) return Status::IOError(ErrnoMessage("pipe"));
  if (::pipe2(out, O_CLOEXEC) != 0) {
    const Status failed = Status::IOError(ErrnoMessage("pipe"));  // before close() can change errno
    ::close(in[0]);
    ::close(in[1]);
    return failed;
  }
  const pid_t pid = ::fork();
  if (pid < 0) {
    const Status failed = Status::IOError(ErrnoMessage("fork"));
    for (int fd : {in[0], in[1], out[0], out[1]}) ::close(fd);
    return failed;
  }
  if (pid == 0) {
    if (::dup2(in[0], STDIN_FILENO) < 0 || ::dup2(out[1], STDOUT_FILENO) < 0) ::_exit(127);
    ::execve(exe.c_str(), argv.data(), envp.data());
    ::_exit(127);
  }
  ::close(in[0]);
  ::close(out[1]);
  (void)runner::WriteAll(in[1], request);  // a worker that died early makes this fail (SIGPIPE is ignored)
  ::close(in[1]);
  child->pid = pid;
  child->out = out[0];
  return Status::OK();
}

int Reap(pid_t pid) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

// Everything the child wrote, until end of stream or `deadline`, or until the run is asked to stop (false on the
// deadline or the stop).
bool ReadUntilEnd(int fd, Clock::time_point deadline, std::string* out) {
  char buf[65536];
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0 || runner::StopSignal() != 0) return false;
    pollfd p = {fd, POLLIN, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(std::min<int64_t>(left, 100)));
    if (ready < 0 && errno != EINTR) return true;
    if (ready <= 0) continue;
    const ssize_t n = ::read(fd, buf, sizeof(buf));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return true;
    out->append(buf, static_cast<size_t>(n));
  }
}

// The last line of `text` that is a JSON object, or null.
nlohmann::json LastJsonLine(const std::string& text) {
  nlohmann::json last = nlohmann::json::object();
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    nlohmann::json j = nlohmann::json::parse(text.substr(start, end - start), nullptr, false);
    if (!j.is_discarded() && j.is_object()) last = std::move(j);
    start = end + 1;
  }
  return last;
}

std::string DescribeExit(int status) {
  if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
  return "exited with status " + std::to_string(WEXITSTATUS(status));
}

class KillRun {
 public:
  KillRun(const CrashRequest& base, const CrashOptions& options, const std::string& exe)
      : base_(base), options_(options), exe_(exe) {}

  void Run(KillOutcome* k) {
    Status s = runner::ResetDataDir(base_.data_dir);
    if (s.ok()) s = AckPage::Create(&page_);
    if (s.ok() && options_.fault == Fault::kPowerCut) s = PowerCut::Create(&power_cut_);
    if (!s.ok()) {
      k->writer = "failed";
      k->reopen = "verify failed";
      k->error = s.message();
      return;
    }
    Write(k);
    if (runner::StopSignal() != 0) return;  // the writer was stopped, not killed on target: nothing to verify
    if (power_cut_ && !CutPower(k)) return;
    Verify(k);
    page_.reset();
    power_cut_.reset();
  }

 private:
  void Write(KillOutcome* k) {
    CrashRequest request = base_;
    request.mode = CrashRequest::Mode::kWrite;
    request.phase = k->phase;
    Child child;
    const std::vector<std::string> env =
        power_cut_ ? power_cut_->WriterEnvironment(SyncTrackerPath(exe_)) : std::vector<std::string>();
    Status s = Spawn(exe_, page_->fd(), request.ToJson().dump(), env, &child);
    if (!s.ok()) {
      k->writer = "failed";
      k->error = "starting the writer: " + s.message();
      return;
    }
    AckShared* shared = page_->shared();
    const auto deadline = Clock::now() + std::chrono::seconds(options_.timeout_seconds);
    bool exited = false, finished = false;
    int status = 0;
    for (;;) {
      if (shared->acked.load(std::memory_order_acquire) >= k->target_ops) break;
      if (shared->writer_done.load(std::memory_order_acquire) != 0) {
        finished = true;
        break;
      }
      if (::waitpid(child.pid, &status, WNOHANG) == child.pid) {
        exited = true;
        break;
      }
      if (Clock::now() >= deadline) {
        k->writer = "timed out";
        break;
      }
      if (runner::StopSignal() != 0) break;  // the caller drops this kill
      std::this_thread::sleep_for(kPollInterval);
    }
    if (!exited) {
      ::kill(child.pid, SIGKILL);
      status = Reap(child.pid);
    }
    k->acked_ops = shared->acked.load(std::memory_order_acquire);
    if (finished && k->acked_ops < k->target_ops) k->writer = "finished";
    if (exited) {
      std::string text;
      ReadUntilEnd(child.out, Clock::now() + std::chrono::seconds(1), &text);
      const nlohmann::json line = LastJsonLine(text);
      k->writer = "failed";
      k->error = "writer " + DescribeExit(status) +
                 (line.contains("error") ? ": " + line["error"].get<std::string>() : std::string());
    }
    ::close(child.out);
  }

  void Verify(KillOutcome* k) {
    CrashRequest request = base_;
    request.mode = CrashRequest::Mode::kVerify;
    request.phase = k->phase;
    request.acked = k->acked_ops;
    Child child;
    Status s = Spawn(exe_, -1, request.ToJson().dump(), {}, &child);
    if (!s.ok()) {
      k->reopen = "verify failed";
      k->error = "starting the verifier: " + s.message();
      return;
    }
    std::string text;
    const bool ended = ReadUntilEnd(child.out, Clock::now() + std::chrono::seconds(options_.timeout_seconds), &text);
    if (!ended) ::kill(child.pid, SIGKILL);
    const int status = Reap(child.pid);
    ::close(child.out);
    const nlohmann::json line = LastJsonLine(text);
    if (line.contains("reopen_ms") && line["reopen_ms"].is_number()) k->reopen_ms = line["reopen_ms"].get<double>();
    const std::string verdict = line.value("status", "");
    const auto note = [&](const std::string& what) {
      if (!k->error.empty()) k->error += "; ";
      k->error += what;
    };
    if (!ended) {
      k->reopen = "verifier timed out";
      note("the verifier did not finish in " + std::to_string(options_.timeout_seconds) + " s");
    } else if (verdict == "ok") {
      k->reopen = "ok";
      k->deep_verify = line["deep_verify"];
      k->lost = k->deep_verify.value("lost_ids", uint64_t{0});
      k->corrupt = k->deep_verify.value("wrong", uint64_t{0});
      k->invented = k->deep_verify.value("extra", uint64_t{0});
      k->orphans = k->deep_verify.value("orphans", uint64_t{0});
      k->in_flight_partial = k->deep_verify.value("in_flight_partial", uint64_t{0});
    } else if (verdict == "reopen_failed") {
      k->reopen = "reopen failed";
      note(line.value("error", ""));
    } else if (verdict == "failed") {
      k->reopen = "verify failed";
      note(line.value("error", ""));
    } else {
      k->reopen = "verifier crashed";
      note("verifier " + DescribeExit(status));
    }
  }

  // The writer is gone: drops what it had not synced. False (the verify is not run) when that cannot be done.
  bool CutPower(KillOutcome* k) {
    PowerCutStats stats;
    const Status s = power_cut_->Apply(base_.data_dir, &stats);
    if (!s.ok()) {
      k->reopen = "not run";
      if (!k->error.empty()) k->error += "; ";
      k->error += "power cut: " + s.message();
      return false;
    }
    k->power_cut = stats;
    return true;
  }

  const CrashRequest& base_;
  const CrashOptions& options_;
  const std::string& exe_;
  std::unique_ptr<AckPage> page_;
  std::unique_ptr<PowerCut> power_cut_;  // --power-cut runs only
};

}  // namespace

EngineCrashResult RunEngineCrashes(const config::RunConfig& config, size_t engine_index, const std::string& plugin_path,
                                   const std::string& plugin_name, const CrashOptions& options) {
  const config::EngineSpec& engine = config.engines[engine_index];
  EngineCrashResult result;
  result.name = engine.name;
  result.plugin = plugin_name;
  result.durability = engine.durability;
  result.promise = PromiseFor(engine, plugin_name, options.fault);

  CrashRequest base;
  base.config = config;
  base.engine_index = engine_index;
  base.plugin_path = plugin_path;
  base.data_dir = runner::EngineDataDirs(options.out_dir, config.engines)[engine_index];
  const std::string exe = options.executable.empty() ? runner::SelfExecutable() : options.executable;
  const workload::WorkloadParams params = config.workload.Effective();
  for (int i = 0; i < options.kills && runner::StopSignal() == 0; ++i) {
    const KillTarget target = PickKillTarget(options.seed, engine.name, i, params);
    KillOutcome k;
    k.kill = i;
    k.phase = target.phase;
    k.target_ops = target.target_ops;
    KillRun(base, options, exe).Run(&k);
    if (runner::StopSignal() != 0) break;  // its writer or verifier was stopped, not tested: not a result
    spdlog::info("{} {} {}/{}: {} target {} acked {} ({}){}, reopen {}: lost {}, corrupt {}, invented {}, orphans {}{}",
                 engine.name, options.fault == Fault::kPowerCut ? "power cut" : "kill", i + 1, options.kills,
                 CrashPhaseName(k.phase), k.target_ops, k.acked_ops, k.writer,
                 k.power_cut ? ", dropped " + std::to_string(k.power_cut->dropped_bytes) + " unsynced bytes" : "",
                 k.reopen, k.lost, k.corrupt, k.invented, k.orphans, k.error.empty() ? "" : " (" + k.error + ")");
    result.kills.push_back(std::move(k));
  }
  result.interrupted = result.kills.size() < static_cast<size_t>(options.kills);  // only a stop ends the loop early
  if (!options.keep_data) {
    if (Status removed = runner::RemoveDataDir(base.data_dir); !removed.ok()) {
      spdlog::warn("cannot remove {}: {}", base.data_dir, removed.message());
    }
  }
  return result;
}

}  // namespace kvbench::crash
