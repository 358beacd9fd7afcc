#include "measure/process_stats.hpp"

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace kvbench::measure {

namespace {

// Reads a small /proc file into buf (NUL-terminated). Returns false when it cannot be read.
bool ReadSmallFile(const char* path, char* buf, size_t size) {
  const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  size_t used = 0;
  while (used + 1 < size) {
    const ssize_t n = ::read(fd, buf + used, size - 1 - used);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    used += static_cast<size_t>(n);
  }
  ::close(fd);
  buf[used] = '\0';
  return used > 0;
}

double Seconds(const timeval& tv) { return static_cast<double>(tv.tv_sec) + static_cast<double>(tv.tv_usec) / 1e6; }

}  // namespace

uint64_t CurrentRssBytes() {
  char buf[256];
  if (!ReadSmallFile("/proc/self/statm", buf, sizeof(buf))) return 0;
  char* end = nullptr;
  std::strtoull(buf, &end, 10);  // total program size; the resident count follows
  const unsigned long long resident_pages = std::strtoull(end, nullptr, 10);
  static const uint64_t page_size = static_cast<uint64_t>(::sysconf(_SC_PAGESIZE));
  return static_cast<uint64_t>(resident_pages) * page_size;
}

uint64_t PeakRssBytes() {
  rusage usage{};
  if (::getrusage(RUSAGE_SELF, &usage) != 0) return 0;
  return static_cast<uint64_t>(usage.ru_maxrss) * 1024;  // Linux reports kilobytes
}

CpuTimes ProcessCpuTimes() {
  rusage usage{};
  CpuTimes times;
  if (::getrusage(RUSAGE_SELF, &usage) != 0) return times;
  times.user_s = Seconds(usage.ru_utime);
  times.system_s = Seconds(usage.ru_stime);
  return times;
}

void ParseProcIo(const char* text, IoCounters* out) {
  *out = IoCounters{};
  bool have_read = false;
  bool have_write = false;
  const char* line = text;
  while (line != nullptr && *line != '\0') {
    const char* colon = std::strchr(line, ':');
    const char* newline = std::strchr(line, '\n');
    if (colon != nullptr && (newline == nullptr || colon < newline)) {
      const size_t key_length = static_cast<size_t>(colon - line);
      const uint64_t value = std::strtoull(colon + 1, nullptr, 10);
      auto is = [&](const char* key) {
        return std::strlen(key) == key_length && std::memcmp(line, key, key_length) == 0;
      };
      if (is("read_bytes")) {
        out->read_bytes = value;
        have_read = true;
      } else if (is("write_bytes")) {
        out->write_bytes = value;
        have_write = true;
      } else if (is("cancelled_write_bytes")) {
        out->cancelled_write_bytes = value;
      } else if (is("rchar")) {
        out->rchar = value;
      } else if (is("wchar")) {
        out->wchar = value;
      }
    }
    line = newline == nullptr ? nullptr : newline + 1;
  }
  out->available = have_read && have_write;
}

IoCounters ProcessIoCounters() {
  char buf[1024];
  IoCounters counters;
  if (ReadSmallFile("/proc/self/io", buf, sizeof(buf))) ParseProcIo(buf, &counters);
  return counters;
}

}  // namespace kvbench::measure
