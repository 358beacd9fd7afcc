#include "measure/phase_meter.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <numeric>
#include <thread>

namespace kvbench::measure {
namespace {

TEST(PhaseMeterTest, CountsOperationsAndRecordsLatency) {
  MeasureOptions options;
  options.timeline_interval_ms = 20;
  PhaseMeter meter(options);
  meter.Begin();
  for (int i = 0; i < 1000; ++i) {
    const uint64_t t = meter.OpStart();
    EXPECT_NE(t, 0u);
    meter.OpEnd(t);
  }
  EXPECT_EQ(meter.ops_done(), 1000u);
  const PhaseMeasurement m = meter.End();
  EXPECT_EQ(m.operations, 1000u);
  EXPECT_EQ(m.latency.Count(), 1000u);
  EXPECT_EQ(std::accumulate(m.timeline_ops.begin(), m.timeline_ops.end(), uint64_t{0}), 1000u);
  EXPECT_GT(m.peak_rss_bytes, 0u);
}

}  // namespace
}  // namespace kvbench::measure
