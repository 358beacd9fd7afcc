#include "workload/kv/zipfian.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include "workload/kv/random.hpp"

namespace kvbench::workload::kv {
namespace {

TEST(YcsbFnv64Test, MatchesYcsbsKeys) {
  // YCSB's first loaded key (insertorder=hashed) is "user6284781860667377211": fnvhash64(0).
  EXPECT_EQ(YcsbFnv64(0), 6284781860667377211ull);
  EXPECT_EQ(YcsbFnv64(1), 8517097267634966620ull);
  EXPECT_EQ(YcsbFnv64(12345), 1792800413050876852ull);
}

TEST(ZetaTest, IncrementalSumEqualsTheWholeSum) {
  const double whole = Zeta(0, 5000, 0.99, 0.0);
  EXPECT_NEAR(Zeta(1234, 5000, 0.99, Zeta(0, 1234, 0.99, 0.0)), whole, 1e-9);
  EXPECT_NEAR(Zeta(0, 2, 0.99, 0.0), 1.0 + std::pow(0.5, 0.99), 1e-12);
}

// Item frequencies of `draws` draws over `items` items.
std::vector<uint64_t> Frequencies(const Zipfian& z, uint64_t draws, uint64_t seed) {
  std::vector<uint64_t> counts(z.items(), 0);
  Rng rng(seed);
  for (uint64_t i = 0; i < draws; ++i) ++counts[z.Next(rng.Double())];
  return counts;
}

// Gray et al.'s generator is exact for items 0 and 1 and approximates the tail. With 10^6 draws, sampling error is
// about 0.1% of the draws for these shares; the stated tolerances are 2% relative for items 0 and 1 and 5%
// relative for the hottest 10 and the hottest 1% together.
TEST(ZipfianTest, HottestItemsFollowTheory) {
  const uint64_t items = 10000, draws = 1000000;
  const Zipfian z(items, 0.99);
  const std::vector<uint64_t> counts = Frequencies(z, draws, 42);
  const auto share = [&](uint64_t i) { return static_cast<double>(counts[i]) / draws; };
  EXPECT_NEAR(share(0), z.Probability(0), 0.02 * z.Probability(0));
  EXPECT_NEAR(share(1), z.Probability(1), 0.02 * z.Probability(1));
  EXPECT_GT(share(0), share(1));
  for (uint64_t top : {uint64_t{10}, items / 100}) {
    double observed = 0, theory = 0;
    for (uint64_t i = 0; i < top; ++i) {
      observed += share(i);
      theory += z.Probability(i);
    }
    EXPECT_NEAR(observed, theory, 0.05 * theory) << "top " << top;
  }
}

TEST(ZipfianTest, GrowingEqualsStartingLarger) {
  Zipfian grown(100, 0.99);
  grown.Grow(5000);
  const Zipfian direct(5000, 0.99);
  EXPECT_EQ(grown.items(), 5000u);
  for (uint64_t i : {0u, 1u, 10u, 4999u}) EXPECT_NEAR(grown.Probability(i), direct.Probability(i), 1e-12);
  Rng a(7), b(7);
  for (int i = 0; i < 1000; ++i) EXPECT_EQ(grown.Next(a.Double()), direct.Next(b.Double()));
}

TEST(ZipfianTest, DrawsStayInRange) {
  const Zipfian z(3, 0.5);
  Rng rng(1);
  for (int i = 0; i < 10000; ++i) EXPECT_LT(z.Next(rng.Double()), 3u);
  EXPECT_EQ(Zipfian(1, 0.99).Next(0.999), 0u);
}

// YCSB's scrambled zipfian: the hottest record gets 1/ζ(10^10, 0.99) = 3.78% of the draws (plus whatever else
// hashes onto it, about 1/items of the rest), and the hot records are spread over the whole space, not clustered
// at its start.
TEST(ScrambledZipfianTest, HotRecordsAreSpreadOverTheKeySpace) {
  const uint64_t items = 100000, draws = 500000;
  const ScrambledZipfian z(items, kYcsbZipfianTheta);
  std::map<uint64_t, uint64_t> counts;
  Rng rng(3);
  for (uint64_t i = 0; i < draws; ++i) {
    const uint64_t id = z.Next(rng.Double());
    ASSERT_LT(id, items);
    ++counts[id];
  }
  std::vector<std::pair<uint64_t, uint64_t>> by_count;
  for (const auto& [id, n] : counts) by_count.push_back({n, id});
  std::sort(by_count.rbegin(), by_count.rend());
  const double hottest = static_cast<double>(by_count[0].first) / draws;
  EXPECT_NEAR(hottest, 1.0 / kYcsbScrambledZeta, 0.1 / kYcsbScrambledZeta);
  EXPECT_EQ(by_count[0].second, YcsbFnv64(0) % items);  // the hottest record is item 0, scrambled
  // The 20 hottest records: spread over the space (an unscrambled zipfian puts them all at 0..19).
  uint64_t lo = items, hi = 0, in_first_percent = 0;
  for (size_t i = 0; i < 20; ++i) {
    lo = std::min(lo, by_count[i].second);
    hi = std::max(hi, by_count[i].second);
    if (by_count[i].second < items / 100) ++in_first_percent;
  }
  EXPECT_GT(hi - lo, items / 2);
  EXPECT_LE(in_first_percent, 3u);
}

TEST(ScrambledZipfianTest, OtherThetaUsesItsOwnZeta) {
  const ScrambledZipfian z(1000, 0.5);
  Rng rng(9);
  for (int i = 0; i < 10000; ++i) EXPECT_LT(z.Next(rng.Double()), 1000u);
}

}  // namespace
}  // namespace kvbench::workload::kv
