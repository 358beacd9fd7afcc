#include "common/atomic_file.hpp"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <utility>

#include "common/errno_message.hpp"

namespace kvbench {
namespace {

namespace fs = std::filesystem;

Status WriteAllTo(int fd, const std::string& content, const std::string& name) {
  size_t done = 0;
  while (done < content.size()) {
    const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return Status::IOError(ErrnoMessage("cannot write " + name));
    }
    done += static_cast<size_t>(n);
  }
  return Status::OK();
}

// The temporary files being written or waiting for their rename, for RemovePendingTemporaryFiles: fixed slots of
// pointers to the AtomicFile's own path, so that a signal handler can read them without allocating or locking.
constexpr int kPendingSlots = 64;
std::atomic<const char*> g_pending[kPendingSlots];

void Register(const std::string& temp_path) {
  for (std::atomic<const char*>& slot : g_pending) {
    const char* empty = nullptr;
    if (slot.compare_exchange_strong(empty, temp_path.c_str())) return;
  }
  // All taken (never seen: the report writes about a dozen files together): that one is simply not removed.
}

void Unregister(const std::string& temp_path) {
  for (std::atomic<const char*>& slot : g_pending) {
    const char* mine = temp_path.c_str();
    if (slot.compare_exchange_strong(mine, nullptr)) return;
  }
}

}  // namespace

void RemovePendingTemporaryFiles() {
  for (std::atomic<const char*>& slot : g_pending) {
    if (const char* path = slot.exchange(nullptr); path != nullptr) ::unlink(path);
  }
}

// Never opens through a symlink nor into an existing file: a link planted at the guessable name `path`.tmp-<pid>
// would otherwise have its target overwritten. When that name is taken by a file or a link (planted, or left by an
// earlier process with the same pid), a fresh unique name beside it is used instead and the taken one is left alone.
Status AtomicFile::CreateTemporary(int* fd) {
  *fd = ::open(temp_path_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (*fd >= 0) return Status::OK();
  if (errno != EEXIST) return Status::IOError(ErrnoMessage("cannot create " + temp_path_));
  struct stat st {};
  if (::lstat(temp_path_.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    return Status::IOError("cannot create " + temp_path_ + ": " + std::strerror(EISDIR));
  }
  std::string pattern = temp_path_ + "-XXXXXX";
  *fd = ::mkostemp(pattern.data(), O_CLOEXEC);  // O_CREAT | O_EXCL, mode 0600
  if (*fd < 0) return Status::IOError(ErrnoMessage("cannot create " + pattern));
  temp_path_ = pattern;
  if (::fchmod(*fd, 0644) != 0) {
    const Status failed = Status::IOError(ErrnoMessage("cannot chmod " + temp_path_));
    ::close(*fd);
    ::unlink(temp_path_.c_str());
    return failed;
  }
  return Status::OK();
}

AtomicFile::AtomicFile(std::string path)
    : path_(std::move(path)), temp_path_(path_ + ".tmp-" + std::to_string(::getpid())) {}

AtomicFile::AtomicFile(AtomicFile&& other) noexcept {
  if (other.pending_) Unregister(other.temp_path_);  // registered by the address of its characters, which move
  path_ = std::move(other.path_);
  temp_path_ = std::move(other.temp_path_);
  pending_ = other.pending_;
  other.pending_ = false;
  if (pending_) Register(temp_path_);
}

AtomicFile::~AtomicFile() {
  if (pending_) {
    Unregister(temp_path_);
    ::unlink(temp_path_.c_str());
  }
}

Status AtomicFile::Write(const std::string& content) {
  const fs::path target(path_);
  if (target.has_parent_path()) {
    std::error_code ec;
    fs::create_directories(target.parent_path(), ec);
    if (ec) return Status::IOError("cannot create directory " + target.parent_path().string() + ": " + ec.message());
  }
  int fd = -1;
  if (Status s = CreateTemporary(&fd); !s.ok()) return s;
  Register(temp_path_);
  Status s = WriteAllTo(fd, content, temp_path_);
  if (s.ok() && ::fsync(fd) != 0) s = Status::IOError(ErrnoMessage("cannot fsync " + temp_path_));
  if (::close(fd) != 0 && s.ok()) s = Status::IOError(ErrnoMessage("cannot close " + temp_path_));
  if (!s.ok()) {
    Unregister(temp_path_);
    ::unlink(temp_path_.c_str());  // incomplete: not a copy of anything
    return s;
  }
  pending_ = true;
  return Status::OK();
}

Status AtomicFile::Commit() {
  const int renamed = ::rename(temp_path_.c_str(), path_.c_str());
  Unregister(temp_path_);  // renamed, or kept as the only copy: not removed by a second stop signal either way
  if (renamed != 0) {
    const Status failed = Status::IOError(ErrnoMessage("cannot rename " + temp_path_ + " to " + path_) +
                                          "; the complete new content is kept in " + temp_path_);
    pending_ = false;  // kept: it may be the only copy
    return failed;
  }
  pending_ = false;
  return Status::OK();
}

Status WriteFileAtomically(const std::string& path, const std::string& content) {
  AtomicFile file(path);
  Status s = file.Write(content);
  return s.ok() ? file.Commit() : s;
}

Status CheckReplaceable(const std::string& path) {
  std::error_code ec;
  const fs::file_status status = fs::symlink_status(path, ec);
  if (status.type() == fs::file_type::not_found) return Status::OK();
  if (ec) return Status::IOError("cannot check " + path + ": " + ec.message());
  if (status.type() == fs::file_type::directory) {
    return Status::IOError("cannot replace " + path + ": " + std::strerror(EISDIR));
  }
  return Status::OK();
}

}  // namespace kvbench
