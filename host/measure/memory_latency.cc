#include "measure/memory_latency.hpp"

#include <chrono>
#include <cstdlib>
#include <memory>
#include <new>

namespace kvbench::measure {
namespace {

constexpr uint64_t kLineBytes = 64;

// splitmix64: a small, fast, well-mixed generator (the cycle only has to defeat the hardware prefetchers).
uint64_t NextRandom(uint64_t* state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

struct FreeDeleter {
  void operator()(void* p) const { std::free(p); }
};

}  // namespace

std::vector<uint64_t> DefaultLatencyWorkingSets() {
  std::vector<uint64_t> sizes;
  for (uint64_t bytes = 16ull << 10; bytes <= 256ull << 20; bytes *= 4) sizes.push_back(bytes);
  return sizes;
}

void BuildChaseCycle(uint64_t n, uint64_t seed, uint64_t* next, uint64_t stride) {
  // next[i * stride] is line i's successor. Sattolo: swapping each i only with a j < i yields a single cycle.
  for (uint64_t i = 0; i < n; ++i) next[i * stride] = i;
  uint64_t state = seed;
  for (uint64_t i = n - 1; i > 0; --i) {
    const uint64_t j = NextRandom(&state) % i;
    const uint64_t t = next[i * stride];
    next[i * stride] = next[j * stride];
    next[j * stride] = t;
  }
}

std::vector<MemoryLatencyPoint> MeasureMemoryLatency(const std::vector<uint64_t>& working_sets, uint64_t loads) {
  std::vector<MemoryLatencyPoint> points;
  constexpr uint64_t kStride = kLineBytes / sizeof(uint64_t);  // one index per line, at its start
  for (const uint64_t bytes : working_sets) {
    const uint64_t lines = bytes / kLineBytes < 2 ? 2 : bytes / kLineBytes;
    std::unique_ptr<uint64_t, FreeDeleter> buffer(
        static_cast<uint64_t*>(std::aligned_alloc(kLineBytes, lines * kLineBytes)));
    if (!buffer) throw std::bad_alloc();
    uint64_t* next = buffer.get();
    BuildChaseCycle(lines, 0x6b76626e6368ull ^ lines, next, kStride);
    uint64_t at = 0;
    const uint64_t warm = lines < loads ? lines : loads;
    for (uint64_t i = 0; i < warm; ++i) at = next[at * kStride];
    const auto start = std::chrono::steady_clock::now();
    for (uint64_t i = 0; i < loads; ++i) at = next[at * kStride];
    const auto end = std::chrono::steady_clock::now();
    // The chase's end point feeds a value the compiler must keep, so the loop cannot be dropped.
    volatile uint64_t sink = at;
    (void)sink;
    const double ns = std::chrono::duration<double, std::nano>(end - start).count();
    points.push_back({lines * kLineBytes, loads == 0 ? 0.0 : ns / static_cast<double>(loads)});
  }
  return points;
}

nlohmann::json MemoryLatencyToJson(const std::vector<MemoryLatencyPoint>& points) {
  nlohmann::json list = nlohmann::json::array();
  for (const MemoryLatencyPoint& p : points) {
    list.push_back({{"working_set_bytes", p.working_set_bytes}, {"ns_per_load", p.ns_per_load}});
  }
  return {{"method", "dependent loads through one random cycle of 64-byte lines, 4 KiB pages"}, {"points", list}};
}

}  // namespace kvbench::measure
