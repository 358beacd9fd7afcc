// Helpers for the engine's unit tests (test targets only).
#ifndef ZT_UTIL_TESTING_H_
#define ZT_UTIL_TESTING_H_

#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <string_view>

namespace zt::testing {

// A fresh directory under $TMPDIR, removed with its contents on destruction.
class TempDir {
 public:
  TempDir() {
    const char* base = getenv("TMPDIR");
    std::string tmpl = std::string(base ? base : "/tmp") + "/zt_test_XXXXXX";
    char* made = mkdtemp(tmpl.data());
    path_ = made ? made : "";
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// prefix followed by n in decimal. (Avoids `"lit" + std::to_string(n)`,
// which trips a false -Wrestrict in GCC 12.)
inline std::string Cat(std::string_view prefix, uint64_t n) {
  std::string s(prefix);
  s += std::to_string(n);
  return s;
}

}  // namespace zt::testing

#endif  // ZT_UTIL_TESTING_H_
