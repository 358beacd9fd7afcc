// The report's charts, built from the results: the six charts of the published report and one throughput-over-time
// chart per write phase per engine that has a timeline. Each is a finished SVG plus the file name it is saved as.
#ifndef KVBENCH_HOST_REPORT_CHARTS_HPP_
#define KVBENCH_HOST_REPORT_CHARTS_HPP_

#include <string>
#include <vector>

#include "report/results.hpp"

namespace kvbench::report {

struct Chart {
  std::string title;      // "Execution Time"
  std::string file_name;  // "execution-time.svg"
  std::string svg;
  std::string engine, phase;  // for throughput-over-time charts; empty otherwise
};

// How the file name of every throughput-over-time chart begins.
inline constexpr const char* kTimelineChartPrefix = "timeline-";

// Execution Time, Write Throughput, Lookup Throughput, Index Scan Throughput, Query Throughput, Resource Footprint.
std::vector<Chart> BuildMainCharts(const Results& results);
// "ZoneTree: insert profiles" etc., saved as "timeline-zonetree-insert-profiles.svg".
std::vector<Chart> BuildTimelineCharts(const Results& results);

}  // namespace kvbench::report

#endif  // KVBENCH_HOST_REPORT_CHARTS_HPP_
