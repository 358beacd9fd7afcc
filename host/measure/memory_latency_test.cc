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

TEST(MemoryLatencyTest, MeasuresEachSpan) {
  const std::vector<MemoryLatencyPoint> points = MeasureTranslationLatency({1 << 20, 5000, 1}, 20000);
  ASSERT_EQ(points.size(), 3u);
  EXPECT_EQ(points[0].working_set_bytes, 1u << 20);
  EXPECT_EQ(points[1].working_set_bytes, 8192u);  // at least two pages (5000 bytes round down to one)
  EXPECT_EQ(points[2].working_set_bytes, 8192u);
  for (const MemoryLatencyPoint& p : points) {
    EXPECT_GT(p.ns_per_load, 0.0);
    EXPECT_LT(p.ns_per_load, 1e6);
  }
}

TEST(MemoryLatencyTest, TranslationProbeSpreadsItsLinesOverThePage) {
  // Lines at one offset in every page would share a few cache sets: the probe would then measure cache misses,
  // not address translation.
  std::vector<int> used(64, 0);
  for (uint64_t page = 0; page < 4096; ++page) {
    const uint64_t line = ProbeLineInPage(page);
    ASSERT_LT(line, 64u);
    ++used[line];
  }
  for (size_t line = 0; line < used.size(); ++line) {
    EXPECT_GE(used[line], 32) << "line " << line << " of 4,096 pages' 64 expected";
    EXPECT_LE(used[line], 96) << "line " << line << " of 4,096 pages' 64 expected";
  }
}

TEST(MemoryLatencyTest, DefaultSpansOutgrowTheTlb) {
  const std::vector<uint64_t> spans = DefaultTranslationSpans();
  ASSERT_FALSE(spans.empty());
  EXPECT_EQ(spans.front(), 4u << 20);
  EXPECT_EQ(spans.back(), 256u << 20);
  for (size_t i = 1; i < spans.size(); ++i) EXPECT_EQ(spans[i], spans[i - 1] * 4);
}

TEST(MemoryLatencyTest, JsonListsTheTranslationProbeOnlyWhenMeasured) {
  EXPECT_FALSE(MemoryLatencyToJson({{1024, 1.5}}).contains("translation"));
  const nlohmann::json j = MemoryLatencyToJson({{1024, 1.5}}, {{4 << 20, 9.5}, {256 << 20, 280.0}});
  ASSERT_TRUE(j["translation"]["points"].is_array());
  ASSERT_EQ(j["translation"]["points"].size(), 2u);
  EXPECT_EQ(j["translation"]["points"][1]["span_bytes"], 256u << 20);
  EXPECT_DOUBLE_EQ(j["translation"]["points"][1]["ns_per_load"].get<double>(), 280.0);
  EXPECT_TRUE(j["translation"]["method"].is_string());
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
