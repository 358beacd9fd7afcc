#include "report/charts.hpp"

#include <functional>
#include <set>

#include "report/format.hpp"
#include "report/metrics.hpp"
#include "report/svg_chart.hpp"

namespace kvbench::report {

namespace {

using ValueOf = std::function<OptDouble(const Engine&, size_t category)>;

BarChart MakeBars(const Results& results, std::string title, ValueKind kind, std::vector<std::string> categories,
                  const ValueOf& value_of) {
  BarChart chart;
  chart.title = std::move(title);
  chart.kind = kind;
  chart.categories = std::move(categories);
  for (size_t i = 0; i < results.engines.size(); ++i) {
    const Engine& engine = results.engines[i];
    BarSeries series;
    series.name = engine.name;
    series.color_index = i;
    for (size_t c = 0; c < chart.categories.size(); ++c) series.values.push_back(value_of(engine, c));
    chart.series.push_back(std::move(series));
  }
  return chart;
}

Chart Finish(const BarChart& bars) { return {bars.title, Slug(bars.title) + ".svg", RenderBarChart(bars), {}, {}}; }

BarChart PhaseThroughput(const Results& results, std::string title, PhaseFamily family) {
  std::vector<std::string> names = PhaseNamesOf(results, family);
  return MakeBars(results, std::move(title), ValueKind::kRate, names, [names](const Engine& e, size_t c) {
    const Phase* p = e.FindPhase(names[c]);
    return p != nullptr ? p->ops_per_s : std::nullopt;
  });
}

// A kv workload's phases are the config's own, so its charts follow them: one throughput chart in phase order.
std::vector<Chart> BuildKvMainCharts(const Results& results) {
  std::vector<Chart> charts;
  charts.push_back(Finish(MakeBars(results, "Execution Time", ValueKind::kMilliseconds,
                                   {"Run time", "Completed phase time", "Settle", "Reopen", "Verify"},
                                   [](const Engine& e, size_t c) -> OptDouble {
                                     const OptDouble values[] = {e.run_ms, e.completed_phase_ms, e.settle_ms,
                                                                 e.reopen_ms, e.verify_ms};
                                     return values[c];
                                   })));
  const std::vector<std::string> names = AllPhaseNames(results);
  charts.push_back(Finish(
      MakeBars(results, "Phase Throughput", ValueKind::kRate, names, [names](const Engine& e, size_t c) -> OptDouble {
        const Phase* p = e.FindPhase(names[c]);
        return p != nullptr ? p->ops_per_s : std::nullopt;
      })));
  charts.push_back(
      Finish(MakeBars(results, "Resource Footprint", ValueKind::kBytes, {"Storage", "Process peak memory"},
                      [](const Engine& e, size_t c) { return c == 0 ? e.storage_bytes : e.peak_memory_bytes; })));
  return charts;
}

}  // namespace

std::vector<Chart> BuildMainCharts(const Results& results) {
  if (results.workload.is_kv()) return BuildKvMainCharts(results);
  std::vector<Chart> charts;
  charts.push_back(Finish(MakeBars(
      results, "Execution Time", ValueKind::kMilliseconds,
      {"Run time", "Completed phase time", "Pre-read stabilize", "Post-update stabilize", "Settle", "Reopen", "Verify"},
      [](const Engine& e, size_t c) -> OptDouble {
        switch (c) {
          case 0:
            return e.run_ms;
          case 1:
            return e.completed_phase_ms;
          case 2:
            return PreReadStabilizeMs(e);
          case 3:
            return PostUpdateStabilizeMs(e);
          case 4:
            return e.settle_ms;
          case 5:
            return e.reopen_ms;
          default:
            return e.verify_ms;
        }
      })));

  // Raw write phases, each followed by its write-readiness bar.
  std::vector<std::string> write_categories;
  std::vector<std::pair<std::string, bool>> write_sources;  // (phase, derived readiness?)
  for (const std::string& name : PhaseNamesOf(results, PhaseFamily::kWrite)) {
    write_categories.push_back(name);
    write_sources.push_back({name, false});
    if (name == kInsertPhase) {
      write_categories.push_back("insert ready");
      write_sources.push_back({name, true});
    } else if (name == kUpdatePhase) {
      write_categories.push_back("update ready");
      write_sources.push_back({name, true});
    }
  }
  charts.push_back(Finish(MakeBars(results, "Write Throughput", ValueKind::kRate, write_categories,
                                   [write_sources](const Engine& e, size_t c) -> OptDouble {
                                     const auto& [phase, derived] = write_sources[c];
                                     if (derived) {
                                       WriteReadiness r = ComputeWriteReadiness(e);
                                       return phase == kInsertPhase ? r.insert_ready_ops_per_s
                                                                    : r.update_ready_ops_per_s;
                                     }
                                     const Phase* p = e.FindPhase(phase);
                                     return p != nullptr ? p->ops_per_s : std::nullopt;
                                   })));
  charts.push_back(Finish(PhaseThroughput(results, "Lookup Throughput", PhaseFamily::kLookup)));
  charts.push_back(Finish(PhaseThroughput(results, "Index Scan Throughput", PhaseFamily::kIndexScan)));
  charts.push_back(Finish(PhaseThroughput(results, "Query Throughput", PhaseFamily::kQuery)));
  charts.push_back(
      Finish(MakeBars(results, "Resource Footprint", ValueKind::kBytes, {"Storage", "Process peak memory"},
                      [](const Engine& e, size_t c) { return c == 0 ? e.storage_bytes : e.peak_memory_bytes; })));
  return charts;
}

std::vector<Chart> BuildTimelineCharts(const Results& results) {
  std::vector<Chart> charts;
  std::set<std::string> file_names;
  for (size_t i = 0; i < results.engines.size(); ++i) {
    const Engine& engine = results.engines[i];
    for (const Phase& phase : engine.phases) {
      if (!results.workload.is_kv() && FamilyOf(phase.name) != PhaseFamily::kWrite) continue;
      const auto& timeline = phase.measurements.timeline;
      if (!timeline || timeline->ops.empty()) continue;
      LineChart line;
      line.title = engine.name + ": " + phase.name;
      line.color_index = i;
      line.interval_s = timeline->interval_ms / 1000.0;
      line.ops_per_interval = timeline->ops;
      if (timeline->last_interval_ms) {
        line.duration_s =
            (static_cast<double>(timeline->ops.size() - 1) * timeline->interval_ms + *timeline->last_interval_ms) /
            1000.0;
      } else if (phase.elapsed_ms) {
        line.duration_s = *phase.elapsed_ms / 1000.0;
      }
      std::string base = kTimelineChartPrefix + Slug(engine.name) + "-" + Slug(phase.name);
      std::string file_name = base + ".svg";
      // Engine names that differ only in punctuation would share a slug.
      for (int n = 2; !file_names.insert(file_name).second; ++n) file_name = base + "-" + std::to_string(n) + ".svg";
      charts.push_back({line.title, file_name, RenderLineChart(line), engine.name, phase.name});
    }
  }
  return charts;
}

}  // namespace kvbench::report
