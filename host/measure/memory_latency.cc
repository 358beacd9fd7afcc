#include "measure/memory_latency.hpp"

#include <chrono>
#include <cstdlib>
#include <memory>
#include <new>
#include <vector>

namespace kvbench::measure {
namespace {

constexpr uint64_t kLineBytes = 64;
constexpr uint64_t kPageBytes = 4096;
constexpr uint64_t kWord = sizeof(uint64_t);

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
using Buffer = std::unique_ptr<uint64_t, FreeDeleter>;

Buffer AllocateAligned(uint64_t alignment, uint64_t bytes) {
  Buffer buffer(static_cast<uint64_t*>(std::aligned_alloc(alignment, bytes)));
  if (!buffer) throw std::bad_alloc();
  return buffer;
}

// Follows next[] (each value the word index of the next load) from `start`: `warm` untimed loads, then `loads`
// timed ones. Nanoseconds per timed load.
double NsPerLoad(const uint64_t* next, uint64_t start, uint64_t warm, uint64_t loads) {
  uint64_t at = start;
  for (uint64_t i = 0; i < warm; ++i) at = next[at];
  const auto begin = std::chrono::steady_clock::now();
  for (uint64_t i = 0; i < loads; ++i) at = next[at];
  const auto end = std::chrono::steady_clock::now();
  // The chase's end point feeds a value the compiler must keep, so the loop cannot be dropped.
  volatile uint64_t sink = at;
  (void)sink;
  const double ns = std::chrono::duration<double, std::nano>(end - begin).count();
  return loads == 0 ? 0.0 : ns / static_cast<double>(loads);
}

nlohmann::json PointsToJson(const std::vector<MemoryLatencyPoint>& points, const char* size_key) {
  nlohmann::json list = nlohmann::json::array();
  for (const MemoryLatencyPoint& p : points)
    list.push_back({{size_key, p.working_set_bytes}, {"ns_per_load", p.ns_per_load}});
  return list;
}

}  // namespace

std::vector<uint64_t> DefaultLatencyWorkingSets() {
  std::vector<uint64_t> sizes;
  for (uint64_t bytes = 16ull << 10; bytes <= 256ull << 20; bytes *= 4) sizes.push_back(bytes);
  return sizes;
}

std::vector<uint64_t> DefaultTranslationSpans() {
  std::vector<uint64_t> spans;
  for (uint64_t bytes = 4ull << 20; bytes <= 256ull << 20; bytes *= 4) spans.push_back(bytes);
  return spans;
}

uint64_t ProbeLineInPage(uint64_t page) { return (page * 0x9e3779b1ull >> 7) % (kPageBytes / kLineBytes); }

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
  constexpr uint64_t kStride = kLineBytes / kWord;  // one index per line, at its start
  for (const uint64_t bytes : working_sets) {
    const uint64_t lines = bytes / kLineBytes < 2 ? 2 : bytes / kLineBytes;
    Buffer buffer = AllocateAligned(kLineBytes, lines * kLineBytes);
    uint64_t* next = buffer.get();
    BuildChaseCycle(lines, 0x6b76626e6368ull ^ lines, next, kStride);
    for (uint64_t i = 0; i < lines; ++i) next[i * kStride] *= kStride;  // line index -> word index
    points.push_back({lines * kLineBytes, NsPerLoad(next, 0, lines < loads ? lines : loads, loads)});
  }
  return points;
}

std::vector<MemoryLatencyPoint> MeasureTranslationLatency(const std::vector<uint64_t>& spans, uint64_t loads) {
  std::vector<MemoryLatencyPoint> points;
  constexpr uint64_t kPageWords = kPageBytes / kWord, kLineWords = kLineBytes / kWord;
  const auto word_of = [](uint64_t page) { return page * kPageWords + ProbeLineInPage(page) * kLineWords; };
  for (const uint64_t bytes : spans) {
    const uint64_t pages = bytes / kPageBytes < 2 ? 2 : bytes / kPageBytes;
    std::vector<uint64_t> successor(pages);
    BuildChaseCycle(pages, 0x7472616e736cull ^ pages, successor.data(), 1);
    Buffer buffer = AllocateAligned(kPageBytes, pages * kPageBytes);
    uint64_t* next = buffer.get();
    for (uint64_t p = 0; p < pages; ++p) next[word_of(p)] = word_of(successor[p]);
    points.push_back({pages * kPageBytes, NsPerLoad(next, word_of(0), pages < loads ? pages : loads, loads)});
  }
  return points;
}

nlohmann::json MemoryLatencyToJson(const std::vector<MemoryLatencyPoint>& points,
                                   const std::vector<MemoryLatencyPoint>& translation) {
  nlohmann::json doc = {{"method", "dependent loads through one random cycle of 64-byte lines, 4 KiB pages"},
                        {"points", PointsToJson(points, "working_set_bytes")}};
  if (!translation.empty()) {
    doc["translation"] = {
        {"method", "dependent loads through one 64-byte line in each 4 KiB page of a span, one random cycle"},
        {"points", PointsToJson(translation, "span_bytes")}};
  }
  return doc;
}

}  // namespace kvbench::measure
