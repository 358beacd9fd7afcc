#include "measure/tick_clock.hpp"

#include <cmath>
#include <fstream>
#include <string>

namespace kvbench::measure {

namespace {

bool CpuHasInvariantTsc() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("flags", 0) != 0) continue;
    const std::string padded = " " + line + " ";
    return padded.find(" constant_tsc ") != std::string::npos && padded.find(" nonstop_tsc ") != std::string::npos;
  }
  return false;
}

bool KernelClocksourceIsTsc() {
  std::ifstream file("/sys/devices/system/clocksource/clocksource0/current_clocksource");
  std::string name;
  return static_cast<bool>(file >> name) && name == "tsc";
}

#if KVBENCH_HAVE_RDTSC
// TSC ticks per second: the TSC and CLOCK_MONOTONIC read back to back (the tightest of a few tries, to keep
// preemption out of the pair) at both ends of a ~10 ms busy wait.
double CalibrateTscTicksPerSecond() {
  auto paired_read = [](uint64_t* tsc, uint64_t* ns) {
    uint64_t best_width = UINT64_MAX;
    for (int i = 0; i < 5; ++i) {
      const uint64_t before = OrderedRdtsc();
      const uint64_t mono = MonotonicNs();
      const uint64_t after = OrderedRdtsc();
      if (after - before < best_width) {
        best_width = after - before;
        *tsc = before + (after - before) / 2;
        *ns = mono;
      }
    }
  };
  uint64_t tsc0 = 0, ns0 = 0, tsc1 = 0, ns1 = 0;
  paired_read(&tsc0, &ns0);
  while (MonotonicNs() - ns0 < 10'000'000) {
  }
  paired_read(&tsc1, &ns1);
  if (tsc1 <= tsc0 || ns1 <= ns0) return 0.0;
  return static_cast<double>(tsc1 - tsc0) * 1e9 / static_cast<double>(ns1 - ns0);
}
#endif

}  // namespace

const char* ClockSourceName(ClockSource source) {
  switch (source) {
    case ClockSource::kAuto:
      return "auto";
    case ClockSource::kMonotonic:
      return "clock_monotonic";
    case ClockSource::kTsc:
      return "tsc";
  }
  return "?";
}

bool TickClock::TscUsable() {
#if KVBENCH_HAVE_RDTSC
  static const bool usable = CpuHasInvariantTsc() && KernelClocksourceIsTsc();
  return usable;
#else
  return false;
#endif
}

TickClock TickClock::For(ClockSource source) {
  TickClock monotonic;
  if (source == ClockSource::kMonotonic || !TscUsable()) return monotonic;
#if KVBENCH_HAVE_RDTSC
  static const TickClock tsc = [] {
    TickClock clock;
    const double ticks_per_second = CalibrateTscTicksPerSecond();
    // Sanity: a real TSC runs between 100 MHz and 10 GHz.
    if (!(ticks_per_second > 1e8 && ticks_per_second < 1e10)) return clock;
    clock.use_tsc_ = true;
    clock.ticks_per_second_ = ticks_per_second;
    clock.ns_per_tick_q32_ = static_cast<uint64_t>(std::llround(1e9 / ticks_per_second * 4294967296.0));
    return clock;
  }();
  return tsc;
#else
  return monotonic;
#endif
}

}  // namespace kvbench::measure
