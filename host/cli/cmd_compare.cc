// kvbench compare BASELINE.json CURRENT.json [--threshold PCT] [--format table|markdown|github-action-benchmark|
// bencher] [--out FILE]: checksums first, then every phase and total per engine with the change in percent.
// Exit status 1 when a checksum changed, an engine stopped completing or a throughput fell by more than the
// threshold (default 10%); 0 otherwise; 2 for bad usage or unreadable / incomparable files.
// The export formats write the CURRENT results for a dashboard (github-action-benchmark: FILE-bigger.json and
// FILE-smaller.json, --out required; bencher: FILE, or stdout) and print the comparison table as well.
#include <charconv>
#include <cmath>
#include <cstdio>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "common/atomic_file.hpp"
#include "common/same_file.hpp"
#include "report/compare.hpp"
#include "report/exports.hpp"
#include "report/results.hpp"

namespace kvbench::cli {

namespace {

double ParseThreshold(const std::optional<std::string>& text) {
  if (!text) return 10.0;
  double value = 0;
  auto [p, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (ec != std::errc() || p != text->data() + text->size() || !std::isfinite(value) || value < 0) {
    throw UsageError("--threshold expects a finite non-negative percentage, got '" + *text + "'");
  }
  return value;
}

}  // namespace

int CompareCommand(const CommandArgs& argv) {
  Args args(argv, {"threshold", "format", "out"}, {});
  if (args.positionals().size() != 2) throw UsageError("expected BASELINE.json and CURRENT.json");
  const double threshold = ParseThreshold(args.value("threshold"));
  const std::string format = args.value("format").value_or("table");
  report::ExportFormat export_format = report::ExportFormat::kBencher;
  const bool is_export = report::ParseExportFormat(format, &export_format);
  if (!is_export && format != "table" && format != "markdown") {
    throw UsageError("unknown --format '" + format +
                     "' (expected table, markdown, github-action-benchmark or bencher)");
  }
  const auto out = args.value("out");
  if (is_export && export_format == report::ExportFormat::kGithubActionBenchmark && !out) {
    throw UsageError(
        "--format github-action-benchmark writes two files: give --out FILE (FILE-bigger.json, "
        "FILE-smaller.json)");
  }
  if (out) {
    // Every file --out names: FILE, or FILE-bigger.json and FILE-smaller.json.
    std::vector<std::string> outputs = {*out};
    if (is_export && export_format == report::ExportFormat::kGithubActionBenchmark) {
      outputs = {*out + "-bigger.json", *out + "-smaller.json"};
    }
    for (const std::string& output : outputs) {
      if (Status s = CheckNotAnInput(output, args.positionals()); !s.ok()) {
        std::fprintf(stderr, "kvbench compare: %s\n", s.message().c_str());
        return 2;
      }
    }
  }
  report::Results baseline, current;
  Status s = report::LoadAndMerge({args.positionals()[0]}, &baseline);
  if (s.ok()) s = report::LoadAndMerge({args.positionals()[1]}, &current);
  report::Comparison comparison;
  if (s.ok()) s = report::Compare(baseline, current, threshold, &comparison);
  if (!s.ok()) {
    std::fprintf(stderr, "kvbench compare: %s\n", s.message().c_str());
    return 2;
  }
  const std::string table = report::RenderComparison(comparison, format == "markdown");
  if (!is_export) {
    if (out) {
      if (s = WriteFileAtomically(*out, table); !s.ok()) {
        std::fprintf(stderr, "kvbench compare: %s\n", s.message().c_str());
        return 2;
      }
    } else {
      std::fputs(table.c_str(), stdout);
    }
    return comparison.failed ? 1 : 0;
  }
  if (!out) {  // bencher to stdout (e.g. `bencher run --adapter json`); the table goes to stderr
    std::printf("%s\n", report::BencherMetricFormat(current).dump(2).c_str());
    std::fputs(table.c_str(), stderr);
    return comparison.failed ? 1 : 0;
  }
  std::vector<std::string> written;
  if (export_format == report::ExportFormat::kBencher) {
    s = WriteFileAtomically(*out, report::BencherMetricFormat(current).dump(2) + "\n");
    if (s.ok()) written.push_back(*out);
  } else {
    s = report::WriteExport(current, export_format, *out, &written);
  }
  if (!s.ok()) {
    std::fprintf(stderr, "kvbench compare: %s\n", s.message().c_str());
    return 2;
  }
  std::fputs(table.c_str(), stdout);
  for (const std::string& path : written) std::printf("wrote %s\n", path.c_str());
  return comparison.failed ? 1 : 0;
}

}  // namespace kvbench::cli
