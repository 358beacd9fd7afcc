#include "workload/dotnet_random.hpp"

#include <gtest/gtest.h>

#include <climits>
#include <vector>

namespace kvbench::workload {
namespace {

// Expected values were computed by hand from spec §4 (an independent Python rendering); seeds 0 and 42 also
// match the well-known first Next() of .NET's `new Random(0)` / `new Random(42)`.
std::vector<int32_t> Samples(int32_t seed, int n) {
  DotNetRandom r(seed);
  std::vector<int32_t> out;
  for (int i = 0; i < n; ++i) out.push_back(r.InternalSample());
  return out;
}

TEST(DotNetRandomTest, FirstSamplesOfSmallSeeds) {
  EXPECT_EQ(Samples(0, 5), (std::vector<int32_t>{1559595546, 1755192844, 1649316166, 1198642031, 442452829}));
  EXPECT_EQ(Samples(42, 5), (std::vector<int32_t>{1434747710, 302596119, 269548474, 1122627734, 361709742}));
}

TEST(DotNetRandomTest, NegativeSeedUsesItsMagnitude) { EXPECT_EQ(Samples(-42, 5), Samples(42, 5)); }

TEST(DotNetRandomTest, IntMinSeedSubtractsMBig) {
  EXPECT_EQ(Samples(INT32_MIN, 3), (std::vector<int32_t>{1559595546, 1755192844, 1649316172}));
  EXPECT_EQ(Samples(INT32_MIN, 50), Samples(INT32_MAX, 50));
  EXPECT_NE(Samples(INT32_MIN, 3), Samples(0, 3));
}

TEST(DotNetRandomTest, NextScalesTheSample) {
  DotNetRandom r(7);
  std::vector<int32_t> got;
  for (int i = 0; i < 5; ++i) got.push_back(r.Next(0, 100));
  EXPECT_EQ(got, (std::vector<int32_t>{38, 87, 66, 5, 36}));
  DotNetRandom s(7);
  got.clear();
  for (int i = 0; i < 5; ++i) got.push_back(s.Next(-5, 5));
  EXPECT_EQ(got, (std::vector<int32_t>{-2, 3, 1, -5, -2}));
}

TEST(DotNetRandomTest, NextUInt64JoinsThreeSamples) {
  DotNetRandom r(123);
  EXPECT_EQ(r.NextUInt64(), 13715992518405849851ull);
  EXPECT_EQ(r.NextUInt64(), 891250733938373103ull);
  EXPECT_EQ(r.NextUInt64(), 3591640922569381514ull);
}

TEST(DotNetRandomTest, NextInt64PowerOfTwoRangeTakesTopBitsWithoutRejection) {
  DotNetRandom r(123);
  DotNetRandom raw(123);
  const std::vector<int64_t> expected = {779663, 50661, 204161, 519245, 82513};
  for (int64_t e : expected) {
    EXPECT_EQ(r.NextInt64(10, 10 + (int64_t{1} << 20)), e + 10);
    EXPECT_EQ(static_cast<int64_t>(raw.NextUInt64() >> 44), e);  // bits == 20 exactly, one draw each
  }
  EXPECT_TRUE(r == raw);
}

TEST(DotNetRandomTest, NextInt64RejectsOutOfRange) {
  DotNetRandom r(99);
  std::vector<int64_t> got;
  for (int i = 0; i < 8; ++i) got.push_back(r.NextInt64(1, 4));  // range 3: 2 bits, 3 rejected
  EXPECT_EQ(got, (std::vector<int64_t>{1, 1, 2, 2, 3, 1, 1, 1}));
}

TEST(DotNetRandomTest, NextInt64RangeOfOneConsumesNothing) {
  DotNetRandom r(123);
  EXPECT_EQ(r.NextInt64(5, 6), 5);
  EXPECT_EQ(r.NextInt64(5, 5), 5);
  EXPECT_EQ(r.InternalSample(), DotNetRandom(123).InternalSample());
}

TEST(DotNetRandomTest, ReferenceSeedFirstPointReadIds) {
  DotNetRandom r(570123434);
  std::vector<int64_t> got;
  for (int i = 0; i < 5; ++i) got.push_back(r.NextInt64(1, 100001));
  EXPECT_EQ(got, (std::vector<int64_t>{29342, 9152, 7965, 54160, 45287}));
}

TEST(DotNetRandomTest, CopiedStateReplaysTheSameSequence) {
  DotNetRandom r(570123434);
  for (int i = 0; i < 1000; ++i) r.NextInt64(1, 1000001);
  DotNetRandom copy = r;
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(r.NextInt64(1, 1000001), copy.NextInt64(1, 1000001));
}

}  // namespace
}  // namespace kvbench::workload
