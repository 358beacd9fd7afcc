// BuildDocument and the sections of the published report, in its order and wording.
#include <algorithm>
#include <set>

#include "measure/latency_histogram.hpp"
#include "report/document.hpp"
#include "report/document_sections.hpp"
#include "report/format.hpp"
#include "report/metrics.hpp"

namespace kvbench::report {

void AddHeading(Document* doc, int level, std::string text) {
  Block b;
  b.kind = Block::Kind::kHeading;
  b.level = level;
  b.text = std::move(text);
  doc->blocks.push_back(std::move(b));
}

void AddParagraph(Document* doc, std::string text) {
  Block b;
  b.kind = Block::Kind::kParagraph;
  b.text = std::move(text);
  doc->blocks.push_back(std::move(b));
}

void AddBullets(Document* doc, std::vector<std::string> items) {
  Block b;
  b.kind = Block::Kind::kBullets;
  b.items = std::move(items);
  doc->blocks.push_back(std::move(b));
}

void AddChart(Document* doc, size_t chart_index) {
  Block b;
  b.kind = Block::Kind::kChart;
  b.chart = chart_index;
  doc->blocks.push_back(std::move(b));
}

Table MakeTable(std::vector<std::string> header, std::initializer_list<size_t> left_columns) {
  Table t;
  t.align.assign(header.size(), Align::kRight);
  if (!t.align.empty()) t.align[0] = Align::kLeft;
  for (size_t c : left_columns) {
    if (c < t.align.size()) t.align[c] = Align::kLeft;
  }
  t.header = std::move(header);
  return t;
}

void AddTable(Document* doc, Table table) {
  Block b;
  b.kind = Block::Kind::kTable;
  b.table = std::move(table);
  doc->blocks.push_back(std::move(b));
}

namespace {

std::string Count(const std::optional<int64_t>& v) { return v ? GroupThousands(*v) : kNotAvailable; }
std::string Text(const std::string& s) { return s.empty() ? kNotAvailable : s; }
// A non-persistent engine has no reopen step: say so rather than "n/a", which reads as "not measured".
std::string ReopenMs(const Engine& e) { return e.persistent ? FormatMs(e.reopen_ms) : "not persistent"; }

void AddCharts(const Results&, Document* doc) {
  AddHeading(doc, 2, "Charts");
  for (size_t i = 0; i < doc->charts.size(); ++i) {
    if (!doc->charts[i].engine.empty()) continue;  // throughput-over-time charts have their own section
    AddHeading(doc, 3, doc->charts[i].title);
    AddChart(doc, i);
  }
}

// A kv workload has no stabilize steps; its engines' value errors (reads that were not what was written) show here.
void AddKvTotals(const Results& results, Document* doc) {
  AddHeading(doc, 2, "Total By Engine");
  Table t = MakeTable({"Engine", "Status", "Run time", "Completed phase time", "Settle", "Reopen", "Verify", "Storage",
                       "Process peak memory", "Value errors", "Final checksum"},
                      {1, 10});
  for (const Engine& e : results.engines) {
    t.rows.push_back({e.name, e.status, FormatMs(e.run_ms), FormatMs(e.completed_phase_ms), FormatMs(e.settle_ms),
                      ReopenMs(e), FormatMs(e.verify_ms), FormatBytes(e.storage_bytes),
                      FormatBytes(e.peak_memory_bytes), FormatCount(e.value_errors), Text(e.final_checksum)});
  }
  AddTable(doc, std::move(t));
}

void AddTotals(const Results& results, Document* doc) {
  if (results.workload.is_kv()) return AddKvTotals(results, doc);
  AddHeading(doc, 2, "Total By Engine");
  Table t =
      MakeTable({"Engine", "Status", "Run time", "Completed phase time", "Pre-read stabilize", "Post-update stabilize",
                 "Settle", "Reopen", "Verify", "Storage", "Process peak memory", "Final checksum"},
                {1, 11});
  for (const Engine& e : results.engines) {
    t.rows.push_back({e.name, e.status, FormatMs(e.run_ms), FormatMs(e.completed_phase_ms),
                      FormatMs(PreReadStabilizeMs(e)), FormatMs(PostUpdateStabilizeMs(e)), FormatMs(e.settle_ms),
                      ReopenMs(e), FormatMs(e.verify_ms), FormatBytes(e.storage_bytes),
                      FormatBytes(e.peak_memory_bytes), Text(e.final_checksum)});
  }
  AddTable(doc, std::move(t));
}

void AddCorrectness(const Results& results, Document* doc) {
  AddHeading(doc, 2, "Correctness");
  const Correctness& c = results.correctness;
  AddParagraph(doc, c.message);
  if (c.mismatches.empty()) return;
  Table t = MakeTable({"Phase", "Engine", "Checksum", "Expected", "Expected from"}, {1, 2, 3, 4});
  for (const ChecksumMismatch& m : c.mismatches) {
    t.rows.push_back({m.phase, m.engine, Text(m.checksum), Text(m.expected), Text(m.expected_from)});
  }
  AddTable(doc, std::move(t));
}

void AddInterpretationNotes(const Results& results, Document* doc) {
  AddHeading(doc, 2, "Interpretation Notes");
  std::vector<std::string> names, not_persistent;
  bool latency = false, resources = false;
  std::vector<std::string> sampled;
  std::set<double> rates;  // of every phase with a latency histogram (1: every operation timed)
  // The coarsest histogram's precision bounds them all; a file that does not say has the default's.
  uint32_t sub_bucket_bits = measure::LatencyHistogram::kDefaultSubBucketBits;
  // Whether some phase timed too few operations to resolve p99.99.
  bool unresolved = false;
  for (const Engine& e : results.engines) {
    names.push_back(e.name);
    if (!e.persistent) not_persistent.push_back(e.name);
    latency = latency || e.HasLatency();
    resources = resources || e.HasResources();
    for (const Phase& p : e.phases) {
      const auto& l = p.measurements.latency;
      if (!l) continue;
      if (l->sub_bucket_bits && *l->sub_bucket_bits >= 1) {
        sub_bucket_bits = std::min(sub_bucket_bits, static_cast<uint32_t>(*l->sub_bucket_bits));
      }
      unresolved = unresolved ||
                   (l->count && *l->count < static_cast<double>(measure::LatencyHistogram::SamplesToResolve(99.99)));
      rates.insert(l->sampled_every.value_or(1));
      if (l->sampled_every && *l->sampled_every > 1) {
        sampled.push_back(e.name + " " + p.name + " (every " + FormatCount(l->sampled_every) + ")");
      }
    }
  }
  std::vector<std::string> notes;
  if (results.workload.is_kv()) {
    notes = {
        "This benchmark runs a kv workload: the phases its config names (YCSB core workloads and db_bench "
        "benchmarks as presets), single operations on one store, one client.",
        "Every value read is checked against the version the workload wrote (values derive from the record and its "
        "version); Value errors counts reads that were stale, wrong, missing, unexpected or out of order, and any "
        "fails correctness.",
        "Each engine runs embedded in its own child process of the benchmark host, so its memory, CPU and disk "
        "figures are its own.",
        "Completed phase time is the sum of measured workload phases. Run time also includes opening the engine, "
        "settle/checkpoint, reopen, verification, and closing.",
        "Storage is measured after each engine settles or checkpoints its data.",
        "Process peak memory is the peak resident set size of each engine's process.",
    };
  } else {
    notes = {
        "This benchmark measures live single-operation profile inserts, updates, reads, and indexed queries.",
        (names.empty() ? std::string("All") : JoinAnd(names)) +
            " secondary indexes are maintained by the benchmark application using separate stores.",
        "Each engine runs embedded in its own child process of the benchmark host, so its memory, CPU and disk "
        "figures are its own.",
        "Completed phase time is the sum of measured workload phases. Run time also includes opening the engine, "
        "stabilization, settle/checkpoint, reopen, verification, and closing.",
        "The write throughput chart includes raw write phases and derived write-readiness bars that add the "
        "following stabilization phase.",
        "Storage is measured after each engine settles or checkpoints its data.",
        "Process peak memory is the peak resident set size of each engine's process.",
    };
  }
  if (!not_persistent.empty()) {
    notes.push_back(JoinAnd(not_persistent) + (not_persistent.size() == 1 ? " is" : " are") +
                    " not persistent (the plugin does not declare KVB_CAP_PERSISTENT): no reopen step, and verify "
                    "read the live engine.");
  }
  if (latency) {
    const double error = measure::LatencyHistogram::MaxRelativeError(sub_bucket_bits);
    notes.push_back("Latency percentiles are per logical operation, from a log-linear histogram: each is within 1/" +
                    FormatFixed(1.0 / error, 0) + " (" + FormatFixed(error * 100.0, 2) +
                    "%) of the timed latency at its rank.");
  }
  if (unresolved) {
    const auto needs = [](const char* name, double percentile) {
      return std::string(name) + " " +
             GroupThousands(static_cast<int64_t>(measure::LatencyHistogram::SamplesToResolve(percentile)));
    };
    notes.push_back("A percentile p needs at least 1 / (1 - p) timed operations (" + needs("p99", 99.0) + ", " +
                    needs("p99.9", 99.9) + ", " + needs("p99.99", 99.99) +
                    "): with fewer it would only repeat the slowest one (Max), so it is shown as n/a; Samples in the "
                    "Latency tables gives each phase's count.");
  }
  if (rates.size() == 1 && *rates.begin() > 1) {
    notes.push_back("Latency was sampled in every phase: one operation in " + FormatCount(*rates.begin()) +
                    " timed, at randomized gaps.");
  } else if (!sampled.empty()) {
    notes.push_back("Latency was sampled (one operation timed in n) for: " + Join(sampled, ", ") + ".");
  }
  if (resources) {
    notes.push_back(
        "CPU is user and system time of the engine's process including background threads; disk I/O is the "
        "process's read_bytes and write_bytes from /proc/self/io.");
  }
  if (results.source_files.size() > 1) {
    notes.push_back("This report merges " + std::to_string(results.source_files.size()) +
                    " results files of the same workload; see Environment for where each engine ran.");
  }
  AddBullets(doc, std::move(notes));
}

void AddWriteReadiness(const Results& results, Document* doc) {
  AddHeading(doc, 2, "Write Readiness");
  Table t = MakeTable({"Engine", "Insert", "Pre-read stabilize", "Insert + stabilize", "Insert ready throughput",
                       "Update", "Post-update stabilize", "Update + stabilize", "Update ready throughput"});
  for (const Engine& e : results.engines) {
    const WriteReadiness r = ComputeWriteReadiness(e);
    t.rows.push_back({e.name, FormatMs(r.insert_ms), FormatMs(r.pre_read_stabilize_ms),
                      FormatMs(r.insert_plus_stabilize_ms), FormatRate(r.insert_ready_ops_per_s), FormatMs(r.update_ms),
                      FormatMs(r.post_update_stabilize_ms), FormatMs(r.update_plus_stabilize_ms),
                      FormatRate(r.update_ready_ops_per_s)});
  }
  AddTable(doc, std::move(t));
}

void AddPhaseResults(const Results& results, Document* doc) {
  AddHeading(doc, 2, "Phase Results");
  for (const Engine& e : results.engines) {
    AddHeading(doc, 3, e.name);
    if (e.phases.empty()) {
      AddParagraph(doc, "No phase completed.");
      continue;
    }
    const bool latency = e.HasLatency();
    const bool kv = results.workload.is_kv();
    std::vector<std::string> header = {"Phase", "Operations", "Time", "Throughput", "Checksum"};
    if (latency) header.insert(header.end(), {"p50", "p99", "p99.9"});
    if (kv) header.insert(header.end(), {"Value errors", "Hottest 1%"});
    Table t = MakeTable(std::move(header), {4});
    for (const Phase& p : e.phases) {
      std::vector<std::string> row = {p.name, FormatCount(p.operations), FormatMs(p.elapsed_ms),
                                      FormatRate(p.ops_per_s), Text(p.checksum)};
      if (latency) {
        const auto& l = p.measurements.latency;
        row.push_back(FormatNanos(l ? l->p50 : std::nullopt));
        row.push_back(FormatNanos(l ? l->p99 : std::nullopt));
        row.push_back(FormatNanos(l ? l->p999 : std::nullopt));
      }
      if (kv) {
        row.push_back(FormatCount(p.kv ? p.kv->value_errors : std::nullopt));
        row.push_back(p.kv && p.kv->hottest_1pct_share ? FormatFixed(*p.kv->hottest_1pct_share * 100.0, 1) + "%"
                                                       : std::string(kNotAvailable));
      }
      t.rows.push_back(std::move(row));
    }
    AddTable(doc, std::move(t));
  }
}

void AddConfiguration(const Results& results, Document* doc) {
  if (results.workload.is_kv()) return AddKvConfiguration(results, doc);
  AddHeading(doc, 2, "Configuration");
  const Workload& w = results.workload;
  std::vector<std::string> items = {
      "Profiles: " + Count(w.profiles),
      "Profile writes: " + w.profile_writes,
      "UserId reads: " + Count(w.reads),
      "Email lookups: " + Count(w.email_reads),
      "Query count: " + Count(w.queries),
      "Profile updates: " + Count(w.updates),
      "Post-update UserId reads: " + Count(w.post_reads),
      "Post-update email lookups: " + Count(w.post_email_reads),
      "Post-update query count: " + Count(w.post_queries),
      "Query limit: " + (w.query_limit ? std::to_string(*w.query_limit) : std::string(kNotAvailable)),
      "Seed: " + (w.seed ? std::to_string(*w.seed) : std::string(kNotAvailable)),
      "Timeout: " +
          (w.timeout_seconds ? GroupThousands(*w.timeout_seconds) + " seconds per engine" : std::string(kNotAvailable)),
  };
  std::vector<std::string> finished;
  for (const std::string& c : results.created_at) finished.push_back(Text(c));
  items.push_back("Run finished (UTC): " + Join(finished, ", "));
  AddBullets(doc, std::move(items));
}

void AddEnvironment(const Results& results, Document* doc) {
  AddHeading(doc, 2, "Environment");
  for (size_t k = 0; k < results.environments.size(); ++k) {
    const Environment& env = results.environments[k];
    std::vector<std::string> engines, working_sets;
    for (const Engine& e : results.engines) {
      if (e.environment_index != k) continue;
      engines.push_back(e.name);
      working_sets.push_back(e.name + " " + FormatBytes(e.host_memory_before_open_bytes));
    }
    if (results.environments.size() > 1) {
      AddHeading(doc, 3,
                 "Machine " + std::to_string(k + 1) + ": " + (engines.empty() ? "no engines" : Join(engines, ", ")));
    }
    std::string version = Text(env.kvbench_version);
    if (!env.git_revision.empty()) version += " (git " + env.git_revision + ")";
    std::vector<std::string> items = {
        "OS: " + Text(env.os),
        "Kernel: " + Text(env.kernel),
        "Architecture: " + Text(env.architecture),
        "Compiler: " + Text(env.compiler),
        "Build type: " + Text(env.build_type),
        "kvbench: " + version,
        "CPU: " + Text(env.cpu_model),
        "Logical processors: " + FormatCount(env.logical_processors),
        "Total available memory: " + FormatBytes(env.total_memory_bytes),
        "Initial engine process working set: " +
            (working_sets.empty() ? std::string(kNotAvailable) : Join(working_sets, ", ")),
    };
    if (!env.memory_latency.empty()) {
      items.push_back("Memory latency (one dependent load, by working set; 4 KiB pages): " +
                      DescribeMemoryLatency(env.memory_latency));
    }
    if (!env.translation_latency.empty()) {
      items.push_back("Address translation (one dependent load, one line in each 4 KiB page, by span): " +
                      DescribeMemoryLatency(env.translation_latency));
    }
    AddBullets(doc, std::move(items));
  }
}

void AddEngineSettings(const Results& results, Document* doc) {
  AddHeading(doc, 2, "Engine Settings");
  for (const Engine& e : results.engines) {
    AddHeading(doc, 3, e.name);
    if (e.settings.empty()) {
      AddParagraph(doc, "No settings reported.");
      continue;
    }
    std::vector<std::string> items;
    for (const auto& [key, value] : e.settings) items.push_back(key + ": " + value);
    AddBullets(doc, std::move(items));
  }
}

void AddDurability(const Results& results, Document* doc) {
  AddHeading(doc, 2, "Durability Settings");
  std::vector<std::string> items;
  for (const Engine& e : results.engines) items.push_back(e.name + ": " + Text(e.durability));
  AddBullets(doc, std::move(items));
}

}  // namespace

void AddPublishedSections(const Results& results, Document* doc) {
  AddCharts(results, doc);
  AddTotals(results, doc);
  AddCorrectness(results, doc);
  AddInterpretationNotes(results, doc);
  if (!results.workload.is_kv()) AddWriteReadiness(results, doc);
  AddPhaseResults(results, doc);
  if (results.workload.is_kv()) AddKvPhaseDetails(results, doc);
  AddConfiguration(results, doc);
  AddEnvironment(results, doc);
  AddEngineSettings(results, doc);
  AddDurability(results, doc);
}

Document BuildDocument(const Results& results) {
  Document doc;
  if (results.workload.is_kv()) {
    doc.title = results.workload.records
                    ? "Benchmark " + FormatProfileCount(*results.workload.records) + " Records (kv workload)"
                    : std::string("Benchmark kv workload");
  } else {
    doc.title = results.workload.profiles ? "Benchmark " + FormatProfileCount(*results.workload.profiles) + " Profiles"
                                        : std::string("Benchmark Profiles");
  }
  doc.charts = BuildMainCharts(results);
  for (Chart& c : BuildTimelineCharts(results)) doc.charts.push_back(std::move(c));
  AddPublishedSections(results, &doc);
  AddMeasurementSections(results, &doc);
  return doc;
}

}  // namespace kvbench::report
