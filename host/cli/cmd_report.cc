// kvbench report RESULTS.json... [--out DIR] [--format github-action-benchmark|bencher]...: merges results files
// into report.md, report.html, one .svg per chart and results.csv in DIR (default: the first file's directory),
// plus the dashboard exports asked for.
#include <cstdio>
#include <filesystem>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "report/report_writer.hpp"

namespace kvbench::cli {

int ReportCommand(const CommandArgs& argv) {
  Args args(argv, {"out", "format"}, {}, {"format"});
  if (args.positionals().empty()) throw UsageError("no results file given");
  report::ReportOptions options;
  for (const std::string& f : args.values("format")) {
    report::ExportFormat format;
    if (!report::ParseExportFormat(f, &format)) {
      std::string message = "unknown --format '";
      message += f;
      message += "' (expected github-action-benchmark or bencher)";
      throw UsageError(message);
    }
    options.exports.push_back(format);
  }
  // Default: beside the first results file (as `kvbench run` lays a run's directory out).
  std::filesystem::path out_path = args.value("out").value_or(std::string());
  if (out_path.empty()) out_path = std::filesystem::path(args.positionals()[0]).parent_path();
  if (out_path.empty()) out_path = std::filesystem::current_path();
  const std::string out = out_path.string();
  std::vector<std::string> written;
  Status s = report::WriteReport(args.positionals(), out, options, &written);
  if (!s.ok()) {
    std::fprintf(stderr, "kvbench report: %s\n", s.message().c_str());
    return 2;
  }
  for (const std::string& path : written) std::printf("wrote %s\n", path.c_str());
  return 0;
}

}  // namespace kvbench::cli
