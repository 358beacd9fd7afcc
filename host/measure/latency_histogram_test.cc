#include "measure/latency_histogram.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

namespace kvbench::measure {
namespace {

// The reported value of a bucket is its midpoint, so it is within half a bucket width (2^-(bits+1)) of any value
// in the bucket; allow a little more for the rank falling on a neighbouring value.
constexpr double kPrecision = 1.0 / 128;

void ExpectNear(uint64_t actual, double expected, double relative) {
  EXPECT_NEAR(static_cast<double>(actual), expected, expected * relative + 1.0) << "expected ~" << expected;
}

// The exact percentile of a sample (the ceil(p/100 * n)-th smallest value), as the histogram defines it.
uint64_t ExactPercentile(std::vector<uint64_t> values, double percentile) {
  std::sort(values.begin(), values.end());
  size_t rank = static_cast<size_t>(std::ceil(percentile / 100.0 * static_cast<double>(values.size())));
  rank = std::clamp<size_t>(rank, 1, values.size());
  return values[rank - 1];
}

TEST(LatencyHistogramTest, EmptyHistogram) {
  LatencyHistogram h;
  EXPECT_EQ(h.Count(), 0u);
  EXPECT_EQ(h.Min(), 0u);
  EXPECT_EQ(h.Max(), 0u);
  EXPECT_EQ(h.Mean(), 0.0);
  EXPECT_EQ(h.Percentile(50), 0u);
  const nlohmann::json j = h.ToJson();
  EXPECT_EQ(j["count"], 0);
  EXPECT_TRUE(j["p50"].is_null());
  EXPECT_TRUE(j["min"].is_null());
  EXPECT_TRUE(j["mean"].is_null());
  EXPECT_TRUE(j["histogram"]["buckets"].empty());
}

TEST(LatencyHistogramTest, SmallValuesAreExact) {
  LatencyHistogram h;
  for (uint64_t v = 0; v < 256; ++v) {
    EXPECT_EQ(h.IndexOf(v), v);
    EXPECT_EQ(h.LowestValueAt(v), v);
    EXPECT_EQ(h.HighestValueAt(v), v);
    h.Record(v);
  }
  EXPECT_EQ(h.Percentile(0), 0u);
  EXPECT_EQ(h.Percentile(50), 127u);
  EXPECT_EQ(h.Percentile(100), 255u);
}

TEST(LatencyHistogramTest, BucketBoundsContainTheirValuesWithinPrecision) {
  LatencyHistogram h;
  std::mt19937_64 rng(1);
  size_t previous_index = 0;
  uint64_t previous_value = 0;
  std::vector<uint64_t> values;
  for (int shift = 0; shift < 64; ++shift) {
    for (int i = 0; i < 200; ++i) values.push_back((rng() >> (63 - shift)) | (uint64_t{1} << shift));
  }
  values.push_back(std::numeric_limits<uint64_t>::max());
  std::sort(values.begin(), values.end());
  for (const uint64_t v : values) {
    const size_t index = h.IndexOf(v);
    ASSERT_LT(index, h.bucket_count());
    ASSERT_LE(h.LowestValueAt(index), v);
    ASSERT_GE(h.HighestValueAt(index), v);
    if (index >= 256) {  // below 256 buckets are exact (width 1)
      const double width = static_cast<double>(h.HighestValueAt(index) - h.LowestValueAt(index)) + 1.0;
      ASSERT_LE(width / static_cast<double>(h.LowestValueAt(index)), kPrecision + 1e-12) << v;
    }
    ASSERT_GE(index, previous_index) << "IndexOf must be monotonic: " << previous_value << " then " << v;
    previous_index = index;
    previous_value = v;
  }
  // Buckets tile the range: each one starts right after the previous one ends.
  for (size_t i = 1; i < h.bucket_count(); ++i) {
    ASSERT_EQ(h.LowestValueAt(i), h.HighestValueAt(i - 1) + 1) << i;
  }
  EXPECT_EQ(h.HighestValueAt(h.bucket_count() - 1), std::numeric_limits<uint64_t>::max());
}

TEST(LatencyHistogramTest, ConstantDistribution) {
  LatencyHistogram h;
  for (int i = 0; i < 1000; ++i) h.Record(123457);
  for (double p : {0.0, 50.0, 99.0, 99.99, 100.0}) EXPECT_EQ(h.Percentile(p), 123457u) << p;
  EXPECT_EQ(h.Min(), 123457u);
  EXPECT_EQ(h.Max(), 123457u);
  EXPECT_DOUBLE_EQ(h.Mean(), 123457.0);
  EXPECT_EQ(h.Count(), 1000u);
}

TEST(LatencyHistogramTest, UniformDistribution) {
  LatencyHistogram h;
  for (uint64_t v = 1; v <= 1000000; ++v) h.Record(v * 10);  // 10 ns .. 10 ms
  ExpectNear(h.Percentile(50), 5e6, kPrecision);
  ExpectNear(h.Percentile(90), 9e6, kPrecision);
  ExpectNear(h.Percentile(99), 9.9e6, kPrecision);
  ExpectNear(h.Percentile(99.9), 9.99e6, kPrecision);
  ExpectNear(h.Percentile(99.99), 9.999e6, kPrecision);
  EXPECT_EQ(h.Min(), 10u);
  EXPECT_EQ(h.Max(), 10000000u);
  EXPECT_NEAR(h.Mean(), 5000005.0, 1e-3);
}

TEST(LatencyHistogramTest, BimodalDistribution) {
  LatencyHistogram h;
  for (int i = 0; i < 9000; ++i) h.Record(2000);     // fast path: 2 us
  for (int i = 0; i < 1000; ++i) h.Record(5000000);  // stalls: 5 ms
  ExpectNear(h.Percentile(50), 2000, kPrecision);
  ExpectNear(h.Percentile(90), 2000, kPrecision);    // the 9000th value is the last fast one
  ExpectNear(h.Percentile(90.01), 5e6, kPrecision);  // the 9001st is a stall
  ExpectNear(h.Percentile(99), 5e6, kPrecision);
  EXPECT_NEAR(h.Mean(), (9000 * 2000.0 + 1000 * 5e6) / 10000, 1e-6);
}

TEST(LatencyHistogramTest, ExponentialDistribution) {
  // Deterministic exponential quantiles with mean 50 us: v_i = -mean * ln(1 - (i + 0.5) / n).
  const double mean = 50000;
  const int n = 200000;
  LatencyHistogram h;
  for (int i = 0; i < n; ++i) h.Record(static_cast<uint64_t>(-mean * std::log(1.0 - (i + 0.5) / n)));
  for (double p : {50.0, 90.0, 99.0, 99.9}) {
    ExpectNear(h.Percentile(p), -mean * std::log(1.0 - p / 100.0), kPrecision + 0.002);
  }
  EXPECT_NEAR(h.Mean(), mean, mean * 0.01);
}

TEST(LatencyHistogramTest, RandomLognormalMatchesExactPercentiles) {
  std::mt19937_64 rng(7);
  std::lognormal_distribution<double> dist(9.0, 1.5);
  std::vector<uint64_t> values(50000);
  LatencyHistogram h;
  for (auto& v : values) {
    v = static_cast<uint64_t>(dist(rng));
    h.Record(v);
  }
  for (double p : {1.0, 25.0, 50.0, 75.0, 90.0, 99.0, 99.9, 99.99, 100.0}) {
    const uint64_t exact = ExactPercentile(values, p);
    ExpectNear(h.Percentile(p), static_cast<double>(exact), kPrecision / 2 + 1e-9);
  }
  EXPECT_EQ(h.Min(), *std::min_element(values.begin(), values.end()));
  EXPECT_EQ(h.Max(), *std::max_element(values.begin(), values.end()));
}

TEST(LatencyHistogramTest, ExtremeValues) {
  LatencyHistogram h;
  h.Record(0);
  h.Record(std::numeric_limits<uint64_t>::max());
  h.Record(uint64_t{1} << 63);
  h.Record(3600ull * 1000 * 1000 * 1000 * 5);  // five hours
  EXPECT_EQ(h.Count(), 4u);
  EXPECT_EQ(h.Min(), 0u);
  EXPECT_EQ(h.Max(), std::numeric_limits<uint64_t>::max());
  EXPECT_EQ(h.Percentile(0), 0u);
  EXPECT_EQ(h.Percentile(100), std::numeric_limits<uint64_t>::max());
  ExpectNear(h.Percentile(50), 3600.0 * 1e9 * 5, kPrecision);
  ExpectNear(h.Percentile(75), std::ldexp(1.0, 63), kPrecision);
  EXPECT_EQ(h.count_at_index(h.bucket_count() - 1), 1u);
}

TEST(LatencyHistogramTest, PercentileArgumentsAreClamped) {
  LatencyHistogram h;
  for (uint64_t v = 100; v < 200; ++v) h.Record(v);
  EXPECT_EQ(h.Percentile(-5), 100u);
  EXPECT_EQ(h.Percentile(std::nan("")), 100u);
  EXPECT_EQ(h.Percentile(250), 199u);
}

TEST(LatencyHistogramTest, SamplesToResolveEachReportedPercentile) {
  EXPECT_EQ(LatencyHistogram::SamplesToResolve(50), 2u);
  EXPECT_EQ(LatencyHistogram::SamplesToResolve(90), 10u);
  EXPECT_EQ(LatencyHistogram::SamplesToResolve(99), 100u);
  EXPECT_EQ(LatencyHistogram::SamplesToResolve(99.9), 1000u);
  EXPECT_EQ(LatencyHistogram::SamplesToResolve(99.99), 10000u);
  EXPECT_EQ(LatencyHistogram::SamplesToResolve(0), 1u);
  EXPECT_EQ(LatencyHistogram::SamplesToResolve(std::nan("")), 1u);
  EXPECT_EQ(LatencyHistogram::SamplesToResolve(100), std::numeric_limits<uint64_t>::max());
}

// n - 1 equal fast values (exact: below 256) and one slow one: a percentile is the fast value from the count that
// resolves it and the slow maximum below it (its rank is then the last one).
TEST(LatencyHistogramTest, PercentileIsTheMaximumBelowTheCountThatResolvesIt) {
  for (double p : {50.0, 90.0, 99.0, 99.9, 99.99}) {
    const uint64_t n = LatencyHistogram::SamplesToResolve(p);
    LatencyHistogram resolved, short_by_one;
    resolved.RecordMany(200, n - 1);
    resolved.Record(1000000000);
    short_by_one.RecordMany(200, n - 2);
    short_by_one.Record(1000000000);
    EXPECT_EQ(resolved.Percentile(p), 200u) << "p" << p << " of " << n << " samples";
    EXPECT_EQ(short_by_one.Percentile(p), 1000000000u) << "p" << p << " of " << n - 1 << " samples";
  }
}

TEST(LatencyHistogramTest, JsonLeavesUnresolvedPercentilesNull) {
  LatencyHistogram h;
  h.RecordMany(200, 998);
  h.Record(9000000);  // 999 samples: p99.9 would be this maximum
  nlohmann::json j = h.ToJson();
  EXPECT_EQ(j["count"], 999);
  EXPECT_EQ(j["p50"], 200);
  EXPECT_EQ(j["p99"], 200);
  EXPECT_TRUE(j["p999"].is_null());
  EXPECT_TRUE(j["p9999"].is_null());
  EXPECT_EQ(j["max"], 9000000);

  h.Record(200);  // 1,000 samples resolve p99.9, not p99.99
  j = h.ToJson();
  EXPECT_EQ(j["p999"], 200);
  EXPECT_TRUE(j["p9999"].is_null());

  LatencyHistogram one;
  one.Record(1234);  // a single sample is its own min and max, and no percentile
  j = one.ToJson();
  EXPECT_EQ(j["min"], 1234);
  EXPECT_EQ(j["max"], 1234);
  for (const char* p : {"p50", "p90", "p99", "p999", "p9999"}) EXPECT_TRUE(j[p].is_null()) << p;
}

TEST(LatencyHistogramTest, MaxRelativeErrorBoundsTheReportedMidpoint) {
  EXPECT_DOUBLE_EQ(LatencyHistogram::MaxRelativeError(7), 1.0 / 256);
  for (uint32_t bits : {3u, 7u}) {
    LatencyHistogram h(bits);
    const double bound = LatencyHistogram::MaxRelativeError(bits);
    double worst = 0;
    for (uint64_t v = 1; v < (uint64_t{1} << 22); v += 1 + v / 4096) {
      const size_t i = h.IndexOf(v);
      const uint64_t low = h.LowestValueAt(i);
      const double mid = static_cast<double>(low + (h.HighestValueAt(i) - low) / 2);
      worst = std::max(worst, std::abs(mid - static_cast<double>(v)) / static_cast<double>(v));
    }
    EXPECT_LE(worst, bound) << bits << " bits";
    EXPECT_GT(worst, bound * 0.9) << bits << " bits: the bound is tight";
  }
}

TEST(LatencyHistogramTest, MergeEqualsRecordingEverything) {
  std::mt19937_64 rng(3);
  std::lognormal_distribution<double> dist(10.0, 2.0);
  LatencyHistogram a, b, all;
  for (int i = 0; i < 20000; ++i) {
    const auto v = static_cast<uint64_t>(dist(rng));
    (i % 3 == 0 ? a : b).Record(v);
    all.Record(v);
  }
  b.RecordMany(777, 5);
  for (int i = 0; i < 5; ++i) all.Record(777);
  LatencyHistogram merged;
  ASSERT_TRUE(merged.Merge(a));
  ASSERT_TRUE(merged.Merge(b));
  ASSERT_TRUE(merged.Merge(LatencyHistogram()));  // merging an empty one changes nothing
  EXPECT_EQ(merged.Count(), all.Count());
  EXPECT_EQ(merged.Min(), all.Min());
  EXPECT_EQ(merged.Max(), all.Max());
  EXPECT_NEAR(merged.Mean(), all.Mean(), all.Mean() * 1e-12);
  for (size_t i = 0; i < all.bucket_count(); ++i) ASSERT_EQ(merged.count_at_index(i), all.count_at_index(i)) << i;
  for (double p : {50.0, 99.0, 99.99}) EXPECT_EQ(merged.Percentile(p), all.Percentile(p));
}

TEST(LatencyHistogramTest, MergeRejectsDifferentPrecision) {
  LatencyHistogram fine(7), coarse(3);
  coarse.Record(1000);
  EXPECT_FALSE(fine.Merge(coarse));
  EXPECT_EQ(fine.Count(), 0u);
}

TEST(LatencyHistogramTest, ResetEmpties) {
  LatencyHistogram h;
  h.Record(5);
  h.Record(500000);
  h.Reset();
  EXPECT_EQ(h.Count(), 0u);
  EXPECT_EQ(h.Max(), 0u);
  h.Record(42);
  EXPECT_EQ(h.Min(), 42u);
  EXPECT_EQ(h.Percentile(100), 42u);
}

TEST(LatencyHistogramTest, CoarserSubBuckets) {
  LatencyHistogram h(3);  // 1/8 bucket width
  EXPECT_EQ(h.sub_bucket_bits(), 3u);
  for (uint64_t v = 1; v <= 100000; ++v) h.Record(v);
  ExpectNear(h.Percentile(50), 50000, 1.0 / 8);
  EXPECT_EQ(LatencyHistogram(99).sub_bucket_bits(), LatencyHistogram::kMaxSubBucketBits);
  EXPECT_EQ(LatencyHistogram(0).sub_bucket_bits(), LatencyHistogram::kMinSubBucketBits);
}

TEST(LatencyHistogramTest, JsonRoundTrip) {
  std::mt19937_64 rng(11);
  std::lognormal_distribution<double> dist(8.0, 2.5);
  LatencyHistogram h;
  for (int i = 0; i < 30000; ++i) h.Record(static_cast<uint64_t>(dist(rng)));
  h.Record(std::numeric_limits<uint64_t>::max());
  const nlohmann::json j = h.ToJson();
  EXPECT_EQ(j["unit"], "ns");
  EXPECT_EQ(j["count"], h.Count());
  EXPECT_EQ(j["p99"], h.Percentile(99));
  EXPECT_EQ(j["p999"], h.Percentile(99.9));
  EXPECT_EQ(j["p9999"], h.Percentile(99.99));
  EXPECT_EQ(j["max"], h.Max());
  EXPECT_EQ(j["histogram"]["sub_bucket_bits"], 7);
  EXPECT_LT(j["histogram"]["buckets"].size(), h.bucket_count());  // sparse

  // Through text, as a results file would carry it.
  const nlohmann::json parsed = nlohmann::json::parse(j.dump());
  LatencyHistogram back;
  std::string error;
  ASSERT_TRUE(LatencyHistogram::FromJson(parsed, &back, &error)) << error;
  EXPECT_EQ(back.Count(), h.Count());
  EXPECT_EQ(back.Min(), h.Min());
  EXPECT_EQ(back.Max(), h.Max());
  EXPECT_NEAR(back.Mean(), h.Mean(), h.Mean() * 1e-9);
  for (size_t i = 0; i < h.bucket_count(); ++i) ASSERT_EQ(back.count_at_index(i), h.count_at_index(i)) << i;
  EXPECT_EQ(back.ToJson().dump(), j.dump());
}

TEST(LatencyHistogramTest, JsonRoundTripOfEmptyAndCoarse) {
  LatencyHistogram empty;
  LatencyHistogram back(5);
  std::string error;
  ASSERT_TRUE(LatencyHistogram::FromJson(empty.ToJson(), &back, &error)) << error;
  EXPECT_EQ(back.Count(), 0u);
  EXPECT_EQ(back.sub_bucket_bits(), 7u);

  LatencyHistogram coarse(4);
  coarse.Record(12345);
  ASSERT_TRUE(LatencyHistogram::FromJson(coarse.ToJson(), &back, &error)) << error;
  EXPECT_EQ(back.sub_bucket_bits(), 4u);
  EXPECT_EQ(back.Percentile(50), 12345u);
}

TEST(LatencyHistogramTest, FromJsonWithoutSummaryEstimatesFromBuckets) {
  LatencyHistogram h;
  h.Record(1000);
  h.Record(100000);
  nlohmann::json j = h.ToJson();
  j.erase("min");
  j.erase("max");
  j.erase("mean");
  LatencyHistogram back;
  std::string error;
  ASSERT_TRUE(LatencyHistogram::FromJson(j, &back, &error)) << error;
  EXPECT_EQ(back.Count(), 2u);
  ExpectNear(back.Min(), 1000, kPrecision);
  ExpectNear(back.Max(), 100000, kPrecision);
  EXPECT_NEAR(back.Mean(), 50500, 50500 * kPrecision);
}

TEST(LatencyHistogramTest, FromJsonRejectsMalformedInput) {
  LatencyHistogram h;
  h.Record(1000);
  const nlohmann::json good = h.ToJson();
  LatencyHistogram out;
  out.Record(5);
  std::string error;

  auto expect_rejected = [&](nlohmann::json j, const char* what) {
    error.clear();
    EXPECT_FALSE(LatencyHistogram::FromJson(j, &out, &error)) << what;
    EXPECT_FALSE(error.empty()) << what;
    EXPECT_EQ(out.Count(), 1u) << what << ": the output must be left unchanged";
  };
  expect_rejected(nlohmann::json::array(), "not an object");
  nlohmann::json j = good;
  j.erase("histogram");
  expect_rejected(j, "no histogram");
  j = good;
  j["histogram"]["sub_bucket_bits"] = 40;
  expect_rejected(j, "bits out of range");
  j = good;
  j["histogram"]["buckets"].push_back({100000000, 1});
  expect_rejected(j, "index out of range");
  j = good;
  j["histogram"]["buckets"].push_back({5});
  expect_rejected(j, "bucket not a pair");
  j = good;
  j["histogram"]["buckets"].push_back({5, -1});
  expect_rejected(j, "negative count");
  j = good;
  j["count"] = 2;
  expect_rejected(j, "count disagrees");
  j = good;
  j["max"] = 999999;
  expect_rejected(j, "max outside the buckets");
}

}  // namespace
}  // namespace kvbench::measure
