// A fresh, empty directory under $TMPDIR (or /tmp, or a given parent), removed with everything in it on destruction.
#ifndef KVBENCH_HOST_COMMON_TEMP_DIR_HPP_
#define KVBENCH_HOST_COMMON_TEMP_DIR_HPP_

#include <string>

#include "common/status.hpp"

namespace kvbench {

class TempDir {
 public:
  // Creates "<parent>/<prefix>XXXXXX"; `parent` "" is $TMPDIR, or /tmp when that is unset or empty. IOError naming
  // the parent (and $TMPDIR when it came from there) when the directory cannot be created.
  static Status Create(const std::string& prefix, TempDir* out, const std::string& parent = "");
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

}  // namespace kvbench

#endif  // KVBENCH_HOST_COMMON_TEMP_DIR_HPP_
