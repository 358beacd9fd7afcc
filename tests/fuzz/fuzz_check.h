// Helpers shared by the fuzz targets: an always-on check (a failed oracle
// aborts, which libFuzzer and the replay driver both report as a crash) and a
// per-process scratch directory for targets that need real files.
#ifndef KVBENCH_TESTS_FUZZ_FUZZ_CHECK_H_
#define KVBENCH_TESTS_FUZZ_FUZZ_CHECK_H_

#include <cstdio>
#include <cstdlib>
#include <string>

namespace kvbench::fuzz {

[[noreturn]] inline void CheckFailed(const char* file, int line, const char* cond, const std::string& detail) {
  std::fprintf(stderr, "%s:%d: fuzz check failed: %s\n  %s\n", file, line, cond, detail.c_str());
  std::fflush(stderr);
  std::abort();
}

// An empty directory private to this process, created on first use and
// removed (with whatever the target left in it) at exit.
const std::string& ScratchDir();

// Writes data to path (truncating); aborts on failure.
void WriteFileOrDie(const std::string& path, const void* data, size_t size);
// Size of path, or -1 if it does not exist.
long long FileSizeOf(const std::string& path);

}  // namespace kvbench::fuzz

// FUZZ_CHECK(cond, detail): detail is any expression convertible to std::string.
#define FUZZ_CHECK(cond, detail)                                              \
  do {                                                                        \
    if (!(cond)) ::kvbench::fuzz::CheckFailed(__FILE__, __LINE__, #cond, (detail)); \
  } while (0)

#endif  // KVBENCH_TESTS_FUZZ_FUZZ_CHECK_H_
