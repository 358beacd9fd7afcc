// Shared helpers of the reporter tests: fixture paths, temporary directories, JSON round trips.
#ifndef KVBENCH_TESTS_REPORT_REPORT_TEST_SUPPORT_HPP_
#define KVBENCH_TESTS_REPORT_REPORT_TEST_SUPPORT_HPP_

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

namespace kvbench::report::testing {

// tests/report/ in the source tree (from KVBENCH_SOURCE_DIR, set by kvbench_add_test; else from __FILE__).
std::filesystem::path SourceDir();
std::filesystem::path FixturePath(const std::string& name);  // tests/report/fixtures/<name>
std::string ReadFile(const std::filesystem::path& path);
void WriteFile(const std::filesystem::path& path, const std::string& content);
nlohmann::ordered_json ReadJson(const std::filesystem::path& path);
void WriteJson(const std::filesystem::path& path, const nlohmann::ordered_json& doc);

// A fresh empty directory under the system temp dir, removed by the destructor.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace kvbench::report::testing

#endif  // KVBENCH_TESTS_REPORT_REPORT_TEST_SUPPORT_HPP_
