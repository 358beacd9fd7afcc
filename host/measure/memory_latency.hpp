// The machine's memory latency by working-set size: how long a load takes when its address depends on the load
// before it (a pointer chase through every 64-byte line of a buffer, in one random cycle), as a key-value store's
// lookups see memory: ordinary 4 KiB pages, so TLB misses are part of the figure.
//
// Why kvbench records it: a random point read's cost is a handful of such dependent loads, so when a store's
// working set outgrows the CPU caches between two scales, every engine's point reads slow down by up to the ratio
// of these latencies, whatever its design (`kvbench scaling` prints them beside its ratios).
//
// The translation probe separates the two costs a large working set's load pays: the same chase through one line
// in each 4 KiB page of a span, so that the lines themselves (64 bytes a page) stay in the CPU caches while their
// addresses outnumber what the TLB covers. Where it costs about what the full probe costs at that size, a random
// read there waits for its page walk (in a virtual machine, a walk through two levels of page tables), not for its
// data, and no layout of the data inside the pages avoids it.
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

// 4 MiB to 256 MiB by factors of 4 (1,024 to 65,536 pages of 4 KiB).
std::vector<uint64_t> DefaultTranslationSpans();

// For each span (rounded down to whole 4 KiB pages, at least 2): dependent loads through one 64-byte line in each
// page, timed as MeasureMemoryLatency's; working_set_bytes is the span. Allocates one span at a time (every page
// of it touched, so resident), plus 8 bytes a page for the cycle.
std::vector<MemoryLatencyPoint> MeasureTranslationLatency(const std::vector<uint64_t>& spans, uint64_t loads);

// The line (0..63) the translation probe reads in page `page`: spread over the page so that the probe's lines do
// not all compete for the same cache sets. Exposed for tests.
uint64_t ProbeLineInPage(uint64_t page);

// Makes next[i * stride] (i < n) line i's successor in one cycle through all n lines (Sattolo's shuffle), drawn
// from `seed`. Exposed for tests. REQUIRES: n >= 2, next holds n * stride values.
void BuildChaseCycle(uint64_t n, uint64_t seed, uint64_t* next, uint64_t stride);

// {"method": "...", "points": [{"working_set_bytes": B, "ns_per_load": x}, ...],
//  "translation": {"method": "...", "points": [{"span_bytes": B, "ns_per_load": x}, ...]}}; no "translation" when
// `translation` is empty.
nlohmann::json MemoryLatencyToJson(const std::vector<MemoryLatencyPoint>& points,
                                   const std::vector<MemoryLatencyPoint>& translation = {});

}  // namespace kvbench::measure

#endif  // KVBENCH_HOST_MEASURE_MEMORY_LATENCY_HPP_
