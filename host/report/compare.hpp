// Baseline vs current: checksums first (any changed checksum fails), then every phase's throughput and the totals
// per engine with the change in percent. A throughput (phase or write readiness) that falls by more than the
// threshold fails, as does an engine that completed in the baseline and not in the current run. Times, sizes and
// latencies are shown for information and never fail the comparison.
#ifndef KVBENCH_HOST_REPORT_COMPARE_HPP_
#define KVBENCH_HOST_REPORT_COMPARE_HPP_

#include <string>
#include <vector>

#include "common/status.hpp"
#include "report/results.hpp"

namespace kvbench::report {

struct CompareRow {
  std::string engine, metric;
  std::string baseline, current;  // formatted ("122_497/s", "n/a")
  OptDouble change_pct;           // (current - baseline) / baseline * 100
  std::string verdict;            // "ok", "REGRESSION", "improved", "slower", "faster", "CHANGED", "FAILED", ""
  bool failed = false;
};

struct Comparison {
  double threshold_pct = 10.0;
  size_t checksums_compared = 0;
  std::vector<CompareRow> checksum_rows;  // only the changed checksums
  std::vector<CompareRow> rows;           // phases and totals, per engine
  std::vector<std::string> notes;         // engines present on one side only, etc.
  bool failed = false;
};

// InvalidArgument when the two results are of different workloads or have no engine in common (nothing
// meaningful to compare).
Status Compare(const Results& baseline, const Results& current, double threshold_pct, Comparison* out);

// A plain-text table aligned in columns (for terminals) or a Markdown table (for PR comments).
std::string RenderComparison(const Comparison& comparison, bool markdown);

}  // namespace kvbench::report

#endif  // KVBENCH_HOST_REPORT_COMPARE_HPP_
