#include "runner/out_dir.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace kvbench::runner {

namespace fs = std::filesystem;

Status PrepareOutDir(const std::string& dir) {
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec)) {
    return Status::InvalidArgument("--out: '" + dir + "' exists and is not a directory");
  }
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir)) {
    return Status::InvalidArgument("--out: cannot create directory '" + dir +
                                   "': " + (ec ? ec.message() : std::string("not a directory")));
  }
  const std::string probe = (fs::path(dir) / (".kvbench-write-probe-" + std::to_string(::getpid()))).string();
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) {
    return Status::InvalidArgument("--out: directory '" + dir + "' is not writable: " + std::strerror(errno));
  }
  ::close(fd);
  ::unlink(probe.c_str());
  return Status::OK();
}

std::string EngineDataDir(const std::string& out_dir, const std::string& engine_name) {
  std::string safe = engine_name;
  for (char& c : safe) {
    const bool ok =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
    if (!ok) c = '_';
  }
  if (safe == "." || safe == "..") safe = "_";
  return (fs::path(out_dir) / "data" / safe).string();
}

Status ResetDir(const std::string& dir) {
  std::error_code ec;
  fs::remove_all(dir, ec);
  if (ec) return Status::IOError("cannot remove " + dir + ": " + ec.message());
  fs::create_directories(dir, ec);
  if (ec) return Status::IOError("cannot create " + dir + ": " + ec.message());
  return Status::OK();
}

}  // namespace kvbench::runner
