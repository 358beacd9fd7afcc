#include "report/report_writer.hpp"

#include <filesystem>

#include "report/csv_writer.hpp"
#include "report/document.hpp"
#include "report/html_writer.hpp"
#include "report/markdown_writer.hpp"
#include "report/output_file.hpp"
#include "report/results.hpp"

namespace kvbench::report {

std::vector<std::string> FixedReportFileNames() {
  std::vector<std::string> names = {"report.md", "report.html", "results.csv"};
  for (const Chart& chart : BuildMainCharts(Results())) names.push_back(chart.file_name);
  return names;
}

Status WriteReport(const std::vector<std::string>& results_files, const std::string& out_dir) {
  return WriteReport(results_files, out_dir, ReportOptions(), nullptr);
}

Status WriteReport(const std::vector<std::string>& results_files, const std::string& out_dir,
                   const ReportOptions& options, std::vector<std::string>* written) {
  Results results;
  Status s = LoadAndMerge(results_files, &results);
  if (!s.ok()) return s;
  const Document doc = BuildDocument(results);
  std::vector<std::string> paths;
  const std::filesystem::path dir(out_dir);
  const auto write = [&](const std::string& name, const std::string& content) {
    const std::string path = (dir / name).string();
    Status ws = WriteFileAtomically(path, content);
    if (ws.ok()) paths.push_back(path);
    return ws;
  };
  for (const Chart& chart : doc.charts) {
    if (s = write(chart.file_name, chart.svg); !s.ok()) return s;
  }
  if (s = write("report.md", RenderMarkdown(doc)); !s.ok()) return s;
  if (s = write("report.html", RenderHtml(doc)); !s.ok()) return s;
  if (s = write("results.csv", RenderCsv(results)); !s.ok()) return s;
  for (ExportFormat format : options.exports) {
    const char* base = format == ExportFormat::kBencher ? "bencher" : "benchmark";
    if (s = WriteExport(results, format, (dir / base).string(), &paths); !s.ok()) return s;
  }
  if (written != nullptr) written->insert(written->end(), paths.begin(), paths.end());
  return Status::OK();
}

}  // namespace kvbench::report
