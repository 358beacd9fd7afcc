// A fresh, empty directory under $TMPDIR (or /tmp), removed with everything in it on destruction.
#ifndef KVBENCH_HOST_CONFORMANCE_TEMP_DIR_HPP_
#define KVBENCH_HOST_CONFORMANCE_TEMP_DIR_HPP_

#include <string>

#include "common/status.hpp"

namespace kvbench::conformance {

class TempDir {
 public:
  // Creates "<tmp>/<prefix>XXXXXX".
  static Status Create(const std::string& prefix, TempDir* out);
  TempDir() = default;
  TempDir(TempDir&& other) noexcept : path_(std::move(other.path_)) { other.path_.clear(); }
  TempDir& operator=(TempDir&& other) noexcept;
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  ~TempDir() { Remove(); }

  const std::string& path() const { return path_; }
  // Removes the directory now; true when it is gone (or there was none).
  bool Remove();

 private:
  std::string path_;
};

}  // namespace kvbench::conformance

#endif  // KVBENCH_HOST_CONFORMANCE_TEMP_DIR_HPP_
