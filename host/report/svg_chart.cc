#include "report/svg_chart.hpp"

#include <algorithm>
#include <cmath>

#include "report/format.hpp"

namespace kvbench::report {

namespace {

constexpr const char* kFont = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
constexpr const char* kInk = "#1f2328";
constexpr const char* kMuted = "#57606a";
constexpr const char* kGrid = "#d0d7de";

// Trims "2.50" -> "2.5", "3.00" -> "3".
std::string Trimmed(double value, int decimals) {
  std::string s = FormatFixed(value, decimals);
  if (s.find('.') == std::string::npos) return s;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

// A time span for text: "1 s", "2.5 s", "448.6 ms", "40 ms".
std::string Duration(double seconds) {
  return seconds >= 1.0 ? Trimmed(seconds, 3) + " s" : Trimmed(seconds * 1000.0, 1) + " ms";
}

// 250000 -> "250K", 1250000 -> "1.25M", 12 -> "12".
std::string Compact(double v) {
  const double a = std::fabs(v);
  if (a >= 1e9) return Trimmed(v / 1e9, 2) + "G";
  if (a >= 1e6) return Trimmed(v / 1e6, 2) + "M";
  if (a >= 1e3) return Trimmed(v / 1e3, 2) + "K";
  return Trimmed(v, a < 10 ? 2 : 0);
}

// How a chart's values map to axis units and labels.
struct Scale {
  double divisor = 1.0;
  std::string axis_label;
  std::string tick_suffix;
};

Scale ScaleFor(ValueKind kind, double max_value) {
  switch (kind) {
    case ValueKind::kMilliseconds:
      if (max_value >= 10'000) return {1000.0, "Time (s)", ""};
      return {1.0, "Time (ms)", ""};
    case ValueKind::kBytes: {
      constexpr double kKiB = 1024.0;
      if (max_value >= kKiB * kKiB * kKiB) return {kKiB * kKiB * kKiB, "Size (GB)", ""};
      if (max_value >= kKiB * kKiB) return {kKiB * kKiB, "Size (MB)", ""};
      if (max_value >= kKiB) return {kKiB, "Size (KB)", ""};
      return {1.0, "Size (bytes)", ""};
    }
    case ValueKind::kRate:
      break;
  }
  return {1.0, "Operations per second", ""};
}

std::string FullValue(ValueKind kind, double v) {
  switch (kind) {
    case ValueKind::kMilliseconds:
      return FormatMs(v);
    case ValueKind::kBytes:
      return FormatBytes(v);
    case ValueKind::kRate:
      break;
  }
  return FormatRate(v);
}

// The label at the end of a bar: seconds on a seconds axis, except for values under a second (shown in ms rather
// than as "0.0 s").
std::string ShortValue(ValueKind kind, const Scale& scale, double v) {
  switch (kind) {
    case ValueKind::kMilliseconds:
      return scale.divisor == 1000.0 && v >= 1000.0 ? FormatFixed(v / 1000.0, 1) + " s" : FormatMs(v);
    case ValueKind::kBytes:
      return FormatBytes(v);
    case ValueKind::kRate:
      break;
  }
  return Compact(v) + "/s";
}

std::string Num(double v) { return Trimmed(v, 1); }

std::string SvgOpen(double width, double height, const std::string& title) {
  return std::string(kSvgChartStart) + "width=\"" + Num(width) + "\" height=\"" + Num(height) + "\" viewBox=\"0 0 " +
         Num(width) + " " + Num(height) + "\" role=\"img\" aria-label=\"" + XmlEscape(title) + "\" font-family=\"" +
         kFont + "\" font-size=\"12\">\n<title>" + XmlEscape(title) + "</title>\n" + "<rect x=\"0\" y=\"0\" width=\"" +
         Num(width) + "\" height=\"" + Num(height) + "\" fill=\"#ffffff\"/>\n";
}

std::string Text(double x, double y, const std::string& text, const char* anchor, const char* fill, int size = 12,
                 const char* weight = nullptr) {
  std::string s =
      "<text x=\"" + Num(x) + "\" y=\"" + Num(y) + "\" text-anchor=\"" + anchor + "\" fill=\"" + fill + "\"";
  if (size != 12) s += " font-size=\"" + std::to_string(size) + "\"";
  if (weight != nullptr) s += std::string(" font-weight=\"") + weight + "\"";
  return s + ">" + XmlEscape(text) + "</text>\n";
}

}  // namespace

const char* EngineColor(size_t index) {
  static constexpr const char* kPalette[] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2",
                                             "#b07aa1", "#edc948", "#9c755f", "#ff9da7", "#bab0ac"};
  return kPalette[index % std::size(kPalette)];
}

std::vector<double> NiceTicks(double max_value, int target) {
  if (!(max_value > 0) || !std::isfinite(max_value)) return {0.0, 1.0};
  const double raw = max_value / std::max(target, 1);
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  double step = magnitude * 10;
  for (double m : {1.0, 2.0, 2.5, 5.0, 10.0}) {
    if (raw <= m * magnitude * (1 + 1e-9)) {
      step = m * magnitude;
      break;
    }
  }
  std::vector<double> ticks;
  const int n = static_cast<int>(std::ceil(max_value / step - 1e-9));
  for (int i = 0; i <= std::max(n, 1); ++i) ticks.push_back(i * step);
  return ticks;
}

std::string XmlEscape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        // Control characters are not allowed in XML 1.0 text.
        if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') {
          out += ' ';
        } else {
          out += c;
        }
    }
  }
  return out;
}

