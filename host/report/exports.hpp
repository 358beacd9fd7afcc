// Exports for CI dashboards, from the completed engines of a results set:
// - github-action-benchmark: two arrays of {name, unit, value[, extra]} for the action's `customBiggerIsBetter`
//   tool (throughputs, ops/s) and `customSmallerIsBetter` tool (times in ms, latencies in ns, sizes in bytes,
//   amplification ratios). Names are "<engine>/<phase>" or "<engine>/<total>".
// - bencher: Bencher Metric Format, {"<engine>/<phase>": {"throughput": {"value": ops/s}, "latency": {"value":
//   p50 ns, "lower_value": min, "upper_value": p99}, "latency-p99": {...}}, "<engine>/total": {"run-time": ...}}.
// Values that are not known are left out (never written as 0).
#ifndef KVBENCH_HOST_REPORT_EXPORTS_HPP_
#define KVBENCH_HOST_REPORT_EXPORTS_HPP_

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "common/status.hpp"
#include "report/output_file.hpp"
#include "report/results.hpp"

namespace kvbench::report {

enum class ExportFormat { kGithubActionBenchmark, kBencher };

// "github-action-benchmark" | "bencher"; false for anything else.
bool ParseExportFormat(const std::string& name, ExportFormat* out);

nlohmann::json GithubActionBenchmarkBigger(const Results& results);
nlohmann::json GithubActionBenchmarkSmaller(const Results& results);
nlohmann::json BencherMetricFormat(const Results& results);

// The export files for `format` from `base`: github-action-benchmark -> base + "-bigger.json" and
// base + "-smaller.json"; bencher -> base + ".json". A trailing ".json" on `base` is dropped first.
std::vector<OutputFile> RenderExport(const Results& results, ExportFormat format, std::string base);

// Writes RenderExport's files (together: all or none, output_file.hpp). The paths written are appended to
// `written`.
Status WriteExport(const Results& results, ExportFormat format, std::string base, std::vector<std::string>* written);

}  // namespace kvbench::report

#endif  // KVBENCH_HOST_REPORT_EXPORTS_HPP_
