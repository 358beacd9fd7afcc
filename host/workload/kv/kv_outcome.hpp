// What one kv phase (or the final verify) did and found: operation counts, the values that were not what was
// written, the background writer's operations, and the phase's checksum.
#ifndef KVBENCH_HOST_WORKLOAD_KV_KV_OUTCOME_HPP_
#define KVBENCH_HOST_WORKLOAD_KV_KV_OUTCOME_HPP_

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>

#include "measure/latency_histogram.hpp"

namespace kvbench::workload::kv {

// Reads whose result was not what the workload wrote. Any of them fails the run's correctness.
struct ValueErrors {
  uint64_t stale = 0;       // an older version of the record
  uint64_t wrong = 0;       // bytes that are no version of the record (another record's, damaged, newer)
  uint64_t missing = 0;     // not found, but written and not deleted
  uint64_t unexpected = 0;  // found, but never written or deleted
  uint64_t misordered = 0;  // a scan entry not after the previous one, or a key that is not its value's record's
  uint64_t total() const { return stale + wrong + missing + unexpected + misordered; }
  void Add(const ValueErrors& o) {
    stale += o.stale;
    wrong += o.wrong;
    missing += o.missing;
    unexpected += o.unexpected;
    misordered += o.misordered;
  }
  nlohmann::json ToJson() const;
};

struct KvOutcome {
  int64_t operations = 0;
  uint64_t checksum = 0;
  // False for a duration phase, and for every phase after a duration phase that wrote: their operation counts
  // depend on the engine's speed, so their checksums are not compared (results.json says "checksum": "").
  bool checksum_comparable = true;
  uint64_t logical_bytes_written = 0;
  int64_t reads = 0, found = 0, updates = 0, rmws = 0, inserts = 0, scans = 0, scan_entries = 0, deletes = 0;
  ValueErrors errors;
  // The share of key-addressed operations that went to the hottest 1% of records (a sanity check of the
  // distribution: two implementations of one spec agree on it within sampling error); unset without such ops.
  std::optional<double> hottest_1pct_share;
  // The background writer (phases with one): overwrites done, and their latency (every one timed).
  int64_t background_ops = 0;
  std::optional<measure::LatencyHistogram> background_latency;
  // Latency of a rate-limited phase is measured from each operation's scheduled start (coordinated omission
  // corrected).
  bool latency_from_schedule = false;

  // The "kv" member of a phase result (docs/results-schema.md).
  nlohmann::json ToJson() const;
};

}  // namespace kvbench::workload::kv

#endif  // KVBENCH_HOST_WORKLOAD_KV_KV_OUTCOME_HPP_