std::string RenderBarChart(const BarChart& chart) {
  double max_value = 0;
  for (const BarSeries& s : chart.series) {
    for (const auto& v : s.values) {
      if (v && std::isfinite(*v)) max_value = std::max(max_value, *v);
    }
  }
  const Scale scale = ScaleFor(chart.kind, max_value);
  const std::vector<double> ticks = NiceTicks(max_value / scale.divisor);
  const double axis_max = ticks.back();

  size_t longest = 0;
  for (const std::string& c : chart.categories) longest = std::max(longest, c.size());
  const double width = 640;
  const double left = std::clamp(20.0 + 6.4 * static_cast<double>(longest), 110.0, 270.0);
  const double right = width - 78;
  const double bar_h = 13, bar_gap = 2, group_pad = 14;
  const size_t n_series = std::max<size_t>(chart.series.size(), 1);
  const double group_h = static_cast<double>(n_series) * bar_h + static_cast<double>(n_series - 1) * bar_gap;

  // Legend: one row, wrapping when the names do not fit.
  std::string legend;
  double lx = left, ly = 46;
  for (const BarSeries& s : chart.series) {
    const double item_w = 28 + 7.0 * static_cast<double>(s.name.size());
    if (lx + item_w > width - 10 && lx > left) {
      lx = left;
      ly += 18;
    }
    legend += "<rect x=\"" + Num(lx) + "\" y=\"" + Num(ly - 10) + "\" width=\"12\" height=\"12\" rx=\"2\" fill=\"" +
              EngineColor(s.color_index) + "\"/>\n";
    legend += Text(lx + 17, ly, s.name, "start", kInk);
    lx += item_w;
  }
  const double top = ly + 22;
  const double plot_h = static_cast<double>(chart.categories.size()) * (group_h + group_pad);
  const double bottom = top + plot_h;
  const double height = bottom + 48;
  const auto x_of = [&](double value) { return left + (right - left) * (value / scale.divisor) / axis_max; };

  std::string svg = SvgOpen(width, height, chart.title);
  svg += Text(12, 24, chart.title, "start", kInk, 16, "600");
  svg += legend;
  for (double t : ticks) {
    const double x = left + (right - left) * t / axis_max;
    svg += "<line x1=\"" + Num(x) + "\" y1=\"" + Num(top - 4) + "\" x2=\"" + Num(x) + "\" y2=\"" + Num(bottom) +
           "\" stroke=\"" + kGrid + "\" stroke-width=\"1\"/>\n";
    svg += Text(x, bottom + 16, Compact(t) + scale.tick_suffix, "middle", kMuted, 11);
  }
  svg += Text((left + right) / 2, bottom + 38, scale.axis_label, "middle", kInk, 12, "600");
  for (size_t c = 0; c < chart.categories.size(); ++c) {
    const double gy = top + group_pad / 2 + static_cast<double>(c) * (group_h + group_pad);
    svg += Text(left - 8, gy + group_h / 2 + 4, chart.categories[c], "end", kInk);
    for (size_t s = 0; s < chart.series.size(); ++s) {
      const BarSeries& series = chart.series[s];
      const double y = gy + static_cast<double>(s) * (bar_h + bar_gap);
      const std::optional<double> v = c < series.values.size() ? series.values[c] : std::nullopt;
      if (!v || !std::isfinite(*v)) {
        svg += "<g><title>" + XmlEscape(series.name + " · " + chart.categories[c] + ": n/a") + "</title>" +
               Text(left + 4, y + bar_h - 3, "n/a", "start", kMuted, 11) + "</g>\n";
        continue;
      }
      const double w = std::max(x_of(*v) - left, *v > 0 ? 1.0 : 0.0);
      svg += "<g><title>" + XmlEscape(series.name + " · " + chart.categories[c] + ": " + FullValue(chart.kind, *v)) +
             "</title><rect x=\"" + Num(left) + "\" y=\"" + Num(y) + "\" width=\"" + Num(w) + "\" height=\"" +
             Num(bar_h) + "\" rx=\"2\" fill=\"" + EngineColor(series.color_index) + "\"/>" +
             Text(left + w + 4, y + bar_h - 3, ShortValue(chart.kind, scale, *v), "start", kMuted, 11) + "</g>\n";
    }
  }
  svg += "<line x1=\"" + Num(left) + "\" y1=\"" + Num(top - 4) + "\" x2=\"" + Num(left) + "\" y2=\"" + Num(bottom) +
         "\" stroke=\"" + kMuted + "\" stroke-width=\"1\"/>\n";
  svg += "</svg>\n";
  return svg;
}

