// Charts as standalone SVG documents (valid both as .svg files and inline in HTML): a horizontal grouped bar chart
// (categories down the side, one bar per engine in each category, legend, value axis with nice ticks, values on
// the bars and on hover) and a small line chart for throughput over time. No scripts, no external fonts.
#ifndef KVBENCH_HOST_REPORT_SVG_CHART_HPP_
#define KVBENCH_HOST_REPORT_SVG_CHART_HPP_

#include <optional>
#include <string>
#include <vector>

namespace kvbench::report {

// How values are shown on the axis, on the bars and on hover.
enum class ValueKind { kMilliseconds, kRate, kBytes };

struct BarSeries {
  std::string name;                           // the engine
  size_t color_index = 0;                     // into the engine palette
  std::vector<std::optional<double>> values;  // one per category; nullopt draws "n/a"
};

struct BarChart {
  std::string title;
  ValueKind kind = ValueKind::kRate;
  std::vector<std::string> categories;
  std::vector<BarSeries> series;
};

struct LineChart {
  std::string title;
  size_t color_index = 0;
  double interval_s = 1.0;
  std::vector<double> ops_per_interval;  // operations completed in each interval
  // The phase's elapsed time, when known: the last interval is then only the part of it the phase lasted, and its
  // rate is computed over that part (else a short last interval would look like a stall).
  double duration_s = 0;
};

// The engine colour for a series index (a colour-blind-friendly palette, cycled).
const char* EngineColor(size_t index);

// "Nice" axis ticks from 0 to at least `max_value`: 0, step, 2*step, ... with step 1, 2, 2.5 or 5 times a power of
// ten and about `target` intervals. A non-positive max gives {0, 1}.
std::vector<double> NiceTicks(double max_value, int target = 5);

// How every chart rendered here begins (the reporter recognizes its own chart files by it).
inline constexpr const char* kSvgChartStart = "<svg xmlns=\"http://www.w3.org/2000/svg\" ";

std::string RenderBarChart(const BarChart& chart);
// One point per interval at its rate (operations / the interval's duration). The hover text gives the lowest and
// highest interval rate, the mean (all operations / all the intervals' time) and the intervals' actual durations.
std::string RenderLineChart(const LineChart& chart);

// Escapes &, <, >, " and ' for XML/HTML text and attribute values.
std::string XmlEscape(const std::string& text);

}  // namespace kvbench::report

#endif  // KVBENCH_HOST_REPORT_SVG_CHART_HPP_
