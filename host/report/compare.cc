#include "report/compare.hpp"

#include <algorithm>
#include <cmath>

#include "report/format.hpp"
#include "report/markdown_writer.hpp"
#include "report/metrics.hpp"
#include "report/text_table.hpp"

namespace kvbench::report {

namespace {

OptDouble Change(OptDouble base, OptDouble cur) {
  if (!base || !cur || *base == 0) return std::nullopt;
  return (*cur - *base) / *base * 100.0;
}

// A throughput: fails when it falls by more than the threshold.
CompareRow Throughput(const std::string& engine, const std::string& metric, OptDouble base, OptDouble cur,
                      double threshold) {
  CompareRow row{engine, metric, FormatRate(base), FormatRate(cur), Change(base, cur), "", false};
  if (!row.change_pct) {
    row.verdict = base && !cur ? "MISSING" : "";
    row.failed = base && !cur;
  } else if (*row.change_pct < -threshold) {
    row.verdict = "REGRESSION";
    row.failed = true;
  } else if (*row.change_pct > threshold) {
    row.verdict = "improved";
  } else {
    row.verdict = "ok";
  }
  return row;
}

// A smaller-is-better figure, for information.
CompareRow Informational(const std::string& engine, const std::string& metric, std::string base_text,
                         std::string cur_text, OptDouble base, OptDouble cur, double threshold) {
  CompareRow row{engine, metric, std::move(base_text), std::move(cur_text), Change(base, cur), "", false};
  if (row.change_pct) {
    row.verdict = *row.change_pct > threshold ? "worse" : *row.change_pct < -threshold ? "better" : "ok";
  }
  return row;
}

const Engine* FindEngine(const Results& r, const std::string& name) {
  for (const Engine& e : r.engines) {
    if (e.name == name) return &e;
  }
  return nullptr;
}

// The first workload parameter in which a and b differ ("seed 1 vs 2"), or "" when they ran the same workload.
std::string WorkloadDifference(const Workload& a, const Workload& b) {
  if (a.kind != b.kind) return "kind " + a.kind + " vs " + b.kind;
  const auto n = [](const std::optional<int64_t>& v) { return v ? std::to_string(*v) : std::string("absent"); };
  const std::pair<const char*, std::optional<int64_t> Workload::*> fields[] = {
      {"profiles", &Workload::profiles},
      {"seed", &Workload::seed},
      {"query_limit", &Workload::query_limit},
      {"reads", &Workload::reads},
      {"email_reads", &Workload::email_reads},
      {"queries", &Workload::queries},
      {"updates", &Workload::updates},
      {"post_reads", &Workload::post_reads},
      {"post_email_reads", &Workload::post_email_reads},
      {"post_queries", &Workload::post_queries},
  };
  for (const auto& [name, field] : fields) {
    if (a.*field != b.*field) return std::string(name) + " " + n(a.*field) + " vs " + n(b.*field);
  }
  if (a.records != b.records) return "records " + n(a.records) + " vs " + n(b.records);
  if (a.kv != b.kv) return "the kv workload's phases, keys or values";
  return "";
}

void CompareEngine(const Engine& b, const Engine& c, Comparison* out) {
  const double t = out->threshold_pct;
  // Checksums first.
  for (const Phase& bp : b.phases) {
    const Phase* cp = c.FindPhase(bp.name);
    if (cp == nullptr || bp.checksum.empty() || cp->checksum.empty()) continue;
    ++out->checksums_compared;
    if (bp.checksum != cp->checksum) {
      out->checksum_rows.push_back({b.name, bp.name, bp.checksum, cp->checksum, std::nullopt, "CHANGED", true});
    }
  }
  if (!b.final_checksum.empty() && !c.final_checksum.empty()) {
    ++out->checksums_compared;
    if (b.final_checksum != c.final_checksum) {
      out->checksum_rows.push_back(
          {b.name, "final checksum", b.final_checksum, c.final_checksum, std::nullopt, "CHANGED", true});
    }
  }
  if (b.completed() && !c.completed()) {
    out->rows.push_back({b.name, "status", b.status, c.status, std::nullopt, "FAILED", true});
  } else if (b.status != c.status) {
    out->rows.push_back({b.name, "status", b.status, c.status, std::nullopt, "", false});
  }
  for (const Phase& bp : b.phases) {
    const Phase* cp = c.FindPhase(bp.name);
    out->rows.push_back(Throughput(b.name, bp.name, bp.ops_per_s, cp ? cp->ops_per_s : std::nullopt, t));
    const auto& bl = bp.measurements.latency;
    const auto& cl = cp ? cp->measurements.latency : std::nullopt;
    if (bl && cl && bl->p99 && cl->p99) {
      out->rows.push_back(Informational(b.name, bp.name + " p99 latency", FormatNanos(bl->p99), FormatNanos(cl->p99),
                                        bl->p99, cl->p99, t));
    }
  }
  const WriteReadiness br = ComputeWriteReadiness(b), cr = ComputeWriteReadiness(c);
  if (br.insert_ready_ops_per_s) {
    out->rows.push_back(Throughput(b.name, "insert ready", br.insert_ready_ops_per_s, cr.insert_ready_ops_per_s, t));
  }
  if (br.update_ready_ops_per_s) {
    out->rows.push_back(Throughput(b.name, "update ready", br.update_ready_ops_per_s, cr.update_ready_ops_per_s, t));
  }
  const auto ms = [&](const char* metric, OptDouble bv, OptDouble cv) {
    out->rows.push_back(Informational(b.name, metric, FormatMs(bv), FormatMs(cv), bv, cv, t));
  };
  const auto bytes = [&](const char* metric, OptDouble bv, OptDouble cv) {
    out->rows.push_back(Informational(b.name, metric, FormatBytes(bv), FormatBytes(cv), bv, cv, t));
  };
  ms("run time", b.run_ms, c.run_ms);
  ms("completed phase time", b.completed_phase_ms, c.completed_phase_ms);
  ms("pre-read stabilize", PreReadStabilizeMs(b), PreReadStabilizeMs(c));
  ms("post-update stabilize", PostUpdateStabilizeMs(b), PostUpdateStabilizeMs(c));
  bytes("storage", b.storage_bytes, c.storage_bytes);
  bytes("process peak memory", b.peak_memory_bytes, c.peak_memory_bytes);
}

}  // namespace

Status Compare(const Results& baseline, const Results& current, double threshold_pct, Comparison* out) {
  if (const std::string diff = WorkloadDifference(baseline.workload, current.workload); !diff.empty()) {
    return Status::InvalidArgument("baseline and current ran different workloads (" + diff +
                                   "); compare runs of the same workload");
  }
  const auto names = [](const Results& r) {
    std::string list;
    for (const Engine& e : r.engines) list += (list.empty() ? "" : ", ") + e.name;
    return list.empty() ? std::string("none") : list;
  };
  if (std::none_of(baseline.engines.begin(), baseline.engines.end(),
                   [&](const Engine& b) { return FindEngine(current, b.name) != nullptr; })) {
    return Status::InvalidArgument("no engine is in both files (baseline: " + names(baseline) +
                                   "; current: " + names(current) + "); nothing to compare");
  }
  *out = Comparison();
  out->threshold_pct = threshold_pct;
  for (const Engine& b : baseline.engines) {
    const Engine* c = FindEngine(current, b.name);
    if (c == nullptr) {
      out->notes.push_back("engine " + b.name + " is only in the baseline; not compared");
      continue;
    }
    CompareEngine(b, *c, out);
  }
  for (const Engine& c : current.engines) {
    if (FindEngine(baseline, c.name) == nullptr) {
      out->notes.push_back("engine " + c.name + " is only in the current results; not compared");
    }
  }
  out->failed = !out->checksum_rows.empty() ||
                std::any_of(out->rows.begin(), out->rows.end(), [](const CompareRow& r) { return r.failed; });
  return Status::OK();
}

std::string RenderComparison(const Comparison& cmp, bool markdown) {
  const auto table = [&](const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows) {
    return markdown ? MarkdownTable(header, rows) : PlainTable(header, rows);
  };
  std::string out;
  const std::string heading = markdown ? "### " : "";
  out += heading + "Checksums: " + std::to_string(cmp.checksums_compared) + " compared, " +
         std::to_string(cmp.checksum_rows.size()) + " changed\n";
  if (!cmp.checksum_rows.empty()) {
    std::vector<std::vector<std::string>> rows;
    for (const CompareRow& r : cmp.checksum_rows)
      rows.push_back({r.engine, r.metric, r.baseline, r.current, r.verdict});
    out += "\n" + table({"Engine", "Phase", "Baseline", "Current", "Result"}, rows);
  }
  std::vector<std::vector<std::string>> rows;
  for (const CompareRow& r : cmp.rows) {
    rows.push_back({r.engine, r.metric, r.baseline, r.current, FormatPercentChange(r.change_pct), r.verdict});
  }
  out += "\n" + heading + "Phases and totals (threshold " + FormatFixed(cmp.threshold_pct, 1) + "%)\n\n";
  out += table({"Engine", "Phase", "Baseline", "Current", "Change", "Verdict"}, rows);
  for (const std::string& note : cmp.notes) out += "\nNote: " + note;
  if (!cmp.notes.empty()) out += "\n";
  out += std::string("\n") + (cmp.failed ? "Result: FAILED (checksum changed, engine failed or throughput fell by more "
                                           "than the threshold)\n"
                                         : "Result: passed\n");
  return out;
}

}  // namespace kvbench::report
