#include "common/temp_dir.hpp"

#include <stdlib.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <vector>

namespace kvbench {

Status TempDir::Create(const std::string& prefix, TempDir* out, const std::string& parent) {
  std::string base = parent;
  const char* from = "";
  if (base.empty()) {
    const char* tmp = std::getenv("TMPDIR");
    const bool from_env = tmp != nullptr && tmp[0] != '\0';
    base = from_env ? tmp : "/tmp";
    if (from_env) from = " ($TMPDIR)";
  }
  std::string pattern = base + "/" + prefix + "XXXXXX";
  std::vector<char> buf(pattern.begin(), pattern.end());
  buf.push_back('\0');
  if (::mkdtemp(buf.data()) == nullptr) {
    return Status::IOError("cannot create a temporary directory in " + base + from + ": " + std::strerror(errno));
  }
  out->Remove();
  out->path_ = buf.data();
  return Status::OK();
}

TempDir& TempDir::operator=(TempDir&& other) noexcept {
  if (this != &other) {
    Remove();
    path_ = std::move(other.path_);
    other.path_.clear();
  }
  return *this;
}

bool TempDir::Remove() {
  if (path_.empty()) return true;
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
  if (ec) return false;
  path_.clear();
  return true;
}

}  // namespace kvbench
