// The machine's memory latency by working-set size: how long a load takes when its address depends on the load
// before it (a pointer chase through every 64-byte line of a buffer, in one random cycle), as a key-value store's
// lookups see memory: ordinary 4 KiB pages, so TLB misses are part of the figure.
//
// Why kvbench records it: a random point read's cost is a handful of such dependent loads, so when a store's
// working set outgrows the CPU caches between two scales, every engine's point reads slow down by up to the ratio
// of these latencies, whatever its design (`kvbench scaling` prints them beside its ratios).
#ifndef KVBENCH_HOST_MEASURE_MEMORY_LATENCY_HPP_
#define KVBENCH_HOST_MEASURE_MEMORY_LATENCY_HPP_

#include <cstdint>
#include <nlohmann/json.hpp>
#include <vector>

namespace kvbench::measure {

struct MemoryLatencyPoint {
  uint64_t working_set_bytes = 0;
  double ns_per_load = 0.0;
};

// 16 KiB to 256 MiB by factors of 4 (the L1 data cache to well past any last-level cache).
std::vector<uint64_t> DefaultLatencyWorkingSets();

// For each working set (rounded down to whole 64-byte lines, at least 2): `loads` dependent loads timed after one
// untimed pass over the cycle (or `loads` of them, if fewer), in nanoseconds per load. Allocates one working set
// at a time.
std::vector<MemoryLatencyPoint> MeasureMemoryLatency(const std::vector<uint64_t>& working_sets, uint64_t loads);

// Makes next[i * stride] (i < n) line i's successor in one cycle through all n lines (Sattolo's shuffle), drawn
// from `seed`. Exposed for tests. REQUIRES: n >= 2, next holds n * stride values.
void BuildChaseCycle(uint64_t n, uint64_t seed, uint64_t* next, uint64_t stride);

// {"method": "...", "points": [{"working_set_bytes": B, "ns_per_load": x}, ...]}
nlohmann::json MemoryLatencyToJson(const std::vector<MemoryLatencyPoint>& points);

}  // namespace kvbench::measure

#endif  // KVBENCH_HOST_MEASURE_MEMORY_LATENCY_HPP_
