#include "fuzz_check.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <system_error>

namespace kvbench::fuzz {
namespace {

std::string MakeScratchDir() {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/kvbench-fuzz-XXXXXX";
  if (::mkdtemp(pattern.data()) == nullptr) {
    CheckFailed(__FILE__, __LINE__, "mkdtemp", pattern);
  }
  return pattern;
}

struct Scratch {
  std::string path = MakeScratchDir();
  ~Scratch() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

}  // namespace

const std::string& ScratchDir() {
  static Scratch scratch;
  return scratch.path;
}

void WriteFileOrDie(const std::string& path, const void* data, size_t size) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) CheckFailed(__FILE__, __LINE__, "open", path);
  const char* p = static_cast<const char*>(data);
  while (size > 0) {
    ssize_t n = ::write(fd, p, size);
    if (n <= 0) CheckFailed(__FILE__, __LINE__, "write", path);
    p += n;
    size -= static_cast<size_t>(n);
  }
  ::close(fd);
}

long long FileSizeOf(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return -1;
  return static_cast<long long>(st.st_size);
}

}  // namespace kvbench::fuzz
