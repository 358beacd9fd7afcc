#include "measure/memory_latency.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace kvbench::measure {
namespace {

TEST(MemoryLatencyTest, ChaseCycleVisitsEveryLineOnce) {
  for (const uint64_t n : {2ull, 3ull, 17ull, 1000ull}) {
    for (const uint64_t stride : {1ull, 8ull}) {
      std::vector<uint64_t> next(n * stride, ~0ull);
      BuildChaseCycle(n, 42, next.data(), stride);
      std::vector<bool> seen(n, false);
      uint64_t at = 0;
      for (uint64_t i = 0; i < n; ++i) {
        ASSERT_LT(next[at * stride], n);
        ASSERT_FALSE(seen[at]) << "line " << at << " visited twice, n=" << n;
        seen[at] = true;
        at = next[at * stride];
      }
      EXPECT_EQ(at, 0u) << "the cycle does not close after n steps, n=" << n;
    }
  }
}

TEST(MemoryLatencyTest, ChaseCycleDependsOnTheSeed) {
  std::vector<uint64_t> a(64), b(64);
  BuildChaseCycle(64, 1, a.data(), 1);
  BuildChaseCycle(64, 2, b.data(), 1);
  EXPECT_NE(a, b);
}

TEST(MemoryLatencyTest, MeasuresEachWorkingSet) {
  const std::vector<MemoryLatencyPoint> points = MeasureMemoryLatency({16 << 10, 200, 1}, 20000);
  ASSERT_EQ(points.size(), 3u);
  EXPECT_EQ(points[0].working_set_bytes, 16u << 10);
  EXPECT_EQ(points[1].working_set_bytes, 192u);  // whole lines, rounded down
  EXPECT_EQ(points[2].working_set_bytes, 128u);  // at least two lines
  for (const MemoryLatencyPoint& p : points) {
    EXPECT_GT(p.ns_per_load, 0.0);
    EXPECT_LT(p.ns_per_load, 1e6);
  }
}

TEST(MemoryLatencyTest, DefaultWorkingSetsSpanCachesToMemory) {
  const std::vector<uint64_t> sizes = DefaultLatencyWorkingSets();
  ASSERT_FALSE(sizes.empty());
  EXPECT_EQ(sizes.front(), 16u << 10);
  EXPECT_EQ(sizes.back(), 256u << 20);
  for (size_t i = 1; i < sizes.size(); ++i) EXPECT_EQ(sizes[i], sizes[i - 1] * 4);
}

TEST(MemoryLatencyTest, JsonListsEveryPoint) {
  const nlohmann::json j = MemoryLatencyToJson({{1024, 1.5}, {1 << 20, 80.25}});
  ASSERT_TRUE(j["points"].is_array());
  ASSERT_EQ(j["points"].size(), 2u);
  EXPECT_EQ(j["points"][1]["working_set_bytes"], 1u << 20);
  EXPECT_DOUBLE_EQ(j["points"][1]["ns_per_load"].get<double>(), 80.25);
  EXPECT_TRUE(j["method"].is_string());
}

}  // namespace
}  // namespace kvbench::measure
