// The reporter's entry point: merges one or more results files (schema v1, docs/results-schema.md) and writes the
// report into a directory: report.md, report.html (self-contained), one .svg per chart and results.csv.
// `kvbench run` calls it at the end of a run; `kvbench report` calls it with the files named on the command line.
// The files are written together (output_file.hpp): a failed write leaves the directory's earlier report as it
// was. Timeline charts an earlier report left there that this one does not draw (other engines) are removed.
#ifndef KVBENCH_HOST_REPORT_REPORT_WRITER_HPP_
#define KVBENCH_HOST_REPORT_REPORT_WRITER_HPP_

#include <string>
#include <vector>

#include "common/status.hpp"
#include "report/exports.hpp"

namespace kvbench::report {

// Reads every file in `results_files` (at least one), merges them into one report (the files must describe the
// same workload; engines are taken in file order) and writes the report files into `out_dir` (created if needed).
// Returns InvalidArgument for unreadable/invalid files or mismatched workloads, IOError (naming the file and the
// OS reason) when writing fails.
Status WriteReport(const std::vector<std::string>& results_files, const std::string& out_dir);

struct ReportOptions {
  std::vector<ExportFormat> exports;  // also write these dashboard exports into out_dir
};
// As above, with options; the paths written are appended to `written` (may be null).
Status WriteReport(const std::vector<std::string>& results_files, const std::string& out_dir,
                   const ReportOptions& options, std::vector<std::string>* written);

// The files every report writes: report.md, report.html, results.csv and the six main charts (timeline charts and
// exports depend on the results and the options).
std::vector<std::string> FixedReportFileNames();

}  // namespace kvbench::report

#endif  // KVBENCH_HOST_REPORT_REPORT_WRITER_HPP_
