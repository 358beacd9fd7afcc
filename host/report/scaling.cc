#include "report/scaling.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

#include "report/format.hpp"
#include "report/text_table.hpp"

namespace kvbench::report {

namespace {

// What must be equal for two runs' costs to be comparable (everything but the counts).
std::string ComparableKey(const Workload& w) {
  const auto n = [](const std::optional<int64_t>& v) { return v ? std::to_string(*v) : std::string("null"); };
  if (w.is_kv()) {  // the record count is the scale (and the presets' operation counts follow it)
    std::string phases;
    if (const auto it = w.kv.find("phases"); it != w.kv.end() && it->is_array()) {
      for (const auto& p : *it) {
        phases += (phases.empty() ? "" : ", ") + p.value("name", std::string("?"));
        if (p.contains("mix")) phases += " " + p["mix"].dump();
      }
    }
    return "kind kv, seed " + n(w.seed) + ", phases " + phases;
  }
  return "kind " + w.kind + ", seed " + n(w.seed) + ", query_limit " + n(w.query_limit) + ", profile writes " +
         w.profile_writes;
}

double Median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const size_t n = values.size();
  return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
}

// num / den; empty when either is missing or den is not positive.
OptDouble Quotient(const OptDouble& num, const OptDouble& den) {
  return num && den && *den > 0 ? OptDouble(*num / *den) : OptDouble();
}

std::string ScaleName(int64_t profiles) { return FormatProfileCount(profiles); }

// A note when the repeated runs of each scale were made in one block of time (all of one scale, then all of the
// next): a slow period of a shared machine then moves every run of one scale and none of the other, which the
// medians cannot undo. Nothing is said when a run has no finish time or two share one (the order is unknown).
void NoteRunOrder(const std::vector<Results>& runs, const std::vector<int64_t>& scales, Scaling* out) {
  std::vector<std::pair<std::string, int64_t>> timeline;  // (created_at, profiles); ISO 8601 UTC sorts as text
  for (const Results& run : runs) {
    if (run.created_at.empty() || run.created_at[0].empty()) return;
    timeline.emplace_back(run.created_at[0], *run.workload.scale());
  }
  std::sort(timeline.begin(), timeline.end());
  size_t blocks_of_runs = 1;  // maximal stretches of one scale in time order
  for (size_t i = 1; i < timeline.size(); ++i) {
    if (timeline[i].first == timeline[i - 1].first) return;
    if (timeline[i].second != timeline[i - 1].second) ++blocks_of_runs;
  }
  if (blocks_of_runs > scales.size() || timeline.size() <= scales.size()) return;  // interleaved, or no repeats
  std::vector<std::string> blocks;
  for (const int64_t scale : scales) {
    std::string first, last;
    for (const auto& [at, profiles] : timeline) {
      if (profiles != scale) continue;
      if (first.empty()) first = at;
      last = at;
    }
    blocks.push_back(ScaleName(scale) + " " + first + (last == first ? "" : " to " + last));
  }
  out->notes.push_back("the runs of each scale finished one block after the other (" + Join(blocks, ", ") +
                       "): a slow period of the machine can move every run of one scale; interleave the scales "
                       "(one run of each, then again) so that all of them meet the same conditions");
}

// The machine an environment describes (not the build that ran on it).
std::string MachineKey(const Environment& env) {
  return env.cpu_model + "|" + FormatCount(env.logical_processors) + "|" + FormatCount(env.total_memory_bytes) + "|" +
         env.kernel + "|" + env.architecture;
}

std::vector<MemoryLatency> MedianPerSize(const std::map<double, std::vector<double>>& by_size) {
  std::vector<MemoryLatency> points;
  for (const auto& [bytes, ns] : by_size) points.push_back({bytes, Median(ns)});
  return points;
}

// A note when two scales' probe medians at one working set are kLatencyDisagreement or more apart (the largest
// such gap).
void NoteLatencyDisagreement(Scaling* out) {
  double worst = 0.0, bytes = 0.0, low = 0.0, high = 0.0;
  size_t low_scale = 0, high_scale = 0;
  for (size_t a = 0; a < out->scales.size(); ++a) {
    for (size_t b = 0; b < out->scales.size(); ++b) {
      for (const MemoryLatency& pa : out->memory_latency_by_scale[a]) {
        for (const MemoryLatency& pb : out->memory_latency_by_scale[b]) {
          if (pa.working_set_bytes != pb.working_set_bytes || pb.ns_per_load <= 0.0) continue;
          const double gap = pa.ns_per_load / pb.ns_per_load;
          if (gap > worst) {
            worst = gap;
            bytes = pa.working_set_bytes;
            high = pa.ns_per_load;
            low = pb.ns_per_load;
            high_scale = a;
            low_scale = b;
          }
        }
      }
    }
  }
  if (worst < kLatencyDisagreement) return;
  out->notes.push_back("the machine's memory latency differed between the scales' runs (" +
                       DescribeMemoryLatency({{bytes, high}}) + " at " + ScaleName(out->scales[high_scale]) +
                       " against " + FormatFixed(low, 1) + " ns at " + ScaleName(out->scales[low_scale]) +
                       ", medians of each scale's probes): their costs were not measured on the same machine "
                       "state, so a ratio mixes the engine's scaling with the machine's");
}

// The median latency per working set over the runs that probed it, over all and per scale, and the translation
// probe's per span over all, if they all ran on one machine.
void CombineMemoryLatency(const std::vector<Results>& runs, Scaling* out) {
  std::map<double, std::vector<double>> by_size, by_span;
  std::vector<std::map<double, std::vector<double>>> by_scale(out->scales.size());
  out->memory_latency_runs_by_scale.assign(out->scales.size(), 0);
  std::optional<std::string> machine;
  for (const Results& run : runs) {
    if (run.environments.empty() || run.environments[0].memory_latency.empty()) continue;
    const Environment& env = run.environments[0];
    if (machine && *machine != MachineKey(env)) {
      out->notes.push_back("the runs come from more than one machine: their memory latency probes are not shown");
      out->memory_latency_runs = 0;
      out->memory_latency_runs_by_scale.clear();
      out->translation_latency_runs = 0;
      return;
    }
    machine = MachineKey(env);
    ++out->memory_latency_runs;
    const size_t scale = static_cast<size_t>(std::find(out->scales.begin(), out->scales.end(), *run.workload.scale()) -
                                             out->scales.begin());
    ++out->memory_latency_runs_by_scale[scale];
    for (const MemoryLatency& p : env.memory_latency) {
      by_size[p.working_set_bytes].push_back(p.ns_per_load);
      by_scale[scale][p.working_set_bytes].push_back(p.ns_per_load);
    }
    if (!env.translation_latency.empty()) ++out->translation_latency_runs;
    for (const MemoryLatency& p : env.translation_latency) by_span[p.working_set_bytes].push_back(p.ns_per_load);
  }
  out->memory_latency = MedianPerSize(by_size);
  out->translation_latency = MedianPerSize(by_span);
  for (const auto& sizes : by_scale) out->memory_latency_by_scale.push_back(MedianPerSize(sizes));
  NoteLatencyDisagreement(out);
}

}  // namespace

