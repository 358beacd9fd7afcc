// The clock of the latency hot path: either the invariant TSC (rdtsc, converted to ns with a factor calibrated
// against CLOCK_MONOTONIC) or CLOCK_MONOTONIC itself (through the vDSO). Both are monotonic per process; the TSC is
// used only when the CPU reports it invariant (constant_tsc and nonstop_tsc) and the kernel uses it as its own
// clocksource (so it is synchronized across cores), which is what makes it correct across thread migrations.
//
// rdtsc alone is not ordered: the CPU may read the counter before the timed operation's loads complete. Measured
// here around a memory.so point read (phase_meter_bench, BM_MemoryGetTimedRaw), plain rdtsc reported a median of
// 18 ns for a read that takes ~450 ns. Now() therefore fences the read on both sides (lfence; rdtsc; lfence), the
// same ordering the vDSO's clock_gettime uses, so a timed interval contains the whole operation. The end of an
// interval (Stop) needs only the leading fence: what follows it may overlap the read.
#ifndef KVBENCH_HOST_MEASURE_TICK_CLOCK_HPP_
#define KVBENCH_HOST_MEASURE_TICK_CLOCK_HPP_

#include <time.h>

#include <cstdint>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define KVBENCH_HAVE_RDTSC 1
#else
#define KVBENCH_HAVE_RDTSC 0
#endif

namespace kvbench::measure {

inline uint64_t MonotonicNs() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<uint64_t>(ts.tv_sec) * 1000000000u + static_cast<uint64_t>(ts.tv_nsec);
}

#if KVBENCH_HAVE_RDTSC
// The TSC, read after every earlier instruction completed and before any later one starts.
inline uint64_t OrderedRdtsc() {
  _mm_lfence();
  const uint64_t ticks = __rdtsc();
  _mm_lfence();
  return ticks;
}
// The TSC, read after every earlier instruction completed (later ones may start before): the end of an interval.
inline uint64_t RdtscAfterPrior() {
  _mm_lfence();
  return __rdtsc();
}
#endif

enum class ClockSource {
  kAuto,       // the TSC when it is usable, else CLOCK_MONOTONIC
  kMonotonic,  // clock_gettime(CLOCK_MONOTONIC)
  kTsc,        // rdtsc; falls back to CLOCK_MONOTONIC when the TSC is not usable
};

// "auto", "clock_monotonic" or "tsc" (the names used in results).
const char* ClockSourceName(ClockSource source);

// A small value type (copy it next to the hot data). Thread-safe: immutable after construction.
class TickClock {
 public:
  // The process-wide calibrated clock for `source` (the TSC is calibrated once, ~10 ms, on first use).
  static TickClock For(ClockSource source);

  // Whether this machine's TSC is invariant and the kernel's clocksource (see the file comment).
  static bool TscUsable();

  // The start of a timed interval: ordered against earlier and later instructions.
  uint64_t Now() const {
#if KVBENCH_HAVE_RDTSC
    if (use_tsc_) return OrderedRdtsc();
#endif
    return MonotonicNs();
  }
  // The end of a timed interval: after every earlier instruction (cheaper than Now() with the TSC).
  uint64_t Stop() const {
#if KVBENCH_HAVE_RDTSC
    if (use_tsc_) return RdtscAfterPrior();
#endif
    return MonotonicNs();
  }
  // Converts a difference of two Now() values to nanoseconds.
  uint64_t TicksToNs(uint64_t ticks) const {
    if (!use_tsc_) return ticks;
    __extension__ using Uint128 = unsigned __int128;
    return static_cast<uint64_t>((static_cast<Uint128>(ticks) * ns_per_tick_q32_) >> 32);
  }

  ClockSource source() const { return use_tsc_ ? ClockSource::kTsc : ClockSource::kMonotonic; }
  // TSC ticks per second as calibrated (0 for CLOCK_MONOTONIC).
  double ticks_per_second() const { return ticks_per_second_; }

 private:
  TickClock() = default;

  bool use_tsc_ = false;
  uint64_t ns_per_tick_q32_ = uint64_t{1} << 32;  // ns per tick, 32.32 fixed point
  double ticks_per_second_ = 0.0;
};

}  // namespace kvbench::measure

#endif  // KVBENCH_HOST_MEASURE_TICK_CLOCK_HPP_
