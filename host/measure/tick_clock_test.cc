#include "measure/tick_clock.hpp"

#include <gtest/gtest.h>

#include <string>
#include <thread>

namespace kvbench::measure {
namespace {

void ExpectMeasuresSleep(const TickClock& clock) {
  const uint64_t start = clock.Now();
  const uint64_t mono_start = MonotonicNs();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const uint64_t stop = clock.Stop();
  const uint64_t mono = MonotonicNs() - mono_start;
  ASSERT_GT(stop, start);
  const double ns = static_cast<double>(clock.TicksToNs(stop - start));
  EXPECT_GE(ns, 20e6);
  EXPECT_NEAR(ns, static_cast<double>(mono), static_cast<double>(mono) * 0.01 + 20000);
}

TEST(TickClockTest, MonotonicClockTicksAreNanoseconds) {
  const TickClock clock = TickClock::For(ClockSource::kMonotonic);
  EXPECT_EQ(clock.source(), ClockSource::kMonotonic);
  EXPECT_EQ(clock.TicksToNs(123456789), 123456789u);
  ExpectMeasuresSleep(clock);
}

TEST(TickClockTest, TscClockAgreesWithMonotonic) {
  const TickClock clock = TickClock::For(ClockSource::kTsc);
  if (!TickClock::TscUsable()) {
    EXPECT_EQ(clock.source(), ClockSource::kMonotonic);  // the fallback
    GTEST_SKIP() << "no invariant TSC as clocksource here";
  }
  ASSERT_EQ(clock.source(), ClockSource::kTsc);
  EXPECT_GT(clock.ticks_per_second(), 1e8);
  ExpectMeasuresSleep(clock);
  // One second of ticks converts to one second (within the calibration's accuracy).
  const uint64_t one_second = static_cast<uint64_t>(clock.ticks_per_second());
  EXPECT_NEAR(static_cast<double>(clock.TicksToNs(one_second)), 1e9, 1e3);
}

TEST(TickClockTest, AutoPicksTheTscWhenUsable) {
  const TickClock clock = TickClock::For(ClockSource::kAuto);
  EXPECT_EQ(clock.source(), TickClock::TscUsable() ? ClockSource::kTsc : ClockSource::kMonotonic);
}

TEST(TickClockTest, NeverGoesBackwards) {
  const TickClock clock = TickClock::For(ClockSource::kAuto);
  uint64_t previous = clock.Now();
  for (int i = 0; i < 100000; ++i) {
    const uint64_t now = clock.Now();
    ASSERT_GE(now, previous);
    previous = now;
  }
}

TEST(TickClockTest, SourceNames) {
  EXPECT_EQ(std::string(ClockSourceName(ClockSource::kTsc)), "tsc");
  EXPECT_EQ(std::string(ClockSourceName(ClockSource::kMonotonic)), "clock_monotonic");
  EXPECT_EQ(std::string(ClockSourceName(ClockSource::kAuto)), "auto");
}

}  // namespace
}  // namespace kvbench::measure
