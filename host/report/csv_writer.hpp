// results.csv: one row per engine and phase (then one per step), RFC 4180 quoting, raw numbers (ms, ns, bytes,
// seconds) so spreadsheets can compute with them; unknown values are empty cells.
#ifndef KVBENCH_HOST_REPORT_CSV_WRITER_HPP_
#define KVBENCH_HOST_REPORT_CSV_WRITER_HPP_

#include <string>

#include "report/results.hpp"

namespace kvbench::report {

std::string RenderCsv(const Results& results);

// Quotes a field when it holds a comma, quote, CR or LF (quotes doubled); puts a ' before a text field that starts
// with =, +, -, @, tab or CR (a spreadsheet formula otherwise).
std::string CsvField(const std::string& field);

}  // namespace kvbench::report

#endif  // KVBENCH_HOST_REPORT_CSV_WRITER_HPP_
