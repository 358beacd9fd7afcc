#include "workload/kv/key_chooser.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <vector>

namespace kvbench::workload::kv {
namespace {

Distribution Kind(DistributionKind k) {
  Distribution d;
  d.kind = k;
  return d;
}

// YCSB's "latest": the newest record is the hottest, with the share of zipfian item 0 over n records, and the
// hot spot moves as records are inserted.
TEST(KeyChooserTest, LatestFavoursTheNewestRecords) {
  const uint64_t n = 10000, draws = 200000;
  KeyChooser chooser(Kind(DistributionKind::kLatest), n, n);
  Rng rng(5);
  std::vector<uint64_t> counts(n + 100, 0);
  for (uint64_t i = 0; i < draws; ++i) ++counts[chooser.Next(rng, n)];
  const Zipfian reference(n, 0.99);
  EXPECT_NEAR(static_cast<double>(counts[n - 1]) / draws, reference.Probability(0), 0.05 * reference.Probability(0));
  EXPECT_GT(counts[n - 1], counts[n - 2]);
  EXPECT_GT(counts[n - 2], counts[n / 2]);
  // 100 inserts later the newest is n + 99.
  std::fill(counts.begin(), counts.end(), 0);
  for (uint64_t i = 0; i < draws; ++i) ++counts[chooser.Next(rng, n + 100)];
  EXPECT_EQ(std::max_element(counts.begin(), counts.end()) - counts.begin(), static_cast<std::ptrdiff_t>(n + 99));
  EXPECT_LT(counts[n - 1], counts[n + 99] / 10);
}

// hot_ops of the draws fall on the first hot_data of the records, uniformly; the rest uniformly on the others.
TEST(KeyChooserTest, HotspotSendsHotOpsToHotData) {
  Distribution d = Kind(DistributionKind::kHotspot);
  d.hot_data = 0.2;
  d.hot_ops = 0.8;
  const uint64_t n = 1000, draws = 200000;
  KeyChooser chooser(d, n, n);
  Rng rng(11);
  std::vector<uint64_t> counts(n, 0);
  for (uint64_t i = 0; i < draws; ++i) ++counts[chooser.Next(rng, n)];
  uint64_t hot = 0;
  for (uint64_t i = 0; i < 200; ++i) hot += counts[i];
  EXPECT_NEAR(static_cast<double>(hot) / draws, 0.8, 0.01);
  // Uniform inside each part: no record far from its part's mean (800 per hot record, 50 per cold one).
  for (uint64_t i = 0; i < 200; ++i) EXPECT_NEAR(counts[i], 800.0, 150.0) << i;
  for (uint64_t i = 200; i < n; ++i) EXPECT_NEAR(counts[i], 50.0, 35.0) << i;
}

TEST(KeyChooserTest, SequentialWrapsAndUniformStaysInRange) {
  KeyChooser sequential(Kind(DistributionKind::kSequential), 3, 3);
  Rng rng(1);
  std::vector<uint64_t> got;
  for (int i = 0; i < 7; ++i) got.push_back(sequential.Next(rng, 3));
  EXPECT_EQ(got, (std::vector<uint64_t>{0, 1, 2, 0, 1, 2, 0}));
  KeyChooser uniform(Kind(DistributionKind::kUniform), 10, 10);
  std::map<uint64_t, int> seen;
  for (int i = 0; i < 10000; ++i) ++seen[uniform.Next(rng, 10)];
  EXPECT_EQ(seen.size(), 10u);
  EXPECT_EQ(seen.rbegin()->first, 9u);
}

// YCSB's zipfian item space counts the inserts a phase expects; a draw beyond the records in use is redrawn.
TEST(KeyChooserTest, ZipfianRedrawsRecordsNotInsertedYet) {
  for (bool scrambled : {true, false}) {
    Distribution d = Kind(DistributionKind::kZipfian);
    d.scrambled = scrambled;
    KeyChooser chooser(d, 2000, 1000);
    Rng rng(2);
    for (int i = 0; i < 20000; ++i) ASSERT_LT(chooser.Next(rng, 1000), 1000u) << scrambled;
  }
}

TEST(KeyChooserTest, SameSeedSameChoices) {
  KeyChooser a(Distribution{}, 5000, 5000), b(Distribution{}, 5000, 5000);
  Rng ra = Rng::Stream(7, 3, 0), rb = Rng::Stream(7, 3, 0), other = Rng::Stream(7, 4, 0);
  int differ = 0;
  for (int i = 0; i < 1000; ++i) {
    const uint64_t x = a.Next(ra, 5000);
    EXPECT_EQ(x, b.Next(rb, 5000));
    differ += x != a.Next(other, 5000);
  }
  EXPECT_GT(differ, 500);  // another phase's stream draws other records
}

}  // namespace
}  // namespace kvbench::workload::kv
