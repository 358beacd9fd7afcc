// Test helpers shared by the rocksdb5 tests: a scratch directory removed at the end of the test.
#ifndef KVBENCH_PLUGINS_ROCKSDB5_ROCKSDB5_TEST_UTIL_HPP_
#define KVBENCH_PLUGINS_ROCKSDB5_ROCKSDB5_TEST_UTIL_HPP_

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <string>

namespace kvbench::rocksdb5 {

class ScratchDir {
 public:
  ScratchDir() {
    static std::atomic<int> counter{0};
    path_ = (std::filesystem::temp_directory_path() /
             ("rocksdb5_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++)))
                .string();
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace kvbench::rocksdb5

#endif  // KVBENCH_PLUGINS_ROCKSDB5_ROCKSDB5_TEST_UTIL_HPP_
