#include "report_test_support.hpp"

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>

namespace kvbench::report::testing {

std::filesystem::path SourceDir() {
  if (const char* root = std::getenv("KVBENCH_SOURCE_DIR")) return std::filesystem::path(root) / "tests" / "report";
  return std::filesystem::path(__FILE__).parent_path();
}

std::filesystem::path FixturePath(const std::string& name) { return SourceDir() / "fixtures" / name; }

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void WriteFile(const std::filesystem::path& path, const std::string& content) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << content;
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

nlohmann::ordered_json ReadJson(const std::filesystem::path& path) {
  return nlohmann::ordered_json::parse(ReadFile(path));
}

void WriteJson(const std::filesystem::path& path, const nlohmann::ordered_json& doc) { WriteFile(path, doc.dump(1)); }

TempDir::TempDir() {
  std::random_device rd;
  path_ = std::filesystem::temp_directory_path() /
          ("kvbench-report-test-" + std::to_string(::getpid()) + "-" + std::to_string(rd()));
  std::filesystem::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

}  // namespace kvbench::report::testing
