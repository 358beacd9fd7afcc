#include "measure/latency_histogram.hpp"

#include <gtest/gtest.h>

namespace kvbench::measure {
namespace {

TEST(LatencyHistogramTest, ConstantValueIsExact) {
  LatencyHistogram h;
  for (int i = 0; i < 100; ++i) h.Record(123456);
  EXPECT_EQ(h.Percentile(50), 123456u);
  EXPECT_EQ(h.Min(), 123456u);
  EXPECT_EQ(h.Max(), 123456u);
}

}  // namespace
}  // namespace kvbench::measure
