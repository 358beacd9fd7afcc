// Version: an immutable snapshot of one tree's layers, newest first. Readers
// load the current version (one atomic shared_ptr load, no mutex), which pins
// every memtable and segment it names until they drop it.
#ifndef ZT_DB_VERSION_H_
#define ZT_DB_VERSION_H_

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

#include "db/memtable.h"
#include "table/segment.h"

namespace zt {

struct Version {
  std::shared_ptr<MemTable> mutable_segment;
  std::vector<std::shared_ptr<MemTable>> frozen;  // newest first
  std::shared_ptr<Segment> disk;                  // may be null (empty)
  std::vector<std::shared_ptr<Segment>> bottoms;  // newest first
};

// The current version of a tree. Load() copies the shared_ptr under a
// spinlock held for two pointer moves and a reference-count increment (what
// libstdc++'s atomic<shared_ptr> does too, but visible to ThreadSanitizer);
// Store() swaps and releases the old version outside the lock.
class VersionSlot {
 public:
  std::shared_ptr<const Version> Load() const {
    Lock();
    std::shared_ptr<const Version> v = current_;
    Unlock();
    return v;
  }
  void Store(std::shared_ptr<const Version> v) {
    Lock();
    current_.swap(v);
    Unlock();
  }

 private:
  void Lock() const {
    int spins = 0;
    while (locked_.exchange(true, std::memory_order_acquire)) {
      while (locked_.load(std::memory_order_relaxed)) {
        if (++spins > 64) std::this_thread::yield();
      }
    }
  }
  void Unlock() const { locked_.store(false, std::memory_order_release); }

  mutable std::atomic<bool> locked_{false};
  std::shared_ptr<const Version> current_;
};

}  // namespace zt

#endif  // ZT_DB_VERSION_H_
