#include "report/csv_writer.hpp"

#include <cmath>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "report/format.hpp"

namespace kvbench::report {

namespace {

// Shortest round-trip-ish text without exponent noise for typical values.
std::string Raw(OptDouble v) {
  if (!v || !std::isfinite(*v)) return {};
  if (*v == std::floor(*v) && std::fabs(*v) < 9e15) return std::to_string(static_cast<int64_t>(*v));
  std::string s = FormatFixed(*v, 6);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

void AppendRow(std::string* out, const std::vector<std::string>& fields) {
  for (size_t i = 0; i < fields.size(); ++i) {
    if (i != 0) *out += ',';
    *out += CsvField(fields[i]);
  }
  *out += "\r\n";
}

std::vector<std::string> MeasurementFields(const Measurements& m) {
  const auto& l = m.latency;
  return {Raw(l ? l->count : std::nullopt),
          Raw(l ? l->p50 : std::nullopt),
          Raw(l ? l->p90 : std::nullopt),
          Raw(l ? l->p99 : std::nullopt),
          Raw(l ? l->p999 : std::nullopt),
          Raw(l ? l->p9999 : std::nullopt),
          Raw(l ? l->max : std::nullopt),
          Raw(l ? l->mean : std::nullopt),
          Raw(m.cpu_user_s),
          Raw(m.cpu_system_s),
          Raw(m.io_read_bytes),
          Raw(m.io_write_bytes),
          Raw(m.peak_rss_bytes)};
}

}  // namespace

namespace {

// A number as the writer formats one ("-12", "+3.5", "1e-05"): safe to leave as it is.
bool IsNumber(const std::string& field) {
  if (field.empty()) return false;
  char* end = nullptr;
  std::strtod(field.c_str(), &end);
  return end == field.c_str() + field.size();
}

}  // namespace

std::string CsvField(const std::string& raw) {
  // A cell that starts with =, +, -, @, tab or CR is a formula to a spreadsheet (an engine named "=HYPERLINK(..)"):
  // a leading ' makes it text, as OWASP's CSV-injection rule says. Numbers are left as they are.
  std::string field = raw;
  if (!field.empty() && std::string_view("=+-@\t\r").find(field[0]) != std::string_view::npos && !IsNumber(field)) {
    field.insert(field.begin(), '\'');
  }
  if (field.find_first_of(",\"\r\n") == std::string::npos) return field;
  std::string out = "\"";
  for (char c : field) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string RenderCsv(const Results& results) {
  std::string out;
  AppendRow(&out, {"engine",          "status",           "kind",
                   "phase",           "operations",       "elapsed_ms",
                   "ops_per_s",       "checksum",         "latency_samples",
                   "latency_p50_ns",  "latency_p90_ns",   "latency_p99_ns",
                   "latency_p999_ns", "latency_p9999_ns", "latency_max_ns",
                   "latency_mean_ns", "cpu_user_s",       "cpu_system_s",
                   "disk_read_bytes", "disk_write_bytes", "peak_rss_bytes"});
  for (const Engine& e : results.engines) {
    for (const Phase& p : e.phases) {
      std::vector<std::string> row = {
          e.name, e.status, "phase", p.name, Raw(p.operations), Raw(p.elapsed_ms), Raw(p.ops_per_s), p.checksum};
      for (std::string& f : MeasurementFields(p.measurements)) row.push_back(std::move(f));
      AppendRow(&out, row);
    }
    for (const Step& s : e.steps) {
      std::vector<std::string> row = {e.name, e.status, "step", s.name, "", Raw(s.elapsed_ms), "", ""};
      for (std::string& f : MeasurementFields(s.measurements)) row.push_back(std::move(f));
      AppendRow(&out, row);
    }
  }
  return out;
}

}  // namespace kvbench::report
