#include "runner/out_dir_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <string>

#include "common/errno_message.hpp"

namespace kvbench::runner {
namespace {

// The process id the holder wrote, or "" when unreadable.
std::string HolderPid(int fd) {
  char buf[32] = {};
  const ssize_t n = ::pread(fd, buf, sizeof(buf) - 1, 0);
  if (n <= 0) return "";
  std::string pid(buf, static_cast<size_t>(n));
  while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
  for (char c : pid) {
    if (c < '0' || c > '9') return "";
  }
  return pid;
}

}  // namespace

OutDirLock::~OutDirLock() {
  if (fd_ >= 0) ::close(fd_);  // closing the last descriptor releases the flock
}

Status OutDirLock::Acquire(const std::string& out_dir) {
  const std::string path = out_dir + "/" + kOutDirLockFile;
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) return Status::InvalidArgument(ErrnoMessage("--out: cannot create the lock file " + path));
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const int error = errno;
    const std::string pid = HolderPid(fd);
    ::close(fd);
    if (error == EWOULDBLOCK) {
      return Status::InvalidArgument("--out: " + out_dir + " is in use by kvbench process " +
                                     (pid.empty() ? std::string("(unknown)") : pid) + " (" + path +
                                     "); wait for it to end or choose another --out");
    }
    errno = error;
    return Status::InvalidArgument(ErrnoMessage("--out: cannot lock " + path));
  }
  const std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, pid.data(), pid.size(), 0) != static_cast<ssize_t>(pid.size())) {
    const Status failed = Status::InvalidArgument(ErrnoMessage("--out: cannot write the lock file " + path));
    ::close(fd);
    return failed;
  }
  fd_ = fd;
  return Status::OK();
}

}  // namespace kvbench::runner
