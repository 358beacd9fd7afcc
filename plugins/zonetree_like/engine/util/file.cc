#include "util/file.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace zt {

namespace {

Status PosixError(std::string_view what, const std::string& path, int err) {
  std::string msg(what);
  msg += " ";
  msg += path;
  msg += ": ";
  msg += std::strerror(err);
  return Status::IOError(msg);
}

}  // namespace

std::string DirName(const std::string& path) {
  size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

std::string_view BaseName(std::string_view path) {
  while (path.size() > 1 && path.back() == '/') path.remove_suffix(1);
  const size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

// ---------------------------------------------------------------- Writable

WritableFile::WritableFile(std::string path, int fd, uint64_t size, size_t buffer_size)
    : path_(std::move(path)), fd_(fd), size_(size), capacity_(buffer_size) {
  buffer_.reserve(capacity_);
}

WritableFile::~WritableFile() {
  if (fd_ >= 0) {
    Flush();  // best effort; errors were the caller's to see via Close()
    ::close(fd_);
  }
}

Status WritableFile::Open(const std::string& path, std::unique_ptr<WritableFile>* out, bool append,
                          size_t buffer_size) {
  int flags = O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC);
  int fd = ::open(path.c_str(), flags, 0644);
  if (fd < 0) return PosixError("open", path, errno);
  uint64_t size = 0;
  if (append) {
    struct stat st;
    if (::fstat(fd, &st) != 0) {
      int err = errno;
      ::close(fd);
      return PosixError("fstat", path, err);
    }
    size = static_cast<uint64_t>(st.st_size);
  }
  out->reset(new WritableFile(path, fd, size, buffer_size));
  return Status::OK();
}

Status WritableFile::WriteRaw(const char* data, size_t n) {
  while (n > 0) {
    ssize_t w = ::write(fd_, data, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      return PosixError("write", path_, errno);
    }
    data += w;
    n -= static_cast<size_t>(w);
  }
  return Status::OK();
}

Status WritableFile::Append(std::string_view data) {
  if (fd_ < 0) return Status::IOError("append to closed file " + path_);
  size_ += data.size();
  if (buffer_.size() + data.size() <= capacity_) {
    buffer_.append(data.data(), data.size());
    return Status::OK();
  }
  Status s = Flush();
  if (!s.ok()) return s;
  if (data.size() <= capacity_) {
    buffer_.append(data.data(), data.size());
    return Status::OK();
  }
  return WriteRaw(data.data(), data.size());
}

Status WritableFile::Flush() {
  if (fd_ < 0) return Status::IOError("flush of closed file " + path_);
  if (buffer_.empty()) return Status::OK();
  Status s = WriteRaw(buffer_.data(), buffer_.size());
  buffer_.clear();
  return s;
}

Status WritableFile::Sync() {
  Status s = Flush();
  if (!s.ok()) return s;
  if (::fdatasync(fd_) != 0) return PosixError("fdatasync", path_, errno);
  return Status::OK();
}

Status WritableFile::Close() {
  if (fd_ < 0) return Status::OK();
  Status s = Flush();
  if (::close(fd_) != 0 && s.ok()) s = PosixError("close", path_, errno);
  fd_ = -1;
  return s;
}

// ---------------------------------------------------------------- Random

Status RandomAccessFile::Open(const std::string& path, std::unique_ptr<RandomAccessFile>* out) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return PosixError("open", path, errno);
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    int err = errno;
    ::close(fd);
    return PosixError("fstat", path, err);
  }
  out->reset(new RandomAccessFile(path, fd, static_cast<uint64_t>(st.st_size)));
  return Status::OK();
}

RandomAccessFile::~RandomAccessFile() { ::close(fd_); }

