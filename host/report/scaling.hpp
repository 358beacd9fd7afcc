// How each engine's per-operation cost grows with the data: results files of the same workload at two or more
// profile counts (several files per count are repeats), and for every engine and phase the median cost per
// operation (elapsed / operations) at each count and its ratio to the smallest count's. A ratio of 1.0 is perfect
// scaling; an LSM tree that outgrows the CPU caches shows more. With a limit, any ratio above it fails.
// Where the runs measured CPU, the engine process's CPU time per operation (user + system, all its threads) is
// shown beside the elapsed cost: CPU above elapsed is background work (merges, log writing) on other cores, which
// tells a phase that grew because a larger store merges during it from one whose every operation got slower.
// Where the runs measured latency, the ratio of the median operation latencies (p50) is shown beside the ratio of
// the costs: the cost is a mean, which a few slow operations (cold block reads, a write waiting for a merge) can
// move on their own; the p50 tells whether the typical operation got slower.
// Where the runs probed the machine's memory latency (environment.memory_latency), its medians are shown under
// the table: a random point read is a few dependent loads, so a store that outgrows the CPU caches between two
// scales slows every engine's point reads by up to the ratio of those latencies. The medians of each scale's runs
// are shown too, and a note says when they differ by kLatencyDisagreement or more at some working set: the
// machine was not the same for the two scales (a shared machine's busy period), so their ratios mix the engine's
// scaling with the machine's. With a probe, each row's added cost (its cost per operation above the smallest
// scale's) is also given in dependent loads at the probe's largest working set: a record read at random whose data
// no longer fits the CPU's caches pays up to one such load more than where it fit them, so about one load per
// record read is the memory's share, not the engine's, and caps how close to 1.0 a point-read ratio can get in
// any engine.
// With a baseline engine (one that ran in the same files, e.g. the harness's in-memory reference engine), each
// other engine's ratio is also given relative to the baseline's on the same phase: what the baseline loses between
// the scales is the machine's share, which no engine avoids; a relative ratio above 1.0 is the engine's own growth.
#ifndef KVBENCH_HOST_REPORT_SCALING_HPP_
#define KVBENCH_HOST_REPORT_SCALING_HPP_

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "common/status.hpp"
#include "report/results.hpp"

namespace kvbench::report {

struct ScalingRow {
  std::string engine, phase;
  std::vector<OptDouble> ns_per_op;      // per scale (Scaling::scales), the median of that scale's runs
  std::vector<OptDouble> cpu_ns_per_op;  // per scale: median CPU time per operation, when the runs measured it
  std::vector<OptDouble> p50_ns;         // per scale: median of the runs' median operation latency (sampled)
  std::vector<size_t> runs;              // per scale: how many runs had this phase
  std::vector<OptDouble> ratio;          // per scale: ns_per_op / ns_per_op at the smallest scale (1.0 there)
  std::vector<OptDouble> p50_ratio;      // per scale: p50_ns / p50_ns at the smallest scale
  bool over_limit = false;               // a ratio above Scaling::limit
};

struct Scaling {
  std::vector<int64_t> scales;          // profile counts, ascending
  std::vector<size_t> files_per_scale;  // results files given at each scale
  std::optional<double> limit;          // the ratio a phase may reach
  std::optional<std::string> baseline;  // the engine the others' ratios are compared with
  std::vector<ScalingRow> rows;         // engines in first-seen order, phases in run order
  std::vector<std::string> notes;       // engines or phases missing at some scale, etc.
  // Per working set, the median of the runs' memory latency probes (empty when none probed, or when the runs
  // came from more than one machine: their latencies are not one machine's); memory_latency_runs: how many.
  std::vector<MemoryLatency> memory_latency;
  size_t memory_latency_runs = 0;
  // The same per scale (index as scales; empty where no run of that scale probed): the scales' costs are
  // comparable only if their runs met the same machine.
  std::vector<std::vector<MemoryLatency>> memory_latency_by_scale;
  std::vector<size_t> memory_latency_runs_by_scale;
  // Per span, the median of the runs' translation probes (environment.memory_latency.translation; same
  // conditions as memory_latency); translation_latency_runs: how many.
  std::vector<MemoryLatency> translation_latency;
  size_t translation_latency_runs = 0;
  bool failed = false;  // some row over the limit
  // Some row has a CPU cost (the table then shows CPU columns).
  bool has_cpu() const;
  // Some row has a p50 ratio (the table then shows p50 ratio columns).
  bool has_p50() const;
  // memory_latency's latency at its largest working set (the memory a store larger than the caches meets);
  // empty without probes.
  OptDouble load_ns() const;
  // Row r's cost per operation at scale s above the smallest scale's, in loads of load_ns(); empty without
  // probes or without both costs.
  OptDouble added_loads(const ScalingRow& r, size_t s) const;
  // Row r's ratio at scale s over the baseline engine's on the same phase; empty without a baseline, for the
  // baseline's own rows, and where either ratio is missing.
  OptDouble ratio_vs_baseline(const ScalingRow& r, size_t s) const;
};

// Per-scale probe medians this far apart (max / min at one working set) get a note.
inline constexpr double kLatencyDisagreement = 1.5;

// `runs`: one Results per results file (each may hold several engines). InvalidArgument when fewer than two
// profile counts are given, or when the files differ in anything but their counts (workload kind, seed, query
// limit, profile writes): their costs would not be comparable; also when `baseline` names no engine of the files.
Status ComputeScaling(const std::vector<Results>& runs, std::optional<double> limit, Scaling* out,
                      const std::optional<std::string>& baseline = std::nullopt);

// A table per engine: cost per operation at each scale, then (when measured) CPU per operation at each scale,
// then the ratios of the costs to the smallest scale's ("OVER" beside a ratio above the limit), then (when
// measured) the p50 latency ratios, then (with a baseline) the cost ratios relative to the baseline's; plain text
// or Markdown.
std::string RenderScaling(const Scaling& scaling, bool markdown);

// The same as data, for dashboards: {"scales": [...], "limit": x|null, "failed": bool, "rows": [{"engine",
// "phase", "ns_per_op": [...], "cpu_ns_per_op": [...], "p50_ns": [...], "runs": [...], "ratio": [...],
// "p50_ratio": [...], "added_loads": [...],
// "ratio_vs_baseline": [...], "over_limit"}], "baseline": name|null, "notes": [...], "memory_latency": {"runs": n,
// "points": [{"working_set_bytes", "ns_per_load"}], "load_ns": x|null, "by_scale": [{"profiles", "runs", "points"}],
// "translation_runs": n, "translation_points": [{"span_bytes", "ns_per_load"}]}}
// (null where a scale has no value).
nlohmann::ordered_json ScalingToJson(const Scaling& scaling);

}  // namespace kvbench::report

#endif  // KVBENCH_HOST_REPORT_SCALING_HPP_
