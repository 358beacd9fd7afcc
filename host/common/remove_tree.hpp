// Removing a directory tree as carefully as `rm -r --one-file-system` does: a symlink is removed, never followed,
// and a file system mounted inside the tree is never entered (what is on it is someone's disk, not ours).
#ifndef KVBENCH_HOST_COMMON_REMOVE_TREE_HPP_
#define KVBENCH_HOST_COMMON_REMOVE_TREE_HPP_

#include <string>

#include "common/status.hpp"

namespace kvbench {

// True when `path` (not followed if a symlink) is the root of a mounted file system: statx reports it
// (STATX_ATTR_MOUNT_ROOT, which also sees bind mounts of the same file system) or its device differs from its
// parent directory's.
bool IsMountPoint(const std::string& path);

// Removes everything inside the directory `dir`, and `dir` itself unless `keep_dir`. Symlinks are unlinked, not
// followed; a directory inside that is a mount point is neither entered nor removed, and the IOError names it (the
// rest is still removed). IOError naming `dir` when it is a symlink or not a directory. REQUIRES: `dir` is not
// itself a mount point (callers check with IsMountPoint).
Status RemoveTree(const std::string& dir, bool keep_dir);

}  // namespace kvbench

#endif  // KVBENCH_HOST_COMMON_REMOVE_TREE_HPP_
