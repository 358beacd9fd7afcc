// Issue 41, case 12: SIGHUP killed kvbench at once; a second Ctrl-C right after the first left `*.tmp-<pid>` files.
// Each case runs in a forked child, since it ends by a signal.
#include "runner/stop_signals.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>

#include "common/atomic_file.hpp"
#include "common/temp_dir.hpp"

namespace kvbench::runner {
namespace {

// Runs `child` in a forked process and returns its waitpid status.
template <typename Fn>
int InChild(Fn child) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    child();
    ::_exit(0);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return status;
}

TEST(StopSignalsTest, SighupIsAStopRequest) {
  const int status = InChild([] {
    const StopSignalScope scope;
    ::raise(SIGHUP);
    ::_exit(StopSignal() == SIGHUP ? 0 : 1);
  });
  ASSERT_TRUE(WIFEXITED(status)) << "ended by signal " << (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

TEST(StopSignalsTest, ASecondStopSignalEndsAtOnceLeavingNoTemporaryFile) {
  TempDir dir;
  ASSERT_TRUE(TempDir::Create("kvbench-stop-signals-test-", &dir).ok());
  const std::string results = dir.path() + "/results.json";
  for (int signal : {SIGINT, SIGTERM, SIGHUP}) {
    SCOPED_TRACE(signal);
    const int status = InChild([&] {
      const StopSignalScope scope;
      AtomicFile file(results);
      if (!file.Write("written, not yet renamed").ok()) ::_exit(3);
      ::raise(signal);  // the first: a request
      if (StopSignal() != signal) ::_exit(4);
      ::raise(signal);  // the second: at once
      ::_exit(5);
    });
    ASSERT_TRUE(WIFSIGNALED(status)) << "exit status " << WEXITSTATUS(status);
    EXPECT_EQ(WTERMSIG(status), signal);
    EXPECT_TRUE(std::filesystem::is_empty(dir.path())) << std::filesystem::directory_iterator(dir.path())->path();
  }
}

}  // namespace
}  // namespace kvbench::runner
