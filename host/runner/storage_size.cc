#include "runner/storage_size.hpp"

#include <filesystem>
#include <system_error>

namespace kvbench::runner {

Status StorageBytes(const std::string& dir, uint64_t* bytes) {
  namespace fs = std::filesystem;
  *bytes = 0;
  std::error_code ec;
  fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec);
  if (ec) return Status::IOError("cannot list " + dir + ": " + ec.message());
  for (const fs::recursive_directory_iterator end; it != end; it.increment(ec)) {
    if (ec) return Status::IOError("cannot list " + dir + ": " + ec.message());
    std::error_code file_ec;
    if (!it->is_regular_file(file_ec) || file_ec) continue;
    const uintmax_t size = it->file_size(file_ec);
    if (!file_ec) *bytes += size;
  }
  return Status::OK();
}

}  // namespace kvbench::runner
