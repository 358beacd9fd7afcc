// An engine's data directory (OUT/data/<engine>/) is kvbench's only when kvbench made it: it writes a marker file
// there when it creates it and deletes a directory only when the marker is there (or the directory is empty). A
// user's files, a symlink, and a file system mounted there are never deleted: the run is refused before anything
// runs, with a message saying what to do.
#ifndef KVBENCH_HOST_RUNNER_DATA_DIR_HPP_
#define KVBENCH_HOST_RUNNER_DATA_DIR_HPP_

#include <string>
#include <vector>

#include "common/status.hpp"

namespace kvbench::runner {

// The marker file kvbench writes in every data directory it creates.
inline constexpr const char* kDataDirMarker = ".kvbench-data-dir";

// OK when `dir` does not exist, or is a directory (not a symlink, not a mount point) that is empty or holds
// kDataDirMarker. InvalidArgument naming `dir`, what is wrong and what to do otherwise.
Status CheckDataDir(const std::string& dir);

// OK when the directory holding the data directories (OUT/data) does not exist or is a directory, not a symlink
// (its target's <engine> directories would be deleted through the link).
Status CheckDataRoot(const std::string& root);

// CheckDataDir, then leaves `dir` empty but for a fresh marker (creating it and its parents if needed).
Status ResetDataDir(const std::string& dir);

// CheckDataDir, then removes `dir` with everything in it (never through a symlink, never across a mount point).
// OK when it does not exist.
Status RemoveDataDir(const std::string& dir);

}  // namespace kvbench::runner

#endif  // KVBENCH_HOST_RUNNER_DATA_DIR_HPP_