std::string RenderLineChart(const LineChart& chart) {
  const double width = 420, height = 230;
  const double left = 62, right = width - 16, top = 40, bottom = height - 44;
  std::vector<double> rates;
  rates.reserve(chart.ops_per_interval.size());
  const double interval_s = chart.interval_s > 0 ? chart.interval_s : 1.0;
  size_t n = chart.ops_per_interval.size();
  // Length of the last interval: what remains of the phase after the full ones, when that is a fraction of one.
  // A sliver under a tenth of an interval is left out: its few operations say nothing about the rate.
  double last_s = interval_s;
  if (n > 0 && chart.duration_s > 0) {
    const double rest = chart.duration_s - static_cast<double>(n - 1) * interval_s;
    if (rest > 0 && rest < interval_s) last_s = rest;
    if (n > 1 && last_s < 0.1 * interval_s) {
      --n;
      last_s = interval_s;
    }
  }
  double operations = 0;
  for (size_t i = 0; i < n; ++i) {
    rates.push_back(chart.ops_per_interval[i] / (i + 1 == n ? last_s : interval_s));
    operations += chart.ops_per_interval[i];
  }
  double max_rate = 0, min_rate = rates.empty() ? 0 : rates.front();
  for (double r : rates) {
    max_rate = std::max(max_rate, r);
    min_rate = std::min(min_rate, r);
  }
  const std::vector<double> y_ticks = NiceTicks(max_rate, 4);
  const double duration = n == 0 ? interval_s : static_cast<double>(n - 1) * interval_s + last_s;
  const std::vector<double> x_ticks = NiceTicks(duration, 5);
  const auto x_of = [&](double t) { return left + (right - left) * t / x_ticks.back(); };
  const auto y_of = [&](double r) { return bottom - (bottom - top) * r / y_ticks.back(); };

  std::string svg = SvgOpen(width, height, chart.title);
  svg += Text(10, 20, chart.title, "start", kInk, 13, "600");
  for (double t : y_ticks) {
    svg += "<line x1=\"" + Num(left) + "\" y1=\"" + Num(y_of(t)) + "\" x2=\"" + Num(right) + "\" y2=\"" + Num(y_of(t)) +
           "\" stroke=\"" + kGrid + "\" stroke-width=\"1\"/>\n";
    svg += Text(left - 6, y_of(t) + 4, Compact(t), "end", kMuted, 10);
  }
  for (double t : x_ticks) svg += Text(x_of(t), bottom + 14, Compact(t), "middle", kMuted, 10);
  svg += Text((left + right) / 2, bottom + 32, "Time (s)", "middle", kInk, 11, "600");
  svg += "<text x=\"14\" y=\"" + Num((top + bottom) / 2) + "\" transform=\"rotate(-90 14 " + Num((top + bottom) / 2) +
         ")\" text-anchor=\"middle\" fill=\"" + kInk +
         "\" font-size=\"11\" font-weight=\"600\">Operations per second</text>\n";
  const char* color = EngineColor(chart.color_index);
  // The mean is the operations over the time they took, not the mean of the interval rates: a short last interval
  // would otherwise weigh as much as a full one.
  std::string summary = "no intervals recorded";
  if (!rates.empty()) {
    summary = "min " + FormatRate(min_rate) + ", mean " + FormatRate(operations / duration) + ", max " +
              FormatRate(max_rate) + " over ";
    if (n == 1) {
      summary += "1 interval of " + Duration(last_s);
    } else if (last_s == interval_s) {
      summary += std::to_string(n) + " intervals of " + Duration(interval_s);
    } else {
      summary += std::to_string(n) + " intervals: " + std::to_string(n - 1) + " of " + Duration(interval_s) +
                 " and a last one of " + Duration(last_s);
    }
  }
  // Each interval's rate is drawn at the interval's midpoint.
  std::string points;
  for (size_t i = 0; i < rates.size(); ++i) {
    if (!points.empty()) points += ' ';
    const double mid = static_cast<double>(i) * interval_s + 0.5 * (i + 1 == n ? last_s : interval_s);
    points += Num(x_of(mid)) + "," + Num(y_of(rates[i]));
  }
  svg += "<g><title>" + XmlEscape(chart.title + ": " + summary) + "</title>\n";
  if (rates.size() == 1) {
    svg += "<circle cx=\"" + Num(x_of(0.5 * last_s)) + "\" cy=\"" + Num(y_of(rates[0])) + "\" r=\"3\" fill=\"" + color +
           "\"/>\n";
  } else if (!rates.empty()) {
    svg += "<polyline points=\"" + points + "\" fill=\"none\" stroke=\"" + color +
           "\" stroke-width=\"1.8\" stroke-linejoin=\"round\"/>\n";
  }
  svg += "</g>\n";
  svg += "<line x1=\"" + Num(left) + "\" y1=\"" + Num(bottom) + "\" x2=\"" + Num(right) + "\" y2=\"" + Num(bottom) +
         "\" stroke=\"" + kMuted + "\" stroke-width=\"1\"/>\n";
  svg += "</svg>\n";
  return svg;
}

}  // namespace kvbench::report
