#include "common/atomic_file.hpp"

#include <fcntl.h>
#include <unistd.h>

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

}  // namespace

AtomicFile::AtomicFile(std::string path)
    : path_(std::move(path)), temp_path_(path_ + ".tmp-" + std::to_string(::getpid())) {}

AtomicFile::AtomicFile(AtomicFile&& other) noexcept
    : path_(std::move(other.path_)), temp_path_(std::move(other.temp_path_)), pending_(other.pending_) {
  other.pending_ = false;
}

AtomicFile::~AtomicFile() {
  if (pending_) ::unlink(temp_path_.c_str());
}

Status AtomicFile::Write(const std::string& content) {
  const fs::path target(path_);
  if (target.has_parent_path()) {
    std::error_code ec;
    fs::create_directories(target.parent_path(), ec);
    if (ec) return Status::IOError("cannot create directory " + target.parent_path().string() + ": " + ec.message());
  }
  const int fd = ::open(temp_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return Status::IOError(ErrnoMessage("cannot create " + temp_path_));
  Status s = WriteAllTo(fd, content, temp_path_);
  if (s.ok() && ::fsync(fd) != 0) s = Status::IOError(ErrnoMessage("cannot fsync " + temp_path_));
  if (::close(fd) != 0 && s.ok()) s = Status::IOError(ErrnoMessage("cannot close " + temp_path_));
  if (!s.ok()) {
    ::unlink(temp_path_.c_str());  // incomplete: not a copy of anything
    return s;
  }
  pending_ = true;
  return Status::OK();
}

Status AtomicFile::Commit() {
  if (::rename(temp_path_.c_str(), path_.c_str()) != 0) {
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