bool Scaling::has_cpu() const {
  for (const ScalingRow& row : rows) {
    for (const OptDouble& cpu : row.cpu_ns_per_op) {
      if (cpu) return true;
    }
  }
  return false;
}

bool Scaling::has_p50() const {
  for (const ScalingRow& row : rows) {
    for (size_t s = 1; s < row.p50_ratio.size(); ++s) {
      if (row.p50_ratio[s]) return true;
    }
  }
  return false;
}

OptDouble Scaling::load_ns() const {
  return memory_latency.empty() ? OptDouble() : OptDouble(memory_latency.back().ns_per_load);
}

OptDouble Scaling::added_loads(const ScalingRow& r, size_t s) const {
  const OptDouble base = r.ns_per_op[0], cost = r.ns_per_op[s], load = load_ns();
  if (!base || !cost || !load || *load <= 0) return OptDouble();
  return (*cost - *base) / *load;
}

OptDouble Scaling::ratio_vs_baseline(const ScalingRow& r, size_t s) const {
  if (!baseline || r.engine == *baseline) return OptDouble();
  for (const ScalingRow& base : rows) {
    if (base.engine == *baseline && base.phase == r.phase) return Quotient(r.ratio[s], base.ratio[s]);
  }
  return OptDouble();
}

Status ComputeScaling(const std::vector<Results>& runs, std::optional<double> limit, Scaling* out,
                      const std::optional<std::string>& baseline) {
  *out = Scaling();
  out->limit = limit;
  out->baseline = baseline;
  for (size_t i = 0; i < runs.size(); ++i) {
    const Workload& w = runs[i].workload;
    const std::string name = runs[i].source_files.empty() ? "file " + std::to_string(i + 1) : runs[i].source_files[0];
    if (!w.scale() || *w.scale() <= 0) {
      return Status::InvalidArgument(name + (w.is_kv() ? ": the kv workload has no record count"
                                                       : ": the workload has no profile count"));
    }
    if (ComparableKey(w) != ComparableKey(runs[0].workload)) {
      const std::string first = runs[0].source_files.empty() ? "the first file" : runs[0].source_files[0];
      return Status::InvalidArgument(name + " ran a different workload than " + first + " (" + ComparableKey(w) +
                                     " vs " + ComparableKey(runs[0].workload) +
                                     "); only the counts may differ between scales");
    }
    if (std::find(out->scales.begin(), out->scales.end(), *w.scale()) == out->scales.end())
      out->scales.push_back(*w.scale());
  }
  std::sort(out->scales.begin(), out->scales.end());
  if (out->scales.size() < 2) {
    return Status::InvalidArgument("all results are of one scale (" +
                                   (out->scales.empty() ? std::string("none") : ScaleName(out->scales[0])) +
                                   " profiles); give runs of at least two profile counts");
  }
  const size_t scale_count = out->scales.size();
  const auto scale_index = [&](int64_t profiles) {
    return static_cast<size_t>(std::find(out->scales.begin(), out->scales.end(), profiles) - out->scales.begin());
  };
  out->files_per_scale.assign(scale_count, 0);

  // engine -> phases in first-seen order; (engine, phase) -> costs per scale.
  struct Costs {
    // per scale: one value per run (cpu, p50: the runs that measured it)
    std::vector<std::vector<double>> elapsed, cpu, p50;
  };
  std::vector<std::string> engines;
  std::map<std::string, std::vector<std::string>> phases;
  std::map<std::pair<std::string, std::string>, Costs> costs;
  std::map<std::string, std::vector<size_t>> engine_runs;
  for (const Results& run : runs) {
    const size_t s = scale_index(*run.workload.scale());
    ++out->files_per_scale[s];
    for (const Engine& engine : run.engines) {
      if (phases.find(engine.name) == phases.end()) {
        engines.push_back(engine.name);
        phases[engine.name];
        engine_runs[engine.name].assign(scale_count, 0);
      }
      ++engine_runs[engine.name][s];
      for (const Phase& phase : engine.phases) {
        if (!phase.elapsed_ms || !phase.operations || *phase.operations <= 0) continue;
        auto& list = phases[engine.name];
        if (std::find(list.begin(), list.end(), phase.name) == list.end()) list.push_back(phase.name);
        Costs& c = costs[{engine.name, phase.name}];
        c.elapsed.resize(scale_count);
        c.cpu.resize(scale_count);
        c.p50.resize(scale_count);
        c.elapsed[s].push_back(*phase.elapsed_ms * 1e6 / *phase.operations);
        const Measurements& m = phase.measurements;
        if (m.cpu_user_s || m.cpu_system_s) {
          c.cpu[s].push_back((m.cpu_user_s.value_or(0.0) + m.cpu_system_s.value_or(0.0)) * 1e9 / *phase.operations);
        }
        if (m.latency && m.latency->p50) c.p50[s].push_back(*m.latency->p50);
      }
    }
  }

  if (baseline && phases.find(*baseline) == phases.end()) {
    return Status::InvalidArgument("the baseline engine '" + *baseline +
                                   "' is in none of the files (engines: " + Join(engines, ", ") + ")");
  }
  for (const std::string& engine : engines) {
    for (size_t s = 0; s < scale_count; ++s) {
      if (engine_runs[engine][s] == 0)
        out->notes.push_back("engine " + engine + " has no run at " + ScaleName(out->scales[s]) + " profiles");
    }
    for (const std::string& phase : phases[engine]) {
      const Costs& c = costs[{engine, phase}];
      const auto median = [](const std::vector<double>& v) { return v.empty() ? OptDouble() : OptDouble(Median(v)); };
      ScalingRow row;
      row.engine = engine;
      row.phase = phase;
      for (size_t s = 0; s < scale_count; ++s) {
        row.runs.push_back(c.elapsed[s].size());
        row.ns_per_op.push_back(median(c.elapsed[s]));
        row.cpu_ns_per_op.push_back(median(c.cpu[s]));
        row.p50_ns.push_back(median(c.p50[s]));
      }
      for (size_t s = 0; s < scale_count; ++s) {
        row.ratio.push_back(Quotient(row.ns_per_op[s], row.ns_per_op[0]));
        if (limit && row.ratio.back() && *row.ratio.back() > *limit) row.over_limit = true;
        row.p50_ratio.push_back(Quotient(row.p50_ns[s], row.p50_ns[0]));
      }
      out->failed = out->failed || row.over_limit;
      out->rows.push_back(std::move(row));
    }
  }
  NoteRunOrder(runs, out->scales, out);
  CombineMemoryLatency(runs, out);
  return Status::OK();
}

