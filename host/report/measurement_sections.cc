// The sections beyond the published report (issue 6): latency percentiles, throughput over time, CPU and disk
// I/O per phase, write and space amplification, and the failures of engines that did not complete.
#include <algorithm>

#include "report/document_sections.hpp"
#include "report/format.hpp"

namespace kvbench::report {

namespace {

std::string Text(const std::string& s) { return s.empty() ? kNotAvailable : s; }

void AddLatency(const Results& results, Document* doc) {
  AddHeading(doc, 2, "Latency");
  std::vector<std::string> without;
  bool any = false;
  for (const Engine& e : results.engines) {
    if (!e.HasLatency()) {
      without.push_back(e.name);
      continue;
    }
    any = true;
    AddHeading(doc, 3, e.name);
    // Samples: the operations timed; a percentile they cannot resolve is n/a (results.hpp, Latency).
    Table t = MakeTable({"Phase", "Samples", "p50", "p90", "p99", "p99.9", "p99.99", "Max", "Mean"});
    for (const Phase& p : e.phases) {
      const auto& l = p.measurements.latency;
      if (!l) {
        t.rows.push_back({p.name, kNotAvailable, kNotAvailable, kNotAvailable, kNotAvailable, kNotAvailable,
                          kNotAvailable, kNotAvailable, kNotAvailable});
        continue;
      }
      t.rows.push_back({p.name, FormatCount(l->count), FormatNanos(l->p50), FormatNanos(l->p90), FormatNanos(l->p99),
                        FormatNanos(l->p999), FormatNanos(l->p9999), FormatNanos(l->max), FormatNanos(l->mean)});
    }
    AddTable(doc, std::move(t));
  }
  if (!any) {
    AddParagraph(doc, "No latency measurements in these results.");
  } else if (!without.empty()) {
    AddParagraph(doc, "No latency measurements for: " + Join(without, ", ") + ".");
  }
}

void AddTimelines(const Results&, Document* doc) {
  AddHeading(doc, 2, "Throughput Over Time");
  std::string current_engine;
  bool any = false;
  for (size_t i = 0; i < doc->charts.size(); ++i) {
    const Chart& c = doc->charts[i];
    if (c.engine.empty()) continue;
    if (c.engine != current_engine) {
      AddHeading(doc, 3, c.engine);
      current_engine = c.engine;
    }
    AddChart(doc, i);
    any = true;
  }
  if (!any) AddParagraph(doc, "No throughput timelines in these results.");
}

struct ResourceSums {
  OptDouble user, system, read, written, peak;
  void Add(const Measurements& m) {
    const auto add = [](OptDouble* sum, OptDouble v) {
      if (v) *sum = sum->value_or(0.0) + *v;
    };
    add(&user, m.cpu_user_s);
    add(&system, m.cpu_system_s);
    add(&read, m.io_read_bytes);
    add(&written, m.io_write_bytes);
    if (m.peak_rss_bytes) peak = std::max(peak.value_or(0.0), *m.peak_rss_bytes);
  }
};

std::vector<std::string> ResourceRow(const std::string& name, const Measurements& m) {
  return {name,
          FormatSeconds(m.cpu_user_s),
          FormatSeconds(m.cpu_system_s),
          FormatBytes(m.io_read_bytes),
          FormatBytes(m.io_write_bytes),
          FormatBytes(m.peak_rss_bytes)};
}

void AddResources(const Results& results, Document* doc) {
  AddHeading(doc, 2, "Resources");
  std::vector<std::string> without;
  bool any = false;
  for (const Engine& e : results.engines) {
    if (!e.HasResources()) {
      without.push_back(e.name);
      continue;
    }
    any = true;
    AddHeading(doc, 3, e.name);
    Table t = MakeTable({"Phase", "CPU user", "CPU system", "Disk read", "Disk written", "Peak RSS"});
    ResourceSums sums;
    for (const Phase& p : e.phases) {
      t.rows.push_back(ResourceRow(p.name, p.measurements));
      sums.Add(p.measurements);
    }
    for (const Step& s : e.steps) {
      t.rows.push_back(ResourceRow(s.name + " (step)", s.measurements));
      sums.Add(s.measurements);
    }
    Measurements total;
    total.cpu_user_s = sums.user;
    total.cpu_system_s = sums.system;
    total.io_read_bytes = sums.read;
    total.io_write_bytes = sums.written;
    total.peak_rss_bytes = sums.peak;
    t.rows.push_back(ResourceRow("total", total));
    AddTable(doc, std::move(t));
  }
  if (!any) {
    AddParagraph(doc, "No CPU, disk or memory measurements in these results.");
  } else if (!without.empty()) {
    AddParagraph(doc, "No CPU, disk or memory measurements for: " + Join(without, ", ") + ".");
  }
}

void AddAmplification(const Results& results, Document* doc) {
  AddHeading(doc, 2, "Amplification");
  AddParagraph(doc,
               "Write amplification = bytes the engine's process wrote to disk / logical bytes the workload wrote. "
               "Space amplification = storage after settle / logical bytes of the live data.");
  Table t = MakeTable({"Engine", "Logical bytes written", "Disk bytes written", "Write amplification",
                       "Live logical data", "Storage", "Space amplification"});
  for (const Engine& e : results.engines) {
    const Amplification& a = e.amplification;
    t.rows.push_back({e.name, FormatBytes(a.logical_bytes_written), FormatBytes(a.disk_bytes_written),
                      FormatRatio(a.write_amplification), FormatBytes(a.live_logical_bytes),
                      FormatBytes(e.storage_bytes), FormatRatio(a.space_amplification)});
  }
  AddTable(doc, std::move(t));
}

void AddFailures(const Results& results, Document* doc) {
  AddHeading(doc, 2, "Failures");
  Table t = MakeTable({"Engine", "Status", "Interrupted phase", "Signal", "Error"}, {1, 2, 3, 4});
  for (const Engine& e : results.engines) {
    if (e.completed()) continue;
    t.rows.push_back({e.name, e.status, Text(e.interrupted_phase), Text(e.signal), Text(e.error)});
  }
  if (t.rows.empty()) {
    AddParagraph(doc, "All engines completed.");
  } else {
    AddTable(doc, std::move(t));
  }
}

}  // namespace

void AddMeasurementSections(const Results& results, Document* doc) {
  AddLatency(results, doc);
  AddTimelines(results, doc);
  AddResources(results, doc);
  AddAmplification(results, doc);
  AddDeepVerifySection(results, doc);
  AddFailures(results, doc);
}

}  // namespace kvbench::report
