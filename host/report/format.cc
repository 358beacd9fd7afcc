#include "report/format.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <iterator>

namespace kvbench::report {

std::string GroupThousands(int64_t value) {
  const bool negative = value < 0;
  // Through uint64_t so INT64_MIN does not overflow on negation.
  uint64_t magnitude = negative ? uint64_t{0} - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
  std::string digits = std::to_string(magnitude);
  std::string out;
  out.reserve(digits.size() + digits.size() / 3 + 1);
  if (negative) out.push_back('-');
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i != 0 && (digits.size() - i) % 3 == 0) out.push_back('_');
    out.push_back(digits[i]);
  }
  return out;
}

std::string FormatCount(std::optional<double> value) {
  if (!value || !std::isfinite(*value)) return kNotAvailable;
  return GroupThousands(static_cast<int64_t>(std::llround(*value)));
}

std::string FormatMs(std::optional<double> ms) {
  if (!ms || !std::isfinite(*ms)) return kNotAvailable;
  return FormatCount(ms) + " ms";
}

std::string FormatRate(std::optional<double> ops_per_s) {
  if (!ops_per_s || !std::isfinite(*ops_per_s)) return kNotAvailable;
  return FormatCount(ops_per_s) + "/s";
}

std::string FormatFixed(double value, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*f", decimals, value);
  std::string out = buf;
  if (out == "-0" || out.rfind("-0.", 0) == 0) {
    // "-0.0" from a tiny negative value reads as a sign error; print the zero unsigned.
    bool all_zero = out.find_first_not_of("-0.") == std::string::npos;
    if (all_zero) out.erase(0, 1);
  }
  return out;
}

std::string FormatBytes(std::optional<double> bytes) {
  if (!bytes || !std::isfinite(*bytes)) return kNotAvailable;
  static constexpr const char* kUnits[] = {"KB", "MB", "GB", "TB", "PB"};
  const double b = *bytes;
  if (std::fabs(b) < 1024.0) return GroupThousands(static_cast<int64_t>(std::llround(b))) + " B";
  double scaled = b / 1024.0;
  size_t unit = 0;
  // Move up while the value would print as 1024.0 or more in this unit.
  while (unit + 1 < std::size(kUnits) && std::fabs(scaled) >= 1023.95) {
    scaled /= 1024.0;
    ++unit;
  }
  return FormatFixed(scaled, 1) + " " + kUnits[unit];
}

namespace {

// Three significant digits of `value` (>= 1): 4.10, 15.0, 120.
std::string ThreeSignificant(double value) {
  if (value >= 99.95) return FormatFixed(value, 0);
  if (value >= 9.995) return FormatFixed(value, 1);
  return FormatFixed(value, 2);
}

}  // namespace

std::string FormatNanos(std::optional<double> ns) {
  if (!ns || !std::isfinite(*ns) || *ns < 0) return kNotAvailable;
  const double v = *ns;
  if (v < 999.5) return FormatFixed(v, 0) + " ns";
  if (v < 999.5e3) return ThreeSignificant(v / 1e3) + " µs";
  if (v < 999.5e6) return ThreeSignificant(v / 1e6) + " ms";
  return ThreeSignificant(v / 1e9) + " s";
}

std::string FormatSeconds(std::optional<double> seconds) {
  if (!seconds || !std::isfinite(*seconds)) return kNotAvailable;
  return FormatFixed(*seconds, 2) + " s";
}

std::string FormatRatio(std::optional<double> ratio) {
  if (!ratio || !std::isfinite(*ratio)) return kNotAvailable;
  return FormatFixed(*ratio, 2) + "x";
}

std::string FormatPercentChange(std::optional<double> percent) {
  if (!percent || !std::isfinite(*percent)) return kNotAvailable;
  std::string s = FormatFixed(*percent, 1);
  if (s != "0.0" && s[0] != '-') s = "+" + s;
  return s + "%";
}

std::string FormatProfileCount(int64_t profiles) {
  constexpr int64_t kMillion = 1'000'000;
  if (profiles >= kMillion && profiles % kMillion == 0) return GroupThousands(profiles / kMillion) + "M";
  if (profiles >= kMillion && profiles % (kMillion / 10) == 0) {
    return GroupThousands(profiles / kMillion) + "." + std::to_string((profiles % kMillion) / (kMillion / 10)) + "M";
  }
  if (profiles >= 1000 && profiles % 1000 == 0) return GroupThousands(profiles / 1000) + "K";
  return GroupThousands(profiles);
}

std::string Join(const std::vector<std::string>& items, std::string_view separator) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i != 0) out += separator;
    out += items[i];
  }
  return out;
}

std::string JoinAnd(const std::vector<std::string>& items) {
  if (items.size() <= 1) return items.empty() ? std::string() : items[0];
  std::vector<std::string> head(items.begin(), items.end() - 1);
  return Join(head, ", ") + " and " + items.back();
}

std::string Slug(std::string_view text) {
  std::string out;
  for (char c : text) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (std::isalnum(u)) {
      out.push_back(static_cast<char>(std::tolower(u)));
    } else if (!out.empty() && out.back() != '-') {
      out.push_back('-');
    }
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out.empty() ? "x" : out;
}

}  // namespace kvbench::report