Status RandomAccessFile::Read(uint64_t offset, size_t n, char* scratch) const {
  size_t done = 0;
  while (done < n) {
    ssize_t r = ::pread(fd_, scratch + done, n - done, static_cast<off_t>(offset + done));
    if (r < 0) {
      if (errno == EINTR) continue;
      return PosixError("pread", path_, errno);
    }
    if (r == 0) {
      return Status::Corruption("short read of " + path_ + " at offset " + std::to_string(offset + done));
    }
    done += static_cast<size_t>(r);
  }
  return Status::OK();
}

// ---------------------------------------------------------------- helpers

Status ReadFileToString(const std::string& path, std::string* data) {
  data->clear();
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return Status::NotFound(path);
    return PosixError("open", path, errno);
  }
  char buf[64 * 1024];
  while (true) {
    ssize_t r = ::read(fd, buf, sizeof(buf));
    if (r < 0) {
      if (errno == EINTR) continue;
      int err = errno;
      ::close(fd);
      return PosixError("read", path, err);
    }
    if (r == 0) break;
    data->append(buf, static_cast<size_t>(r));
  }
  ::close(fd);
  return Status::OK();
}

Status SyncDir(const std::string& dir) {
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return PosixError("open dir", dir, errno);
  Status s;
  if (::fsync(fd) != 0) s = PosixError("fsync dir", dir, errno);
  ::close(fd);
  return s;
}

Status WriteFileAtomically(const std::string& path, std::string_view data) {
  std::string tmp = path + ".tmp";
  std::unique_ptr<WritableFile> file;
  Status s = WritableFile::Open(tmp, &file);
  if (!s.ok()) return s;
  s = file->Append(data);
  if (s.ok()) s = file->Sync();
  if (s.ok()) s = file->Close();
  if (s.ok()) s = RenameFile(tmp, path);
  if (!s.ok()) {
    file.reset();
    ::unlink(tmp.c_str());
    return s;
  }
  return SyncDir(DirName(path));
}

Status CreateDir(const std::string& dir) {
  if (dir.empty()) return Status::InvalidArgument("empty directory name");
  size_t pos = 0;
  while (true) {
    pos = dir.find('/', pos + 1);
    std::string prefix = dir.substr(0, pos);
    if (!prefix.empty() && ::mkdir(prefix.c_str(), 0755) != 0 && errno != EEXIST) {
      return PosixError("mkdir", prefix, errno);
    }
    if (pos == std::string::npos) break;
  }
  struct stat st;
  if (::stat(dir.c_str(), &st) != 0) return PosixError("stat", dir, errno);
  if (!S_ISDIR(st.st_mode)) return Status::IOError(dir + " is not a directory");
  return Status::OK();
}

Status ListDir(const std::string& dir, std::vector<std::string>* names) {
  names->clear();
  DIR* d = ::opendir(dir.c_str());
  if (d == nullptr) return PosixError("opendir", dir, errno);
  while (struct dirent* e = ::readdir(d)) {
    std::string_view name(e->d_name);
    if (name == "." || name == "..") continue;
    names->emplace_back(name);
  }
  ::closedir(d);
  return Status::OK();
}

Status RemoveFile(const std::string& path) {
  if (::unlink(path.c_str()) != 0) {
    if (errno == ENOENT) return Status::NotFound(path);
    return PosixError("unlink", path, errno);
  }
  return Status::OK();
}

Status RenameFile(const std::string& from, const std::string& to) {
  if (::rename(from.c_str(), to.c_str()) != 0) {
    return PosixError("rename " + from + " to", to, errno);
  }
  return Status::OK();
}

Status GetFileSize(const std::string& path, uint64_t* size) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return Status::NotFound(path);
    return PosixError("stat", path, errno);
  }
  *size = static_cast<uint64_t>(st.st_size);
  return Status::OK();
}

bool FileExists(const std::string& path) { return ::access(path.c_str(), F_OK) == 0; }

std::string JoinPath(std::string_view dir, std::string_view name) {
  std::string result(dir);
  if (!result.empty() && result.back() != '/') result += '/';
  result.append(name.data(), name.size());
  return result;
}

}  // namespace zt
