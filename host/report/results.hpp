// The reporter's view of results files (schema v1, docs/results-schema.md): what the tables and charts need, with
// every value that may be missing or null held as std::optional (shown as "n/a"). Unknown members are ignored.
// Several files are merged into one Results: engines run separately or on different machines, same workload.
#ifndef KVBENCH_HOST_REPORT_RESULTS_HPP_
#define KVBENCH_HOST_REPORT_RESULTS_HPP_

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/status.hpp"

namespace kvbench::report {

using OptDouble = std::optional<double>;

struct Latency {  // nanoseconds
  // count: the timed operations (samples). A percentile the count cannot resolve (fewer than
  // measure::LatencyHistogram::SamplesToResolve samples: it would be the maximum) is not known, whatever the file
  // says.
  OptDouble count, sampled_every, min, max, mean, p50, p90, p99, p999, p9999;
  OptDouble sub_bucket_bits;  // of the file's histogram
};

struct Timeline {
  double interval_ms = 1000.0;
  std::vector<double> ops;        // operations completed in each interval
  std::vector<double> rss_bytes;  // sampled RSS per interval (may be empty)
  OptDouble last_interval_ms;     // length of the last (usually partial) interval, when recorded
};

struct Measurements {
  std::optional<Latency> latency;
  std::optional<Timeline> timeline;
  OptDouble cpu_user_s, cpu_system_s;
  OptDouble io_read_bytes, io_write_bytes;
  OptDouble peak_rss_bytes;
  bool empty() const {
    return !latency && !timeline && !cpu_user_s && !cpu_system_s && !io_read_bytes && !io_write_bytes &&
           !peak_rss_bytes;
  }
};

// What a kv workload's phase adds (its "kv" member).
struct KvPhaseDetails {
  OptDouble value_errors;         // reads that were not what was written
  OptDouble hottest_1pct_share;   // share of key-addressed operations on the hottest 1% of records
  OptDouble background_ops;       // the background writer's overwrites (phases with one)
  std::optional<Latency> background_latency;
  bool latency_from_schedule = false;  // rate-limited: coordinated-omission corrected
};

struct Phase {
  std::string name;
  OptDouble operations, elapsed_ms, ops_per_s;
  std::string checksum;  // empty when unknown
  Measurements measurements;
  std::optional<KvPhaseDetails> kv;  // kv workloads only
};

struct Step {
  std::string name;
  OptDouble elapsed_ms;
  Measurements measurements;
};

struct Amplification {
  OptDouble logical_bytes_written, disk_bytes_written, write_amplification;
  OptDouble live_logical_bytes, space_amplification;
};

// The "deep_verify" member of an engine (workload.deep_verify runs only).
struct DeepVerifySummary {
  bool clean = false;
  uint64_t missing = 0, wrong = 0, stale = 0, extra = 0, orphans = 0, in_flight_partial = 0, lost_ids = 0;
  OptDouble elapsed_ms;
};

struct Engine {
  std::string name;
  std::string plugin_name, plugin_version;
  std::string status;                            // Completed | Failed | TimedOut | Crashed (or whatever the file says)
  std::string error, signal, interrupted_phase;  // empty when null
  std::vector<std::pair<std::string, std::string>> settings;  // in file order, values as text
  std::string durability;                                     // empty when null
  std::vector<Phase> phases;
  std::vector<Step> steps;
  OptDouble pre_read_stabilize_ms, post_update_stabilize_ms, settle_ms, reopen_ms, verify_ms;
  OptDouble run_ms, completed_phase_ms;
  // peak_memory_bytes: the file's, raised to the highest peak RSS of a phase or step (older files could hold a
  // ru_maxrss below a sampled peak: docs/results-schema.md).
  OptDouble storage_bytes, peak_memory_bytes, host_memory_before_open_bytes;
  std::string final_checksum;
  bool persistent = true;  // false when the file says "persistent": false (no reopen step: reopen_ms is null)
  std::optional<DeepVerifySummary> deep_verify;
  OptDouble value_errors, verified_record_count;  // kv workloads only
  Amplification amplification;
  size_t environment_index = 0;  // into Results::environments

  bool completed() const { return status == "Completed"; }
  const Phase* FindPhase(const std::string& phase_name) const;
  const Step* FindStep(const std::string& step_name) const;
  bool HasLatency() const;
  bool HasTimeline() const;
  bool HasResources() const;  // cpu, io or memory measurements in any phase or step
};

struct MemoryLatency {  // one point of the machine's memory latency probe
  double working_set_bytes = 0.0, ns_per_load = 0.0;
};

struct Environment {
  std::string os, kernel, architecture, cpu_model, compiler, build_type, kvbench_version, git_revision;
  OptDouble logical_processors, total_memory_bytes;
  std::vector<MemoryLatency> memory_latency;  // by working set, ascending; empty when not probed
  // The translation probe (one line in each 4 KiB page of a span; working_set_bytes is the span), ascending; empty
  // when not probed (files written before it was).
  std::vector<MemoryLatency> translation_latency;
  // The member as read without its measurements (memory_latency), to tell machines apart in merged files: two
  // runs on one machine probe slightly different latencies.
  nlohmann::ordered_json raw;
};

struct Workload {
  std::string kind;
  std::optional<int64_t> profiles, seed, query_limit, reads, email_reads, queries, updates, post_reads,
      post_email_reads, post_queries, timeout_seconds;
  std::string profile_writes;  // "individual operations" unless the file says otherwise
  // Kind "kv": the record count and the workload member as written, without timeout_seconds (two files ran the
  // same kv workload when these are equal).
  std::optional<int64_t> records;
  nlohmann::ordered_json kv;

  bool is_kv() const { return kind == "kv"; }
  // What a scaling series varies: the profile count, or a kv workload's record count.
  std::optional<int64_t> scale() const { return is_kv() ? records : profiles; }
};

struct ChecksumMismatch {
  std::string phase, engine, checksum, expected, expected_from;
};

struct Correctness {
  bool passed = true;
  std::vector<std::string> engines_compared;
  std::vector<ChecksumMismatch> mismatches;
  std::string message;
};

struct Results {
  std::vector<std::string> source_files;
  std::vector<std::string> created_at;  // one per file
  Workload workload;
  std::vector<Environment> environments;  // distinct environments, in first-seen order
  std::vector<Engine> engines;
  Correctness correctness;
};

// Parses one results document. InvalidArgument when it is not a schema-1 results object.
Status ParseResults(const nlohmann::ordered_json& doc, const std::string& source_name, Results* out);
// Reads and parses one file.
Status LoadResultsFile(const std::string& path, Results* out);
// Reads every file and merges them: same workload required (InvalidArgument naming the differing member);
// engines in file order; an engine name seen twice is an error; correctness is recomputed across all engines.
Status LoadAndMerge(const std::vector<std::string>& paths, Results* out);

// Compares the phase checksums (and final checksums) of the completed engines against the first completed engine
// that has each phase, plus any mismatch the files recorded; fills `results->correctness`.
void ComputeCorrectness(Results* results, const std::vector<ChecksumMismatch>& recorded);

// "16.0 KB 1.4 ns, 64.0 KB 4.1 ns, ..., 256.0 MB 293.0 ns" ("" when empty).
std::string DescribeMemoryLatency(const std::vector<MemoryLatency>& points);

}  // namespace kvbench::report

#endif  // KVBENCH_HOST_REPORT_RESULTS_HPP_
