// The clock of the latency hot path. First implementation: CLOCK_MONOTONIC through the vDSO, ticks are ns.
#ifndef KVBENCH_HOST_MEASURE_TICK_CLOCK_HPP_
#define KVBENCH_HOST_MEASURE_TICK_CLOCK_HPP_

#include <time.h>

#include <cstdint>

namespace kvbench::measure {

inline uint64_t MonotonicNs() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<uint64_t>(ts.tv_sec) * 1000000000u + static_cast<uint64_t>(ts.tv_nsec);
}

class TickClock {
 public:
  static const TickClock& Instance() {
    static const TickClock clock;
    return clock;
  }
  static uint64_t Now() { return MonotonicNs(); }
  uint64_t TicksToNs(uint64_t ticks) const { return ticks; }
};

}  // namespace kvbench::measure

#endif  // KVBENCH_HOST_MEASURE_TICK_CLOCK_HPP_
