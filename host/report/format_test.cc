#include "report/format.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace kvbench::report {
namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

TEST(FormatTest, GroupsThousandsWithUnderscores) {
  EXPECT_EQ(GroupThousands(0), "0");
  EXPECT_EQ(GroupThousands(999), "999");
  EXPECT_EQ(GroupThousands(1000), "1_000");
  EXPECT_EQ(GroupThousands(25'000'000), "25_000_000");
  EXPECT_EQ(GroupThousands(100'000'000), "100_000_000");
  EXPECT_EQ(GroupThousands(-1234), "-1_234");
  EXPECT_EQ(GroupThousands(std::numeric_limits<int64_t>::min()), "-9_223_372_036_854_775_808");
}

TEST(FormatTest, MillisecondsAndRatesAsInThePublishedReport) {
  EXPECT_EQ(FormatMs(15'211'870.4), "15_211_870 ms");
  EXPECT_EQ(FormatMs(46.0), "46 ms");
  EXPECT_EQ(FormatMs(0.3352), "0 ms");
  EXPECT_EQ(FormatMs(193.6273), "194 ms");
  EXPECT_EQ(FormatRate(122'497.4), "122_497/s");
  EXPECT_EQ(FormatRate(17'887.0), "17_887/s");
  EXPECT_EQ(FormatCount(100'000'000.0), "100_000_000");
}

TEST(FormatTest, UnknownValuesAreNotAvailable) {
  EXPECT_EQ(FormatMs(std::nullopt), "n/a");
  EXPECT_EQ(FormatRate(std::nullopt), "n/a");
  EXPECT_EQ(FormatBytes(std::nullopt), "n/a");
  EXPECT_EQ(FormatNanos(std::nullopt), "n/a");
  EXPECT_EQ(FormatSeconds(std::nullopt), "n/a");
  EXPECT_EQ(FormatRatio(std::nullopt), "n/a");
  EXPECT_EQ(FormatCount(std::nullopt), "n/a");
  EXPECT_EQ(FormatPercentChange(std::nullopt), "n/a");
  EXPECT_EQ(FormatMs(std::numeric_limits<double>::quiet_NaN()), "n/a");
  EXPECT_EQ(FormatBytes(std::numeric_limits<double>::infinity()), "n/a");
}

TEST(FormatTest, SizesInBinaryUnitsWithOneDecimal) {
  EXPECT_EQ(FormatBytes(0), "0 B");
  EXPECT_EQ(FormatBytes(512), "512 B");
  EXPECT_EQ(FormatBytes(1023), "1_023 B");
  EXPECT_EQ(FormatBytes(1024), "1.0 KB");
  EXPECT_EQ(FormatBytes(1536), "1.5 KB");
  EXPECT_EQ(FormatBytes(1024.0 * 1024 - 1), "1.0 MB");  // would print as 1024.0 KB
  EXPECT_EQ(FormatBytes(7'804'479), "7.4 MB");
  EXPECT_EQ(FormatBytes(461'856'768), "440.5 MB");
  EXPECT_EQ(FormatBytes(7.4 * kGiB), "7.4 GB");  // the report's "7.4 GB" is GiB
  EXPECT_EQ(FormatBytes(56.3 * kGiB), "56.3 GB");
  EXPECT_EQ(FormatBytes(25'769'803'776.0), "24.0 GB");
  EXPECT_EQ(FormatBytes(3.0 * 1024 * kGiB), "3.0 TB");
}

TEST(FormatTest, NanosecondsWithThreeSignificantDigits) {
  EXPECT_EQ(FormatNanos(0), "0 ns");
  EXPECT_EQ(FormatNanos(812), "812 ns");
  EXPECT_EQ(FormatNanos(4100), "4.10 µs");
  EXPECT_EQ(FormatNanos(15'000), "15.0 µs");
  EXPECT_EQ(FormatNanos(120'000), "120 µs");
  EXPECT_EQ(FormatNanos(999'999), "1.00 ms");
  EXPECT_EQ(FormatNanos(2'031'616), "2.03 ms");
  EXPECT_EQ(FormatNanos(1.2e9), "1.20 s");
}

TEST(FormatTest, SecondsRatiosAndChanges) {
  EXPECT_EQ(FormatSeconds(0.514), "0.51 s");
  EXPECT_EQ(FormatRatio(2.1206), "2.12x");
  EXPECT_EQ(FormatPercentChange(12.34), "+12.3%");
  EXPECT_EQ(FormatPercentChange(-4.0), "-4.0%");
  EXPECT_EQ(FormatPercentChange(0.0), "0.0%");
  EXPECT_EQ(FormatPercentChange(-0.01), "0.0%");
}

TEST(FormatTest, ProfileCountInTheTitleStyle) {
  EXPECT_EQ(FormatProfileCount(100'000), "100K");
  EXPECT_EQ(FormatProfileCount(500'000), "500K");
  EXPECT_EQ(FormatProfileCount(1'000'000), "1M");
  EXPECT_EQ(FormatProfileCount(100'000'000), "100M");
  EXPECT_EQ(FormatProfileCount(1'500'000), "1.5M");
  EXPECT_EQ(FormatProfileCount(2'000), "2K");
  EXPECT_EQ(FormatProfileCount(123'457), "123_457");
  EXPECT_EQ(FormatProfileCount(999), "999");
}

TEST(FormatTest, JoinsAndSlugs) {
  EXPECT_EQ(JoinAnd({}), "");
  EXPECT_EQ(JoinAnd({"ZoneTree"}), "ZoneTree");
  EXPECT_EQ(JoinAnd({"ZoneTree", "RocksDB"}), "ZoneTree and RocksDB");
  EXPECT_EQ(JoinAnd({"A", "B", "C"}), "A, B and C");
  EXPECT_EQ(Join({"A", "B"}, ", "), "A, B");
  EXPECT_EQ(Slug("post-update lookup by email"), "post-update-lookup-by-email");
  EXPECT_EQ(Slug("scan country/status index"), "scan-country-status-index");
  EXPECT_EQ(Slug("Broken<DB>"), "broken-db");
  EXPECT_EQ(Slug("***"), "x");
}

}  // namespace
}  // namespace kvbench::report
