// The power-cut simulation of 'kvbench crashtest --power-cut': the writer runs with the sync tracker preloaded
// (sync_tracker_preload.cc), which records in a shared SyncTable what each file had made durable; after the
// SIGKILL, Apply() cuts every file of the data directory back to that: a file to its size at its last fsync /
// fdatasync, a file never synced to 0 bytes, a file opened O_SYNC / O_DSYNC left whole. What the page cache held
// beyond that is what a power cut (or a kernel crash) would have lost, and the verifier then reopens what is left.
// The model follows LevelDB's and RocksDB's fault-injection environments (unsynced data dropped); it does not drop
// directory entries, and engines that rely on sync(2) or syncfs(2) are not modelled.
#ifndef KVBENCH_HOST_CRASH_POWER_CUT_HPP_
#define KVBENCH_HOST_CRASH_POWER_CUT_HPP_

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "common/status.hpp"
#include "crash/sync_table.hpp"

namespace kvbench::crash {

// What one power cut dropped.
struct PowerCutStats {
  uint64_t files = 0;          // regular files in the data directory after the kill
  uint64_t cut_files = 0;      // of which shortened
  uint64_t dropped_bytes = 0;  // bytes beyond the synced sizes
  nlohmann::json ToJson() const;
};

class PowerCut {
 public:
  // A zeroed table in a new memfd, inherited across exec.
  static Status Create(std::unique_ptr<PowerCut>* out);
  ~PowerCut();
  PowerCut(const PowerCut&) = delete;
  PowerCut& operator=(const PowerCut&) = delete;

  // "KVBENCH_SYNC_TABLE_FD=<fd>", "LD_PRELOAD=<tracker>" (and, for sanitizer builds of kvbench, the option that
  // lets a library be preloaded before the sanitizer's runtime): what the writer's environment needs.
  std::vector<std::string> WriterEnvironment(const std::string& tracker_path) const;

  // After the writer is gone: cuts every regular file under `data_dir` back to its synced size. Internal
  // when the tracker never attached (not preloaded) or the table overflowed: nothing is cut then.
  Status Apply(const std::string& data_dir, PowerCutStats* stats);

  SyncTable* table() const { return table_; }

 private:
  PowerCut(int fd, SyncTable* table) : fd_(fd), table_(table) {}
  int fd_;
  SyncTable* table_;
};

// libkvbench_sync_tracker.so beside the kvbench executable `exe`.
std::string SyncTrackerPath(const std::string& exe);

}  // namespace kvbench::crash

#endif  // KVBENCH_HOST_CRASH_POWER_CUT_HPP_
