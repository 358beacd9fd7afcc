// One run at a time per output directory: `kvbench run` and `kvbench crashtest` hold an flock on OUT/.kvbench.lock
// from before their checks until they exit, so a second run into the same --out is refused instead of wiping the
// first one's data directories (both then failed with an unrelated ENOENT).
#ifndef KVBENCH_HOST_RUNNER_OUT_DIR_LOCK_HPP_
#define KVBENCH_HOST_RUNNER_OUT_DIR_LOCK_HPP_

#include <string>

#include "common/status.hpp"

namespace kvbench::runner {

inline constexpr const char* kOutDirLockFile = ".kvbench.lock";

class OutDirLock {
 public:
  OutDirLock() = default;
  ~OutDirLock();  // releases the lock; the file stays (removing it would race with the next run's lock)
  OutDirLock(const OutDirLock&) = delete;
  OutDirLock& operator=(const OutDirLock&) = delete;

  // Takes the lock on `out_dir` (an existing directory) without waiting, and writes this process's id into the lock
  // file. InvalidArgument "--out: <dir> is in use by kvbench process <pid> (<lock file>); wait for it to end or
  // choose another --out" when another process holds it. The lock is not inherited by the processes kvbench starts.
  // REQUIRES: not locked yet.
  Status Acquire(const std::string& out_dir);

 private:
  int fd_ = -1;
};

}  // namespace kvbench::runner

#endif  // KVBENCH_HOST_RUNNER_OUT_DIR_LOCK_HPP_
