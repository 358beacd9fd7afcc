#include "runner/supervisor.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <thread>
#include <vector>

#include "common/errno_message.hpp"
#include "runner/child_protocol.hpp"

namespace kvbench::runner {
namespace {

constexpr int kEventFd = 3;
using Clock = std::chrono::steady_clock;

void CloseFd(int* fd) {
  if (*fd >= 0) ::close(*fd);
  *fd = -1;
}

// Reads what is available; false at end of stream.
bool ReadEvents(int fd, EventReader* reader, EngineResult* result, const SuperviseOptions& options) {
  char buf[65536];
  const ssize_t n = ::read(fd, buf, sizeof(buf));
  if (n < 0) return errno == EINTR || errno == EAGAIN;
  if (n == 0) return false;
  std::vector<nlohmann::json> events;
  reader->Feed(buf, static_cast<size_t>(n), &events);
  for (const nlohmann::json& event : events) {
    // The worker's descriptor is the plugin's too: a well-formed line whose members have the wrong types (a
    // "description" that is a number) is an unreadable message, not a reason for the host to throw.
    try {
      result->Apply(event);
      if (options.on_event) options.on_event(event);
    } catch (const nlohmann::json::exception&) {
      result->Apply({{"event", "protocol_error"}, {"line", event.dump(-1, ' ', false,
                                                                      nlohmann::json::error_handler_t::replace)
                                                               .substr(0, 200)}});
    }
  }
  return true;
}

}  // namespace

std::string SelfExecutable() {
  std::error_code ec;
  std::filesystem::path p = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? "/proc/self/exe" : p.string();
}

void SuperviseWorker(const WorkerRequest& request, const SuperviseOptions& options, EngineResult* result) {
  const auto start = Clock::now();
  const auto deadline = start + std::chrono::seconds(options.timeout_seconds);
  const std::string exe = options.executable.empty() ? SelfExecutable() : options.executable;
  const std::string request_text = request.ToJson().dump();
  const std::string fd_text = std::to_string(kEventFd);
  // Built before fork: the child only makes async-signal-safe calls until exec.
  std::vector<char*> argv = {const_cast<char*>("kvbench"), const_cast<char*>("__engine-worker"),
                             const_cast<char*>("--event-fd"), const_cast<char*>(fd_text.c_str()), nullptr};

  int events[2] = {-1, -1}, input[2] = {-1, -1};
  if (::pipe2(events, O_CLOEXEC) != 0 || ::pipe2(input, O_CLOEXEC) != 0) {
    result->EndSpawnFailed(ErrnoMessage("pipe"));
    CloseFd(&events[0]);
    CloseFd(&events[1]);
    return;
  }
  const pid_t pid = ::fork();
  if (pid < 0) {
    result->EndSpawnFailed(ErrnoMessage("fork"));
    for (int* fd : {&events[0], &events[1], &input[0], &input[1]}) CloseFd(fd);
    return;
  }
  if (pid == 0) {
    // dup2 clears FD_CLOEXEC on the new descriptor; when it is already the target, clear it by hand.
    if (::dup2(input[0], STDIN_FILENO) < 0) ::_exit(127);
    if (events[1] == kEventFd) {
      ::fcntl(kEventFd, F_SETFD, 0);
    } else if (::dup2(events[1], kEventFd) < 0) {
      ::_exit(127);
    }
    ::execv(exe.c_str(), argv.data());
    ::_exit(127);
  }
  CloseFd(&input[0]);
  CloseFd(&events[1]);
  // A worker that dies before reading its request makes this write fail (EPIPE; SIGPIPE is ignored by 'run').
  (void)WriteAll(input[1], request_text);
  CloseFd(&input[1]);

  EventReader reader;
  bool open = true, killed = false;
  int stopped_by = 0;  // the signal that stopped the run, 0 while it goes on
  const auto poll_stop = [&] {
    if (stopped_by == 0 && options.stop_signal) stopped_by = options.stop_signal();
    return stopped_by != 0;
  };
  while (open) {
    const auto now = Clock::now();
    if (now >= deadline || poll_stop()) {
      ::kill(pid, SIGKILL);
      killed = true;
      break;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count();
    pollfd p = {events[0], POLLIN, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(std::min<int64_t>(left + 1, 1000)));
    if (ready > 0) {
      open = ReadEvents(events[0], &reader, result, options);
    } else if (ready == 0 && options.on_event) {
      options.on_event(nlohmann::json{{"event", "tick"}});
    }
  }

  // Reap it, still under the deadline: a worker can close its pipe and hang on the way out.
  int status = 0;
  rusage usage{};
  for (;;) {
    const pid_t r = ::wait4(pid, &status, killed ? 0 : WNOHANG, &usage);
    if (r == pid) break;
    if (r < 0 && errno != EINTR) {
      result->EndSpawnFailed(ErrnoMessage("wait4"));
      CloseFd(&events[0]);
      return;
    }
    if (!killed && (Clock::now() >= deadline || poll_stop())) {
      ::kill(pid, SIGKILL);
      killed = true;
    } else if (!killed) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  // Events written before the end are still in the pipe. Non-blocking: a descendant of the worker may still hold
  // the write end open.
  ::fcntl(events[0], F_SETFL, O_NONBLOCK);
  for (pollfd p = {events[0], POLLIN, 0}; ::poll(&p, 1, 0) > 0 && (p.revents & POLLIN) != 0;) {
    if (!ReadEvents(events[0], &reader, result, options)) break;
  }
  CloseFd(&events[0]);

  result->SetPeakMemory(static_cast<uint64_t>(usage.ru_maxrss) * 1024);
  result->SetWallMs(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
  if (poll_stop()) {
    result->EndInterrupted(stopped_by);
  } else if (killed) {
    result->EndTimedOut(options.timeout_seconds);
  } else if (WIFSIGNALED(status)) {
    result->EndSignaled(WTERMSIG(status));
  } else {
    result->EndExited(WEXITSTATUS(status));
  }
}

}  // namespace kvbench::runner
