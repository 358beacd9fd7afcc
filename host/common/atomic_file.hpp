// A file replaced whole or not at all: the new content goes to a temporary file beside the target
// (`path`.tmp-<pid>, created exclusively and never through a symlink; `path`.tmp-<pid>-XXXXXX when that name is
// taken), is flushed to disk (fsync) and renamed over the target, so a reader sees the old file or the
// new one, never a mix. Used for everything the host writes into an output directory (results.json, the report,
// crashtest.json).
//
// NO LOST DATA: when the temporary file is complete but cannot be renamed into place (the target became a
// directory, ...), the temporary file is kept and the error names it; it may be the only copy of a run's results.
// Only a temporary file that could not be written completely is removed.
#ifndef KVBENCH_HOST_COMMON_ATOMIC_FILE_HPP_
#define KVBENCH_HOST_COMMON_ATOMIC_FILE_HPP_

#include <string>

#include "common/status.hpp"

namespace kvbench {

class AtomicFile {
 public:
  explicit AtomicFile(std::string path);
  // Removes the temporary file if it was written but neither committed nor kept by a failed Commit.
  ~AtomicFile();
  AtomicFile(AtomicFile&& other) noexcept;
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  AtomicFile& operator=(AtomicFile&&) = delete;

  // Writes `content` to the temporary file and fsyncs it, creating the target's parent directory if needed. On
  // failure the partial temporary file is removed; the IOError names the file and the OS reason.
  // REQUIRES: not written yet.
  Status Write(const std::string& content);
  // Renames the temporary file over the target. On failure the temporary file is kept and the IOError names it.
  // REQUIRES: Write succeeded.
  Status Commit();

  const std::string& path() const { return path_; }
  const std::string& temp_path() const { return temp_path_; }

 private:
  Status CreateTemporary(int* fd);

  std::string path_;
  std::string temp_path_;
  bool pending_ = false;  // a complete temporary file exists that is ours to remove
};

// Removes the temporary file of every AtomicFile written but not yet renamed, and forgets them. Async-signal-safe:
// for a signal handler that ends the process at once (runner/stop_signals.hpp, the second Ctrl-C).
void RemovePendingTemporaryFiles();

// Write + Commit.
Status WriteFileAtomically(const std::string& path, const std::string& content);

// OK when `path` does not exist or is something a rename can replace (a file, a symlink). IOError naming `path`
// when it is a directory: a rename over it fails (EISDIR), so writers check before the work whose output it holds.
Status CheckReplaceable(const std::string& path);

}  // namespace kvbench

#endif  // KVBENCH_HOST_COMMON_ATOMIC_FILE_HPP_
