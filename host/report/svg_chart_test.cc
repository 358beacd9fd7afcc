#include "report/svg_chart.hpp"

#include <gtest/gtest.h>

namespace kvbench::report {
namespace {

size_t CountOf(const std::string& haystack, const std::string& needle) {
  size_t n = 0;
  for (size_t pos = haystack.find(needle); pos != std::string::npos; pos = haystack.find(needle, pos + 1)) ++n;
  return n;
}

TEST(NiceTicksTest, StepsAreOneTwoTwoAndAHalfOrFiveTimesAPowerOfTen) {
  EXPECT_EQ(NiceTicks(0.87), (std::vector<double>{0, 0.2, 0.4, 0.6000000000000001, 0.8, 1.0}));
  const std::vector<double> rate = NiceTicks(122'497);
  EXPECT_DOUBLE_EQ(rate[1], 25'000);
  EXPECT_DOUBLE_EQ(rate.back(), 125'000);
  const std::vector<double> exact = NiceTicks(100);
  EXPECT_DOUBLE_EQ(exact[1], 20);
  EXPECT_DOUBLE_EQ(exact.back(), 100);
  EXPECT_EQ(NiceTicks(0), (std::vector<double>{0, 1}));
  EXPECT_EQ(NiceTicks(-5), (std::vector<double>{0, 1}));
}

TEST(BarChartTest, HasLegendAxisBarsWithHoverValuesAndEscapesNames) {
  BarChart chart;
  chart.title = "Write Throughput";
  chart.kind = ValueKind::kRate;
  chart.categories = {"insert profiles", "update profiles"};
  chart.series = {{"ZoneTree", 0, {189'385.0, 171'148.0}}, {"A<B>&C", 1, {187'637.0, std::nullopt}}};
  const std::string svg = RenderBarChart(chart);
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_NE(svg.find("<title>Write Throughput</title>"), std::string::npos);
  EXPECT_NE(svg.find("<title>ZoneTree · insert profiles: 189_385/s</title>"), std::string::npos);
  EXPECT_NE(svg.find("A&lt;B&gt;&amp;C · update profiles: n/a"), std::string::npos);
  EXPECT_EQ(svg.find("A<B>"), std::string::npos);
  EXPECT_NE(svg.find("Operations per second"), std::string::npos);
  EXPECT_NE(svg.find(">200K</text>"), std::string::npos);  // the axis's top tick
  EXPECT_NE(svg.find(EngineColor(0)), std::string::npos);
  EXPECT_NE(svg.find(EngineColor(1)), std::string::npos);
  EXPECT_EQ(CountOf(svg, "<rect x="), 1u + 2u + 3u);  // background, two legend swatches, three bars
}

TEST(BarChartTest, TimesSwitchToSecondsAndSizesToBinaryUnits) {
  BarChart times{"Execution Time", ValueKind::kMilliseconds, {"Run time"}, {{"E", 0, {19'335.0}}}};
  EXPECT_NE(RenderBarChart(times).find("Time (s)"), std::string::npos);
  BarChart sizes{"Resource Footprint", ValueKind::kBytes, {"Storage"}, {{"E", 0, {33'358'165.0}}}};
  const std::string svg = RenderBarChart(sizes);
  EXPECT_NE(svg.find("Size (MB)"), std::string::npos);
  EXPECT_NE(svg.find("E · Storage: 31.8 MB"), std::string::npos);
}

TEST(LineChartTest, DrawsOnePointPerIntervalAndSummarizesOnHover) {
  LineChart line{"ZoneTree: insert profiles", 0, 0.5, {100, 200, 50}};
  const std::string svg = RenderLineChart(line);
  EXPECT_NE(svg.find("<polyline points=\""), std::string::npos);
  const size_t start = svg.find("points=\"") + 8;
  const std::string points = svg.substr(start, svg.find('"', start) - start);
  EXPECT_EQ(CountOf(points, ","), 3u);
  EXPECT_NE(svg.find("min 100/s, mean 233/s, max 400/s over 3 intervals of 500 ms"), std::string::npos);
  EXPECT_NE(svg.find("Time (s)"), std::string::npos);
}

TEST(LineChartTest, ThePartialLastIntervalIsNotDrawnAsAStall) {
  // 1.1 s in 0.5 s intervals: the third interval lasted 0.1 s, so its 50 operations are 500/s, not 100/s.
  LineChart line{"E: update profiles", 0, 0.5, {100, 100, 50}, 1.1};
  const std::string svg = RenderLineChart(line);
  // The mean is 250 operations over 1.1 s, not the mean of the three rates (300/s).
  EXPECT_NE(svg.find("min 200/s, mean 227/s, max 500/s over 3 intervals: 2 of 500 ms and a last one of 100 ms"),
            std::string::npos)
      << svg;
}

TEST(LineChartTest, TheMeanIsOperationsOverTime) {
  // ZoneTree's insert of 1M profiles (results/examples/profiles-1m): 4.4486 s; the phase's own throughput is
  // 224_779/s. The mean of the five interval rates would be 229_604/s.
  LineChart line{"ZoneTree: insert profiles", 1, 1.0, {212278, 211591, 213896, 241802, 120433}, 4.448617114};
  EXPECT_NE(RenderLineChart(line).find("min 211_591/s, mean 224_789/s, max 268_454/s over 5 intervals: 4 of 1 s "
                                       "and a last one of 448.6 ms"),
            std::string::npos);
}

TEST(LineChartTest, OneShortIntervalSaysHowLongItWas) {
  LineChart line{"Memory: insert profiles", 0, 1.0, {9000}, 0.04};
  EXPECT_NE(RenderLineChart(line).find("min 225_000/s, mean 225_000/s, max 225_000/s over 1 interval of 40 ms"),
            std::string::npos);
}

TEST(LineChartTest, ASliverOfALastIntervalIsLeftOut) {
  LineChart line{"E: insert profiles", 0, 1.0, {1000, 1200, 3}, 2.004};
  EXPECT_NE(RenderLineChart(line).find("min 1_000/s, mean 1_100/s, max 1_200/s over 2 intervals of 1 s"),
            std::string::npos);
}

TEST(XmlEscapeTest, EscapesMarkupAndDropsControlCharacters) {
  EXPECT_EQ(XmlEscape("a<b>&\"c'\x01"), "a&lt;b&gt;&amp;&quot;c&#39; ");
}

}  // namespace
}  // namespace kvbench::report
