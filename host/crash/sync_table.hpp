// The power-cut simulation's record of what a writer process made durable: for every file it fsync'ed or
// fdatasync'ed, the file's size at its last successful sync (and whether it was opened O_SYNC / O_DSYNC, which
// makes every write durable). It lives in one shared-memory mapping (a memfd the crash test creates and the writer
// inherits): the writer's preloaded sync tracker (sync_tracker_preload.cc) fills it, the crash test reads it after
// the SIGKILL and cuts every file of the data directory back to what was synced (power_cut.hpp).
//
// Files are keyed by (device, inode), so renames after the sync (CURRENT.tmp -> CURRENT) keep their record; a file
// created or truncated at open starts again from 0 synced bytes (an inode number reused after an unlink).
//
// Header-only and dependency-free: the preload library links nothing of the host.
#ifndef KVBENCH_HOST_CRASH_SYNC_TABLE_HPP_
#define KVBENCH_HOST_CRASH_SYNC_TABLE_HPP_

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace kvbench::crash {

// The environment variable naming the inherited descriptor of the table.
inline constexpr char kSyncTableFdEnv[] = "KVBENCH_SYNC_TABLE_FD";

struct SyncedFile {
  uint64_t dev = 0;
  uint64_t ino = 0;
  uint64_t synced_bytes = 0;
  uint32_t sync_on_write = 0;  // opened O_SYNC / O_DSYNC: every write is durable
  uint32_t unused = 0;
};

struct SyncTable {
  static constexpr size_t kMaxFiles = 32768;  // 32 bytes each: 1 MiB

  std::atomic<uint32_t> lock{0};
  std::atomic<uint32_t> attached{0};  // the tracker was loaded in the writer
  uint32_t count = 0;
  uint32_t overflowed = 0;  // more files than kMaxFiles: the record is incomplete
  SyncedFile files[kMaxFiles];

  // The record of (dev, ino), or nullptr. REQUIRES: the lock held, or the writer gone.
  SyncedFile* Find(uint64_t dev, uint64_t ino) {
    for (uint32_t i = 0; i < count; ++i) {
      if (files[i].dev == dev && files[i].ino == ino) return &files[i];
    }
    return nullptr;
  }

  // The record of (dev, ino), added if missing; nullptr when the table is full.
  SyncedFile* FindOrAdd(uint64_t dev, uint64_t ino) {
    if (SyncedFile* f = Find(dev, ino)) return f;
    if (count == kMaxFiles) {
      overflowed = 1;
      return nullptr;
    }
    SyncedFile* f = &files[count++];
    *f = SyncedFile{dev, ino, 0, 0, 0};
    return f;
  }

  void Lock() {
    while (lock.exchange(1, std::memory_order_acquire) != 0) {
    }
  }
  void Unlock() { lock.store(0, std::memory_order_release); }
};

}  // namespace kvbench::crash

#endif  // KVBENCH_HOST_CRASH_SYNC_TABLE_HPP_
