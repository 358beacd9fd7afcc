#include "report/report_writer.hpp"

#include <filesystem>
#include <fstream>
#include <set>

#include "report/csv_writer.hpp"
#include "report/document.hpp"
#include "report/html_writer.hpp"
#include "report/markdown_writer.hpp"
#include "report/output_file.hpp"
#include "report/results.hpp"
#include "report/svg_chart.hpp"

namespace kvbench::report {
namespace {

namespace fs = std::filesystem;

constexpr const char* kMarkdownFile = "report.md";
constexpr const char* kHtmlFile = "report.html";
constexpr const char* kCsvFile = "results.csv";

// A timeline chart this reporter wrote: named like one (timeline-*.svg), and its first line is the opening tag of
// the reporter's charts. Anything else in the directory is the user's.
bool IsReportTimelineChart(const fs::directory_entry& entry) {
  const std::string name = entry.path().filename().string();
  if (name.rfind(kTimelineChartPrefix, 0) != 0 || name.size() < 4 || name.compare(name.size() - 4, 4, ".svg") != 0) {
    return false;
  }
  std::error_code ec;
  if (!entry.is_regular_file(ec)) return false;
  std::ifstream in(entry.path(), std::ios::binary);
  std::string first_line;
  std::getline(in, first_line);
  return first_line.rfind(kSvgChartStart, 0) == 0 &&
         first_line.find("\" role=\"img\" aria-label=\"") != std::string::npos;
}

// Removes the timeline charts of an earlier report in `dir` that `written` does not name.
Status RemoveStaleTimelineCharts(const fs::path& dir, const std::vector<OutputFile>& written) {
  std::set<std::string> current;
  for (const OutputFile& file : written) current.insert(fs::path(file.path).filename().string());
  std::error_code ec;
  fs::directory_iterator entries(dir, ec);
  if (ec) return Status::IOError("cannot list " + dir.string() + ": " + ec.message());
  for (const fs::directory_entry& entry : entries) {
    if (current.count(entry.path().filename().string()) != 0 || !IsReportTimelineChart(entry)) continue;
    if (!fs::remove(entry.path(), ec) && ec) {
      return Status::IOError("cannot remove the earlier report's " + entry.path().string() + ": " + ec.message());
    }
  }
  return Status::OK();
}

}  // namespace

std::vector<std::string> FixedReportFileNames() {
  std::vector<std::string> names = {kMarkdownFile, kHtmlFile, kCsvFile};
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
  const fs::path dir(out_dir);
  std::vector<OutputFile> files;
  for (const Chart& chart : doc.charts) files.push_back({(dir / chart.file_name).string(), chart.svg});
  files.push_back({(dir / kMarkdownFile).string(), RenderMarkdown(doc)});
  files.push_back({(dir / kHtmlFile).string(), RenderHtml(doc)});
  files.push_back({(dir / kCsvFile).string(), RenderCsv(results)});
  for (ExportFormat format : options.exports) {
    const char* base = format == ExportFormat::kBencher ? "bencher" : "benchmark";
    for (OutputFile& file : RenderExport(results, format, (dir / base).string())) files.push_back(std::move(file));
  }
  if (s = WriteFilesTogether(files); !s.ok()) return s;
  if (written != nullptr) {
    for (const OutputFile& file : files) written->push_back(file.path);
  }
  return RemoveStaleTimelineCharts(dir, files);
}

}  // namespace kvbench::report
