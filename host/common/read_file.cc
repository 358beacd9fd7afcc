#include "common/read_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <string>

namespace kvbench {
namespace {

Status CannotRead(const std::string& path, const char* reason) {
  return Status::InvalidArgument(path + ": cannot read: " + reason);
}

}  // namespace

Status ReadWholeFile(const std::string& path, std::string* text) {
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return CannotRead(path, std::strerror(errno));
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    const int error = errno;
    ::close(fd);
    return CannotRead(path, std::strerror(error));
  }
  if (S_ISDIR(st.st_mode)) {
    ::close(fd);
    return CannotRead(path, "is a directory");
  }
  if (!S_ISREG(st.st_mode)) {  // a device such as /dev/zero reads for ever, a FIFO or socket may block for ever
    ::close(fd);
    return CannotRead(path, "not a regular file");
  }
  if (static_cast<uint64_t>(st.st_size) > kMaxInputFileBytes) {
    ::close(fd);
    return CannotRead(path, ("larger than " + std::to_string(kMaxInputFileBytes >> 20) + " MiB (" +
                             std::to_string(st.st_size) + " bytes)").c_str());
  }
  // Back to blocking reads; a regular file never blocks anyway.
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  text->clear();
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof(buffer));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int error = errno;
      ::close(fd);
      return CannotRead(path, std::strerror(error));
    }
    if (n == 0) break;
    text->append(buffer, static_cast<size_t>(n));
    if (text->size() > kMaxInputFileBytes) {  // it grew while we read
      ::close(fd);
      return CannotRead(path, ("larger than " + std::to_string(kMaxInputFileBytes >> 20) + " MiB").c_str());
    }
  }
  ::close(fd);
  return Status::OK();
}

}  // namespace kvbench
