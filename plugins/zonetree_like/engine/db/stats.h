// EngineStats: counters shared by every tree of an engine (all atomic,
// updated with relaxed ordering; read for the Stats JSON and tests).
#ifndef ZT_DB_STATS_H_
#define ZT_DB_STATS_H_

#include <atomic>
#include <cstdint>
#include <string>

namespace zt {

struct EngineStats {
  std::atomic<uint64_t> wal_bytes{0};       // bytes written to logs
  std::atomic<uint64_t> segment_bytes{0};   // bytes of new segment parts
  std::atomic<uint64_t> manifest_bytes{0};  // bytes of manifests written
  std::atomic<uint64_t> manifest_writes{0};
  std::atomic<uint64_t> freezes{0};
  std::atomic<uint64_t> backpressure_waits{0};  // Put waited for a merge
  std::atomic<uint64_t> merges{0};
  std::atomic<uint64_t> merge_micros{0};
  std::atomic<uint64_t> entries_merged{0};  // entries written by merges
  std::atomic<uint64_t> tombstones_dropped{0};
  std::atomic<uint64_t> parts_written{0};
  std::atomic<uint64_t> parts_reused{0};
  std::atomic<uint64_t> bottom_moves{0};  // disk segment became a bottom
  std::atomic<uint64_t> bottom_merges{0};
  std::atomic<uint64_t> blocks_warmed{0};            // loaded by the merge threads after merges
  std::atomic<uint64_t> blocks_cached_by_merges{0};  // put into the block cache as merges wrote them
  std::atomic<uint64_t> wal_records_replayed{0};
  std::atomic<uint64_t> wal_torn_tails{0};  // logs whose final record was cut
  std::atomic<uint64_t> wal_torn_bytes{0};
  std::atomic<uint64_t> background_errors{0};

  uint64_t BytesWritten() const {
    return wal_bytes.load(std::memory_order_relaxed) + segment_bytes.load(std::memory_order_relaxed) +
           manifest_bytes.load(std::memory_order_relaxed);
  }
  // A JSON object with every counter.
  std::string ToJson() const;
};

}  // namespace zt

#endif  // ZT_DB_STATS_H_
