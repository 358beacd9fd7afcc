#include "db/stats.h"

namespace zt {

std::string EngineStats::ToJson() const {
  std::string out = "{";
  auto add = [&](const char* name, uint64_t v) {
    if (out.size() > 1) out += ",";
    out += "\"";
    out += name;
    out += "\":";
    out += std::to_string(v);
  };
  auto get = [](const std::atomic<uint64_t>& a) { return a.load(std::memory_order_relaxed); };
  add("bytes_written", BytesWritten());
  add("wal_bytes", get(wal_bytes));
  add("segment_bytes", get(segment_bytes));
  add("manifest_bytes", get(manifest_bytes));
  add("manifest_writes", get(manifest_writes));
  add("freezes", get(freezes));
  add("backpressure_waits", get(backpressure_waits));
  add("merges", get(merges));
  add("merge_ms", get(merge_micros) / 1000);
  add("entries_merged", get(entries_merged));
  add("tombstones_dropped", get(tombstones_dropped));
  add("parts_written", get(parts_written));
  add("parts_reused", get(parts_reused));
  add("bottom_moves", get(bottom_moves));
  add("bottom_merges", get(bottom_merges));
  add("blocks_warmed", get(blocks_warmed));
  add("blocks_cached_by_merges", get(blocks_cached_by_merges));
  add("wal_records_replayed", get(wal_records_replayed));
  add("wal_torn_tails", get(wal_torn_tails));
  add("wal_torn_bytes", get(wal_torn_bytes));
  add("background_errors", get(background_errors));
  out += "}";
  return out;
}

}  // namespace zt
