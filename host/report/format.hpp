// Number and text formatting shared by every report output, in the published report's style: "_" thousands
// separators, "ms" and "/s" suffixes, sizes in binary units shown as KB/MB/GB with one decimal ("7.4 GB" is
// 7.4 GiB), and "n/a" for a value that is not known.
#ifndef KVBENCH_HOST_REPORT_FORMAT_HPP_
#define KVBENCH_HOST_REPORT_FORMAT_HPP_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kvbench::report {

inline constexpr const char* kNotAvailable = "n/a";

// 100000000 -> "100_000_000"; -1234 -> "-1_234".
std::string GroupThousands(int64_t value);
// Rounded to the nearest integer, then grouped: 15211870.4 -> "15_211_870".
std::string FormatCount(std::optional<double> value);
// Milliseconds rounded to whole ms: "15_211_870 ms", "0 ms", "n/a".
std::string FormatMs(std::optional<double> ms);
// Operations per second rounded: "122_497/s".
std::string FormatRate(std::optional<double> ops_per_s);
// Binary units with one decimal: "512 B", "1.0 KB", "7.4 MB", "56.3 GB", "1.2 TB".
std::string FormatBytes(std::optional<double> bytes);
// Nanoseconds with three significant digits: "812 ns", "4.10 µs", "15.0 µs", "2.03 ms", "1.20 s".
std::string FormatNanos(std::optional<double> ns);
// Seconds with two decimals: "0.51 s".
std::string FormatSeconds(std::optional<double> seconds);
// A ratio with two decimals and an "x": "3.27x".
std::string FormatRatio(std::optional<double> ratio);
// A signed percentage with one decimal: "+12.3%", "-4.0%", "0.0%".
std::string FormatPercentChange(std::optional<double> percent);
// The profile count as in the report's title: 100000 -> "100K", 1000000 -> "1M", 1500000 -> "1.5M",
// 100000000 -> "100M"; counts that are not round are grouped ("123_457").
std::string FormatProfileCount(int64_t profiles);
// A fixed-point number without grouping: FormatFixed(2.5, 2) == "2.50".
std::string FormatFixed(double value, int decimals);

// "A", "A and B", "A, B and C".
std::string JoinAnd(const std::vector<std::string>& items);
// "a, b, c".
std::string Join(const std::vector<std::string>& items, std::string_view separator);

// A file-name-safe slug: "post-update lookup by email" -> "post-update-lookup-by-email".
std::string Slug(std::string_view text);

}  // namespace kvbench::report

#endif  // KVBENCH_HOST_REPORT_FORMAT_HPP_
