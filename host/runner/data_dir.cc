#include "runner/data_dir.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>

#include "common/errno_message.hpp"
#include "common/remove_tree.hpp"

namespace kvbench::runner {
namespace {

namespace fs = std::filesystem;

bool Exists(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0;
}

}  // namespace

Status CheckDataRoot(const std::string& root) {
  struct stat st {};
  if (::lstat(root.c_str(), &st) != 0) {
    if (errno == ENOENT) return Status::OK();
    return Status::InvalidArgument(ErrnoMessage("cannot check " + root));
  }
  if (S_ISLNK(st.st_mode)) {
    return Status::InvalidArgument(root + " is a symlink: kvbench does not delete engine data through a link (remove "
                                   "the link, or choose another --out)");
  }
  if (!S_ISDIR(st.st_mode)) {
    return Status::InvalidArgument(root + " exists and is not a directory (the engines' data directories go there)");
  }
  return Status::OK();
}

Status CheckDataDir(const std::string& dir) {
  struct stat st {};
  if (::lstat(dir.c_str(), &st) != 0) {
    if (errno == ENOENT) return Status::OK();
    return Status::InvalidArgument(ErrnoMessage("cannot check " + dir));
  }
  if (S_ISLNK(st.st_mode)) {
    return Status::InvalidArgument(dir + " is a symlink: kvbench does not delete engine data through a link (remove "
                                   "the link, or choose another --out)");
  }
  if (!S_ISDIR(st.st_mode)) {
    return Status::InvalidArgument(dir + " exists and is not a directory: kvbench did not make it (move it away, "
                                   "or choose another --out)");
  }
  if (IsMountPoint(dir)) {
    return Status::InvalidArgument(dir + " is a mount point: kvbench never deletes a file system's content (to run "
                                   "on that disk, mount it at " + fs::path(dir).parent_path().string() +
                                   " instead: kvbench then deletes only the directories it made there)");
  }
  if (Exists(dir + "/" + kDataDirMarker)) return Status::OK();
  std::error_code ec;
  if (fs::is_empty(dir, ec) && !ec) return Status::OK();
  return Status::InvalidArgument(dir + " holds files kvbench did not create (no " + std::string(kDataDirMarker) +
                                 " marker): kvbench would delete them; move them away, or choose another --out");
}

Status ResetDataDir(const std::string& dir) {
  if (Status s = CheckDataDir(dir); !s.ok()) return s;
  if (Exists(dir)) {
    if (Status s = RemoveTree(dir, /*keep_dir=*/true); !s.ok()) return s;
  } else {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return Status::IOError("cannot create " + dir + ": " + ec.message());
  }
  const std::string marker = dir + "/" + kDataDirMarker;
  const int fd = ::open(marker.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) return Status::IOError(ErrnoMessage("cannot create " + marker));
  ::close(fd);
  return Status::OK();
}

Status RemoveDataDir(const std::string& dir) {
  if (!Exists(dir)) return Status::OK();
  if (Status s = CheckDataDir(dir); !s.ok()) return s;
  return RemoveTree(dir, /*keep_dir=*/false);
}

}  // namespace kvbench::runner