namespace {

// "+740 ns = 3.0 loads": row r's cost per operation at scale s above the smallest scale's (a saving: "-40 ns").
std::string FormatAdded(const Scaling& scaling, const ScalingRow& r, size_t s) {
  const OptDouble loads = scaling.added_loads(r, s);
  if (!loads) return FormatNanos(std::nullopt);
  const double added = *r.ns_per_op[s] - *r.ns_per_op[0];
  std::string out = added < 0 ? "-" : "+";
  out += FormatNanos(std::abs(added));
  out += " = " + FormatFixed(*loads, 1) + " loads";
  return out;
}

}  // namespace

std::string RenderScaling(const Scaling& scaling, bool markdown) {
  const size_t n = scaling.scales.size();
  const bool has_cpu = scaling.has_cpu();
  // A scale's run count goes in its header when every row has a median of all its files; otherwise (an engine
  // left out of some runs) each cell says of how many runs it is the median.
  std::vector<bool> count_per_cell(n, false);
  for (const ScalingRow& r : scaling.rows) {
    for (size_t s = 0; s < n; ++s) count_per_cell[s] = count_per_cell[s] || r.runs[s] != scaling.files_per_scale[s];
  }
  std::vector<std::string> header = {"Engine", "Phase"};
  for (size_t s = 0; s < n; ++s) {
    const size_t files = scaling.files_per_scale[s];
    header.push_back(
        ScaleName(scaling.scales[s]) + " per op (" +
        (count_per_cell[s] ? std::string("runs)") : std::to_string(files) + (files == 1 ? " run)" : " runs)")));
  }
  if (has_cpu) {
    for (size_t s = 0; s < n; ++s) header.push_back(ScaleName(scaling.scales[s]) + " CPU per op");
  }
  for (size_t s = 1; s < n; ++s) header.push_back(ScaleName(scaling.scales[s]) + " / " + ScaleName(scaling.scales[0]));
  const bool has_p50 = scaling.has_p50();
  if (has_p50) {
    for (size_t s = 1; s < n; ++s) {
      header.push_back(ScaleName(scaling.scales[s]) + " / " + ScaleName(scaling.scales[0]) + " p50");
    }
  }
  const bool has_loads = scaling.load_ns().has_value();
  if (has_loads) {
    for (size_t s = 1; s < n; ++s) header.push_back(ScaleName(scaling.scales[s]) + " added per op");
  }
  if (scaling.baseline) {
    for (size_t s = 1; s < n; ++s) {
      header.push_back(ScaleName(scaling.scales[s]) + " / " + ScaleName(scaling.scales[0]) + " relative to " +
                       *scaling.baseline);
    }
  }
  std::vector<std::vector<std::string>> rows;
  size_t over = 0, ratios = 0;
  for (const ScalingRow& r : scaling.rows) {
    std::vector<std::string> cells = {r.engine, r.phase};
    for (size_t s = 0; s < n; ++s) {
      cells.push_back(FormatNanos(r.ns_per_op[s]) + (count_per_cell[s] ? " (" + std::to_string(r.runs[s]) + ")" : ""));
    }
    if (has_cpu) {
      for (size_t s = 0; s < n; ++s) cells.push_back(FormatNanos(r.cpu_ns_per_op[s]));
    }
    for (size_t s = 1; s < n; ++s) {
      std::string cell = FormatRatio(r.ratio[s]);
      if (r.ratio[s]) ++ratios;
      if (scaling.limit && r.ratio[s] && *r.ratio[s] > *scaling.limit) {
        cell += " OVER";
        ++over;
      }
      cells.push_back(cell);
    }
    if (has_p50) {
      for (size_t s = 1; s < n; ++s) cells.push_back(FormatRatio(r.p50_ratio[s]));
    }
    if (has_loads) {
      for (size_t s = 1; s < n; ++s) cells.push_back(FormatAdded(scaling, r, s));
    }
    if (scaling.baseline) {
      for (size_t s = 1; s < n; ++s) {
        cells.push_back(r.engine == *scaling.baseline ? "baseline" : FormatRatio(scaling.ratio_vs_baseline(r, s)));
      }
    }
    rows.push_back(std::move(cells));
  }
  const std::string heading = markdown ? "### " : "";
  std::string out = heading + "Cost per operation by scale (median of the runs at each scale)\n\n";
  if (has_cpu) {
    out +=
        "Per op: elapsed time per operation. CPU per op: the engine process's CPU time (all threads) per "
        "operation; above the elapsed cost, the engine worked in the background (merges, log) during the "
        "phase.\n\n";
  }
  out += markdown ? MarkdownTable(header, rows) : PlainTable(header, rows);
  if (has_p50) {
    out +=
        "\np50: the ratio of the phases' median operation latencies (sampled; the median of the runs' p50s). The "
        "cost per op is a mean, which a few slow operations (cold block reads, writes waiting for a merge) can "
        "move alone: a cost ratio well apart from the p50 ratio is the tail's doing, not the typical "
        "operation's.\n";
  }
  if (has_loads) {
    out += "\nAdded per op: the cost per operation above " + ScaleName(scaling.scales[0]) +
           "'s, and that in dependent loads at the largest working set the memory probes measured (" +
           DescribeMemoryLatency({scaling.memory_latency.back()}) +
           "). A record read at random whose data outgrew the CPU's caches pays up to one such load more than "
           "where it fit them, in any engine: about one load per record read is the memory's share of a ratio, "
           "not the engine's.\n";
  }
  if (scaling.baseline) {
    out += "\nRelative to " + *scaling.baseline + ": an engine's ratio divided by " + *scaling.baseline +
           "'s on the same phase in the same runs. What the baseline loses between the scales is the machine's "
           "share (caches, memory, the harness's own work), which no engine avoids; above 1.00x is the engine's own "
           "growth, below it the engine grew less than the baseline.\n";
  }
  for (const std::string& note : scaling.notes) out += "\nNote: " + note;
  if (!scaling.notes.empty()) out += "\n";
  if (!scaling.memory_latency.empty()) {
    out += "\nMemory latency of the machine (median of " + std::to_string(scaling.memory_latency_runs) +
           (scaling.memory_latency_runs == 1 ? " run's probe" : " runs' probes") +
           "; one dependent load, by working set): " + DescribeMemoryLatency(scaling.memory_latency) +
           ". A random point read is a few such loads: where a store outgrows the caches between two scales, "
           "its point reads slow down by up to the ratio of these latencies in any engine.\n";
    std::vector<std::string> per_scale;
    for (size_t i = 0; i < scaling.memory_latency_by_scale.size(); ++i) {
      const size_t n = scaling.memory_latency_runs_by_scale[i];
      if (n == 0) continue;
      per_scale.push_back(ScaleName(scaling.scales[i]) + " (" + std::to_string(n) + (n == 1 ? " run" : " runs") +
                          "): " + DescribeMemoryLatency(scaling.memory_latency_by_scale[i]));
    }
    if (per_scale.size() > 1) out += "By scale: " + Join(per_scale, "; ") + ".\n";
  }
  if (!scaling.translation_latency.empty()) {
    out += "\nAddress translation of the machine (median of " + std::to_string(scaling.translation_latency_runs) +
           (scaling.translation_latency_runs == 1 ? " run's probe" : " runs' probes") +
           "; one dependent load through one 64-byte line in each 4 KiB page, by span: lines that stay in the "
           "caches, addresses that outgrow the TLB): " +
           DescribeMemoryLatency(scaling.translation_latency) +
           ". Where this comes close to the memory latency at the same size, a random read there waits for its "
           "page walk rather than for its data: the machine's cost (its TLB's reach; in a virtual machine, two "
           "levels of page tables), which no engine's layout of its data avoids.\n";
  }
  if (scaling.limit) {
    out += "\nLimit " + FormatRatio(scaling.limit) + ": " + std::to_string(over) + " of " + std::to_string(ratios) +
           " ratios over it. Result: " + (scaling.failed ? "FAILED" : "passed") + "\n";
  }
  return out;
}

