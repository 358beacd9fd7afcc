#include "common/read_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace kvbench {
namespace {

Status CannotRead(const std::string& path, const char* reason) {
  return Status::InvalidArgument(path + ": cannot read: " + reason);
}

}  // namespace

Status ReadWholeFile(const std::string& path, std::string* text) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
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
  }
  ::close(fd);
  return Status::OK();
}

}  // namespace kvbench
