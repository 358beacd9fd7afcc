#include "report/exports.hpp"

#include <cmath>
#include <utility>

#include "report/metrics.hpp"

namespace kvbench::report {

namespace {

using nlohmann::json;

void Push(json* list, const std::string& name, const char* unit, OptDouble value, const std::string& extra = {}) {
  if (!value || !std::isfinite(*value)) return;
  json entry = {{"name", name}, {"unit", unit}, {"value", *value}};
  if (!extra.empty()) entry["extra"] = extra;
  list->push_back(std::move(entry));
}

void Put(json* benchmark, const char* measure, OptDouble value, OptDouble lower = std::nullopt,
         OptDouble upper = std::nullopt) {
  if (!value || !std::isfinite(*value)) return;
  json metric = {{"value", *value}};
  if (lower && std::isfinite(*lower)) metric["lower_value"] = *lower;
  if (upper && std::isfinite(*upper)) metric["upper_value"] = *upper;
  (*benchmark)[measure] = std::move(metric);
}

OptDouble TotalCpuSeconds(const Engine& e) {
  OptDouble total;
  const auto add = [&](const Measurements& m) {
    for (const OptDouble& v : {m.cpu_user_s, m.cpu_system_s}) {
      if (v) total = total.value_or(0.0) + *v;
    }
  };
  for (const Phase& p : e.phases) add(p.measurements);
  for (const Step& s : e.steps) add(s.measurements);
  return total;
}

}  // namespace

bool ParseExportFormat(const std::string& name, ExportFormat* out) {
  if (name == "github-action-benchmark") {
    *out = ExportFormat::kGithubActionBenchmark;
    return true;
  }
  if (name == "bencher") {
    *out = ExportFormat::kBencher;
    return true;
  }
  return false;
}

json GithubActionBenchmarkBigger(const Results& results) {
  json list = json::array();
  for (const Engine& e : results.engines) {
    if (!e.completed()) continue;
    for (const Phase& p : e.phases) {
      Push(&list, e.name + "/" + p.name, "ops/s", p.ops_per_s, p.checksum.empty() ? "" : "checksum " + p.checksum);
    }
    const WriteReadiness r = ComputeWriteReadiness(e);
    Push(&list, e.name + "/insert ready", "ops/s", r.insert_ready_ops_per_s);
    Push(&list, e.name + "/update ready", "ops/s", r.update_ready_ops_per_s);
  }
  return list;
}

json GithubActionBenchmarkSmaller(const Results& results) {
  json list = json::array();
  for (const Engine& e : results.engines) {
    if (!e.completed()) continue;
    for (const Phase& p : e.phases) {
      const auto& l = p.measurements.latency;
      if (!l) continue;
      Push(&list, e.name + "/" + p.name + " p50 latency", "ns", l->p50);
      Push(&list, e.name + "/" + p.name + " p99 latency", "ns", l->p99);
      Push(&list, e.name + "/" + p.name + " p99.9 latency", "ns", l->p999);
    }
    Push(&list, e.name + "/run time", "ms", e.run_ms);
    Push(&list, e.name + "/completed phase time", "ms", e.completed_phase_ms);
    Push(&list, e.name + "/pre-read stabilize", "ms", PreReadStabilizeMs(e));
    Push(&list, e.name + "/post-update stabilize", "ms", PostUpdateStabilizeMs(e));
    Push(&list, e.name + "/storage", "bytes", e.storage_bytes);
    Push(&list, e.name + "/process peak memory", "bytes", e.peak_memory_bytes);
    Push(&list, e.name + "/cpu time", "s", TotalCpuSeconds(e));
    Push(&list, e.name + "/write amplification", "x", e.amplification.write_amplification);
    Push(&list, e.name + "/space amplification", "x", e.amplification.space_amplification);
  }
  return list;
}

json BencherMetricFormat(const Results& results) {
  json out = json::object();
  for (const Engine& e : results.engines) {
    if (!e.completed()) continue;
    for (const Phase& p : e.phases) {
      json benchmark = json::object();
      Put(&benchmark, "throughput", p.ops_per_s);
      if (const auto& l = p.measurements.latency) {
        Put(&benchmark, "latency", l->p50, l->min, l->p99);
        Put(&benchmark, "latency-p99", l->p99);
        Put(&benchmark, "latency-p999", l->p999);
      }
      if (!benchmark.empty()) out[e.name + "/" + p.name] = std::move(benchmark);
    }
    const WriteReadiness r = ComputeWriteReadiness(e);
    json ready_insert = json::object(), ready_update = json::object();
    Put(&ready_insert, "throughput", r.insert_ready_ops_per_s);
    Put(&ready_update, "throughput", r.update_ready_ops_per_s);
    if (!ready_insert.empty()) out[e.name + "/insert ready"] = std::move(ready_insert);
    if (!ready_update.empty()) out[e.name + "/update ready"] = std::move(ready_update);
    json total = json::object();
    Put(&total, "run-time", e.run_ms);
    Put(&total, "completed-phase-time", e.completed_phase_ms);
    Put(&total, "storage", e.storage_bytes);
    Put(&total, "peak-memory", e.peak_memory_bytes);
    Put(&total, "cpu-time", TotalCpuSeconds(e));
    Put(&total, "write-amplification", e.amplification.write_amplification);
    Put(&total, "space-amplification", e.amplification.space_amplification);
    if (!total.empty()) out[e.name + "/total"] = std::move(total);
  }
  return out;
}

std::vector<OutputFile> RenderExport(const Results& results, ExportFormat format, std::string base) {
  if (base.size() > 5 && base.compare(base.size() - 5, 5, ".json") == 0) base.resize(base.size() - 5);
  if (format == ExportFormat::kBencher) return {{base + ".json", BencherMetricFormat(results).dump(2) + "\n"}};
  return {{base + "-bigger.json", GithubActionBenchmarkBigger(results).dump(2) + "\n"},
          {base + "-smaller.json", GithubActionBenchmarkSmaller(results).dump(2) + "\n"}};
}

Status WriteExport(const Results& results, ExportFormat format, std::string base, std::vector<std::string>* written) {
  const std::vector<OutputFile> files = RenderExport(results, format, std::move(base));
  Status s = WriteFilesTogether(files);
  if (!s.ok()) return s;
  for (const OutputFile& file : files) written->push_back(file.path);
  return Status::OK();
}

}  // namespace kvbench::report