nlohmann::ordered_json ScalingToJson(const Scaling& scaling) {
  const auto numbers = [](const std::vector<OptDouble>& values) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const OptDouble& v : values) list.push_back(v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json());
    return list;
  };
  nlohmann::ordered_json doc;
  doc["scales"] = scaling.scales;
  doc["files_per_scale"] = scaling.files_per_scale;
  doc["limit"] = scaling.limit ? nlohmann::ordered_json(*scaling.limit) : nlohmann::ordered_json();
  doc["failed"] = scaling.failed;
  doc["rows"] = nlohmann::ordered_json::array();
  for (const ScalingRow& r : scaling.rows) {
    std::vector<OptDouble> added_loads, vs_baseline;
    for (size_t s = 0; s < r.ns_per_op.size(); ++s) {
      added_loads.push_back(scaling.added_loads(r, s));
      vs_baseline.push_back(scaling.ratio_vs_baseline(r, s));
    }
    doc["rows"].push_back({{"engine", r.engine},
                           {"phase", r.phase},
                           {"ns_per_op", numbers(r.ns_per_op)},
                           {"cpu_ns_per_op", numbers(r.cpu_ns_per_op)},
                           {"p50_ns", numbers(r.p50_ns)},
                           {"runs", r.runs},
                           {"ratio", numbers(r.ratio)},
                           {"p50_ratio", numbers(r.p50_ratio)},
                           {"added_loads", numbers(added_loads)},
                           {"ratio_vs_baseline", numbers(vs_baseline)},
                           {"over_limit", r.over_limit}});
  }
  doc["baseline"] = scaling.baseline ? nlohmann::ordered_json(*scaling.baseline) : nlohmann::ordered_json();
  doc["notes"] = scaling.notes;
  nlohmann::ordered_json points = nlohmann::ordered_json::array();
  for (const MemoryLatency& p : scaling.memory_latency) {
    points.push_back({{"working_set_bytes", p.working_set_bytes}, {"ns_per_load", p.ns_per_load}});
  }
  nlohmann::ordered_json by_scale = nlohmann::ordered_json::array();
  for (size_t i = 0; i < scaling.memory_latency_by_scale.size(); ++i) {
    if (scaling.memory_latency_runs_by_scale[i] == 0) continue;
    nlohmann::ordered_json scale_points = nlohmann::ordered_json::array();
    for (const MemoryLatency& p : scaling.memory_latency_by_scale[i]) {
      scale_points.push_back({{"working_set_bytes", p.working_set_bytes}, {"ns_per_load", p.ns_per_load}});
    }
    by_scale.push_back(
        {{"profiles", scaling.scales[i]}, {"runs", scaling.memory_latency_runs_by_scale[i]}, {"points", scale_points}});
  }
  nlohmann::ordered_json translation = nlohmann::ordered_json::array();
  for (const MemoryLatency& p : scaling.translation_latency) {
    translation.push_back({{"span_bytes", p.working_set_bytes}, {"ns_per_load", p.ns_per_load}});
  }
  doc["memory_latency"] = {
      {"runs", scaling.memory_latency_runs},
      {"points", points},
      {"load_ns", scaling.load_ns() ? nlohmann::ordered_json(*scaling.load_ns()) : nlohmann::ordered_json()},
      {"by_scale", by_scale},
      {"translation_runs", scaling.translation_latency_runs},
      {"translation_points", translation}};
  return doc;
}

}  // namespace kvbench::report
