#include "common/remove_tree.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

#include "common/errno_message.hpp"

namespace kvbench {
namespace {

// The mount-root test for `name` in the directory `dir_fd`, whose device is `parent_dev`.
bool IsMountRootAt(int dir_fd, const char* name, dev_t parent_dev) {
  struct statx stx {};
  if (::statx(dir_fd, name, AT_SYMLINK_NOFOLLOW | AT_NO_AUTOMOUNT, STATX_BASIC_STATS, &stx) == 0) {
    if ((stx.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT) != 0 && (stx.stx_attributes & STATX_ATTR_MOUNT_ROOT) != 0) {
      return true;
    }
    return makedev(stx.stx_dev_major, stx.stx_dev_minor) != parent_dev;
  }
  return false;
}

std::vector<std::string> Names(int dir_fd, Status* status, const std::string& where) {
  std::vector<std::string> names;
  const int fd = ::dup(dir_fd);
  DIR* d = fd < 0 ? nullptr : ::fdopendir(fd);
  if (d == nullptr) {
    *status = Status::IOError(ErrnoMessage("cannot list " + where));
    if (fd >= 0) ::close(fd);
    return names;
  }
  while (const dirent* e = ::readdir(d)) {
    if (std::strcmp(e->d_name, ".") != 0 && std::strcmp(e->d_name, "..") != 0) names.emplace_back(e->d_name);
  }
  ::closedir(d);
  return names;
}

// Removes what the directory `dir_fd` (named `where`, on device `dev`) holds. The first failure is kept in *first.
void RemoveContents(int dir_fd, const std::string& where, dev_t dev, Status* first) {
  Status listed;
  const std::vector<std::string> names = Names(dir_fd, &listed, where);
  if (!listed.ok()) {
    if (first->ok()) *first = listed;
    return;
  }
  for (const std::string& name : names) {
    const std::string path = where + "/" + name;
    struct stat st {};
    if (::fstatat(dir_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
      if (errno != ENOENT && first->ok()) *first = Status::IOError(ErrnoMessage("cannot stat " + path));
      continue;
    }
    if (S_ISDIR(st.st_mode)) {
      if (st.st_dev != dev || IsMountRootAt(dir_fd, name.c_str(), dev)) {
        if (first->ok()) *first = Status::IOError(path + " is a mount point: not entered, not removed");
        continue;
      }
      const int sub = ::openat(dir_fd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      if (sub < 0) {
        if (first->ok()) *first = Status::IOError(ErrnoMessage("cannot open " + path));
        continue;
      }
      RemoveContents(sub, path, dev, first);
      ::close(sub);
      if (::unlinkat(dir_fd, name.c_str(), AT_REMOVEDIR) != 0 && first->ok()) {
        *first = Status::IOError(ErrnoMessage("cannot remove " + path));
      }
    } else if (::unlinkat(dir_fd, name.c_str(), 0) != 0 && errno != ENOENT && first->ok()) {
      *first = Status::IOError(ErrnoMessage("cannot remove " + path));
    }
  }
}

std::string ParentOf(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

}  // namespace

bool IsMountPoint(const std::string& path) {
  struct stat parent {};
  if (::stat(ParentOf(path).c_str(), &parent) != 0) return false;
  return IsMountRootAt(AT_FDCWD, path.c_str(), parent.st_dev);
}

Status RemoveTree(const std::string& dir, bool keep_dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ELOOP || errno == ENOTDIR) return Status::IOError(dir + ": not a directory (a symlink is not followed)");
    return Status::IOError(ErrnoMessage("cannot open " + dir));
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const Status failed = Status::IOError(ErrnoMessage("cannot stat " + dir));
    ::close(fd);
    return failed;
  }
  Status first;
  RemoveContents(fd, dir, st.st_dev, &first);
  ::close(fd);
  if (!keep_dir && first.ok() && ::rmdir(dir.c_str()) != 0) first = Status::IOError(ErrnoMessage("cannot remove " + dir));
  return first;
}

}  // namespace kvbench
