// PrefetchLines: asks the CPU for every cache line that bytes [begin, end)
// touch (at most max_lines of them, from the first). A hint: it never faults,
// and the addresses need not be valid.
#ifndef ZT_UTIL_PREFETCH_H_
#define ZT_UTIL_PREFETCH_H_

#include <cstddef>
#include <cstdint>
#include <limits>

namespace zt {

inline constexpr uintptr_t kCacheLineBytes = 64;

// How soon the prefetched lines will be wanted again. kOnce: by this access
// only (the non-temporal hint), which asks the CPU to let them displace less
// of the data that is used again, such as the index arrays a lookup searches
// before it reaches a block.
enum class Reuse { kKeep, kOnce };

template <Reuse reuse = Reuse::kKeep>
inline void PrefetchLines(const void* begin, const void* end, size_t max_lines = std::numeric_limits<size_t>::max()) {
  // From the line that holds begin: stepping from begin itself would miss
  // the last line when begin is not at a line's start.
  const uintptr_t first = reinterpret_cast<uintptr_t>(begin) & ~(kCacheLineBytes - 1);
  const uintptr_t limit = reinterpret_cast<uintptr_t>(end);
  if (limit <= first) return;
  // The count first, then an unrolled loop with one bound: a point lookup
  // asks for dozens of lines, and a loop testing both ends per line cost it
  // four instructions of loop for each prefetch.
  size_t lines = (limit - first + kCacheLineBytes - 1) / kCacheLineBytes;
  if (lines > max_lines) lines = max_lines;
  const char* line = reinterpret_cast<const char*>(first);
#pragma GCC unroll 8
  for (size_t n = 0; n < lines; n++) {
    __builtin_prefetch(line + n * kCacheLineBytes, 0, reuse == Reuse::kOnce ? 0 : 3);
  }
}

}  // namespace zt

#endif  // ZT_UTIL_PREFETCH_H_
