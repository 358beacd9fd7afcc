// Reading and merging results files. Tolerant by design: unknown members are ignored, a missing or null optional
// member becomes "not known"; only a document that is not a results object at all, or a member of the wrong
// type where one is required (engines, phases), is an error.
#include <algorithm>
#include <cstdint>
#include <map>
#include <set>

#include "common/read_file.hpp"
#include "config/json_reader.hpp"
#include "measure/latency_histogram.hpp"
#include "report/results.hpp"

namespace kvbench::report {

namespace {

using json = nlohmann::ordered_json;

// Every figure a results file holds is a count, a size, a time or a ratio: 0 or more, and far below this (10^18
// bytes, ops or ns). A file with a negative or absurd figure is not trusted with it: printed, it became a negative
// count; scaled into a chart, inf or nan coordinates.
constexpr double kLargestFigure = 1e18;

OptDouble Num(const json& obj, const char* key) {
  if (!obj.is_object()) return std::nullopt;
  auto it = obj.find(key);
  if (it == obj.end() || !it->is_number()) return std::nullopt;
  const double v = it->get<double>();
  if (!(v >= 0 && v <= kLargestFigure)) return std::nullopt;  // also false for nan
  return v;
}

std::optional<int64_t> Int(const json& obj, const char* key) {
  if (!obj.is_object()) return std::nullopt;
  auto it = obj.find(key);
  if (it == obj.end()) return std::nullopt;
  if (it->is_number_integer()) return it->get<int64_t>();
  if (it->is_number_unsigned()) {
    const uint64_t v = it->get<uint64_t>();
    return v <= static_cast<uint64_t>(INT64_MAX) ? std::optional<int64_t>(static_cast<int64_t>(v)) : std::nullopt;
  }
  if (it->is_number_float()) {  // converted only when it fits: a cast of 1e300 is undefined
    const double v = it->get<double>();
    return v >= -9.2e18 && v <= 9.2e18 ? std::optional<int64_t>(static_cast<int64_t>(v)) : std::nullopt;
  }
  return std::nullopt;
}

std::string Str(const json& obj, const char* key) {
  if (!obj.is_object()) return {};
  auto it = obj.find(key);
  if (it == obj.end() || it->is_null()) return {};
  if (it->is_string()) return it->get<std::string>();
  return it->dump();
}

const json& Member(const json& obj, const char* key) {
  static const json kNull;
  if (!obj.is_object()) return kNull;
  auto it = obj.find(key);
  return it == obj.end() ? kNull : *it;
}

std::optional<Latency> ParseLatency(const json& lat) {
  if (lat.is_object()) {
    Latency l;
    l.count = Num(lat, "count");
    l.sampled_every = Num(lat, "sampled_every");
    l.min = Num(lat, "min");
    l.max = Num(lat, "max");
    l.mean = Num(lat, "mean");
    l.p50 = Num(lat, "p50");
    l.p90 = Num(lat, "p90");
    l.p99 = Num(lat, "p99");
    l.p999 = Num(lat, "p999");
    l.p9999 = Num(lat, "p9999");
    l.sub_bucket_bits = Num(Member(lat, "histogram"), "sub_bucket_bits");
    if (l.count) {
      const std::pair<OptDouble*, double> percentiles[] = {
          {&l.p50, 50.0}, {&l.p90, 90.0}, {&l.p99, 99.0}, {&l.p999, 99.9}, {&l.p9999, 99.99}};
      for (const auto& [value, percentile] : percentiles) {
        if (*l.count < static_cast<double>(measure::LatencyHistogram::SamplesToResolve(percentile))) value->reset();
      }
    }
    return l;
  }
  return std::nullopt;
}

Measurements ParseMeasurements(const json& m) {
  Measurements out;
  if (!m.is_object()) return out;
  out.latency = ParseLatency(Member(m, "latency"));
  const json& tl = Member(m, "timeline");
  if (tl.is_object() && Member(tl, "ops").is_array()) {
    Timeline t;
    t.interval_ms = Num(tl, "interval_ms").value_or(1000.0);
    if (t.interval_ms <= 0) t.interval_ms = 1000.0;
    t.last_interval_ms = Num(tl, "last_interval_ms");
    for (const json& v : Member(tl, "ops")) t.ops.push_back(v.is_number() ? v.get<double>() : 0.0);
    if (Member(tl, "rss_bytes").is_array()) {
      for (const json& v : Member(tl, "rss_bytes")) t.rss_bytes.push_back(v.is_number() ? v.get<double>() : 0.0);
    }
    out.timeline = std::move(t);
  }
  out.cpu_user_s = Num(Member(m, "cpu"), "user_s");
  out.cpu_system_s = Num(Member(m, "cpu"), "system_s");
  out.io_read_bytes = Num(Member(m, "io"), "read_bytes");
  out.io_write_bytes = Num(Member(m, "io"), "write_bytes");
  out.peak_rss_bytes = Num(Member(m, "memory"), "peak_rss_bytes");
  return out;
}

Status ParseEngine(const json& e, const std::string& where, Engine* out) {
  if (!e.is_object()) return Status::InvalidArgument(where + ": an engine entry is not an object");
  out->name = Str(e, "name");
  if (out->name.empty()) return Status::InvalidArgument(where + ": an engine has no name");
  const json& plugin = Member(e, "plugin");
  // The likeliest wrong file has the same shape: a run config names its engines' plugins where results describe
  // the loaded plugin.
  if (plugin.is_string()) {
    return Status::InvalidArgument(where + ": engine " + out->name +
                                   ": 'plugin' is a plugin name, as in a run config (not a kvbench results file?)");
  }
  out->plugin_name = Str(plugin, "name");
  out->plugin_version = Str(plugin, "version");
  out->status = Str(e, "status");
  if (out->status.empty()) out->status = "Unknown";
  out->error = Str(e, "error");
  out->signal = Str(e, "signal");
  out->interrupted_phase = Str(e, "interrupted_phase");
  const json& settings = Member(e, "settings");
  if (settings.is_object()) {
    for (auto it = settings.begin(); it != settings.end(); ++it) {
      out->settings.emplace_back(it.key(), it->is_string() ? it->get<std::string>() : it->dump());
    }
  }
  out->durability = Str(e, "durability");
  const json& phases = Member(e, "phases");
  if (!phases.is_null() && !phases.is_array()) {
    return Status::InvalidArgument(where + ": engine " + out->name + ": 'phases' is not an array");
  }
  if (phases.is_array()) {
    for (const json& p : phases) {
      if (!p.is_object()) return Status::InvalidArgument(where + ": engine " + out->name + ": bad phase entry");
      Phase phase;
      phase.name = Str(p, "name");
      phase.operations = Num(p, "operations");
      phase.elapsed_ms = Num(p, "elapsed_ms");
      phase.ops_per_s = Num(p, "ops_per_s");
      // The workload's definition, for files that carry only operations and time.
      if (!phase.ops_per_s && phase.operations && phase.elapsed_ms) {
        phase.ops_per_s = *phase.operations / std::max(*phase.elapsed_ms / 1000.0, 0.001);
      }
      phase.checksum = Str(p, "checksum");
      phase.measurements = ParseMeasurements(Member(p, "measurements"));
      if (const json& kv = Member(p, "kv"); kv.is_object()) {
        KvPhaseDetails d;
        d.value_errors = Num(Member(kv, "value_errors"), "total");
        d.hottest_1pct_share = Num(kv, "hottest_1pct_share");
        d.background_ops = Num(Member(kv, "background"), "operations");
        d.background_latency = ParseLatency(Member(Member(kv, "background"), "latency"));
        d.latency_from_schedule = Member(kv, "latency_from_schedule") == json(true);
        phase.kv = d;
      }
      out->phases.push_back(std::move(phase));
    }
  }
  const json& steps = Member(e, "steps");
  if (steps.is_array()) {
    for (const json& s : steps) {
      if (!s.is_object()) continue;
      Step step;
      step.name = Str(s, "name");
      step.elapsed_ms = Num(s, "elapsed_ms");
      step.measurements = ParseMeasurements(Member(s, "measurements"));
      out->steps.push_back(std::move(step));
    }
  }
  out->pre_read_stabilize_ms = Num(e, "pre_read_stabilize_ms");
  out->post_update_stabilize_ms = Num(e, "post_update_stabilize_ms");
  out->settle_ms = Num(e, "settle_ms");
  out->reopen_ms = Num(e, "reopen_ms");
  out->verify_ms = Num(e, "verify_ms");
  out->run_ms = Num(e, "run_ms");
  out->completed_phase_ms = Num(e, "completed_phase_ms");
  out->storage_bytes = Num(e, "storage_bytes");
  out->peak_memory_bytes = Num(e, "peak_memory_bytes");
  if (out->peak_memory_bytes) {
    for (const Phase& p : out->phases) {
      if (p.measurements.peak_rss_bytes) {
        out->peak_memory_bytes = std::max(*out->peak_memory_bytes, *p.measurements.peak_rss_bytes);
      }
    }
    for (const Step& s : out->steps) {
      if (s.measurements.peak_rss_bytes) {
        out->peak_memory_bytes = std::max(*out->peak_memory_bytes, *s.measurements.peak_rss_bytes);
      }
    }
  }
  out->host_memory_before_open_bytes = Num(e, "host_memory_before_open_bytes");
  out->final_checksum = Str(e, "final_checksum");
  out->persistent = Member(e, "persistent") != json(false);
  if (const json& deep = Member(e, "deep_verify"); deep.is_object()) {
    DeepVerifySummary d;
    const json& clean = Member(deep, "clean");
    if (!clean.is_null() && !clean.is_boolean()) {
      std::string shown = clean.dump(-1, ' ', false, json::error_handler_t::replace);
      if (shown.size() > 40) shown = shown.substr(0, 37) + "...";
      return Status::InvalidArgument(where + ": engine " + out->name + ": deep_verify.clean is " + shown +
                                     ", not true or false");
    }
    d.clean = clean.is_boolean() && clean.get<bool>();
    const auto count = [&](const char* key) {
      const json& v = Member(deep, key);
      return v.is_number_unsigned() ? v.get<uint64_t>() : uint64_t{0};
    };
    d.missing = count("missing");
    d.wrong = count("wrong");
    d.stale = count("stale");
    d.extra = count("extra");
    d.orphans = count("orphans");
    d.in_flight_partial = count("in_flight_partial");
    d.lost_ids = count("lost_ids");
    d.elapsed_ms = Num(deep, "elapsed_ms");
    out->deep_verify = d;
  }
  out->value_errors = Num(Member(e, "value_errors"), "total");
  out->verified_record_count = Num(e, "verified_record_count");
  const json& amp = Member(e, "amplification");
  Amplification& a = out->amplification;
  a.logical_bytes_written = Num(amp, "logical_bytes_written");
  a.disk_bytes_written = Num(amp, "disk_bytes_written");
  a.write_amplification = Num(amp, "write_amplification");
  a.live_logical_bytes = Num(amp, "live_logical_bytes");
  a.space_amplification = Num(amp, "space_amplification");
  // At least a byte below the ratio: a hostile 1e-300 would make it inf.
  if (!a.write_amplification && a.disk_bytes_written && a.logical_bytes_written && *a.logical_bytes_written >= 1) {
    a.write_amplification = *a.disk_bytes_written / *a.logical_bytes_written;
  }
  if (!a.space_amplification && out->storage_bytes && a.live_logical_bytes && *a.live_logical_bytes >= 1) {
    a.space_amplification = *out->storage_bytes / *a.live_logical_bytes;
  }
  return Status::OK();
}

Workload ParseWorkload(const json& w) {
  Workload out;
  out.kind = Str(w, "kind");
  out.profiles = Int(w, "profiles");
  out.seed = Int(w, "seed");
  out.query_limit = Int(w, "query_limit");
  out.reads = Int(w, "reads");
  out.email_reads = Int(w, "email_reads");
  out.queries = Int(w, "queries");
  out.updates = Int(w, "updates");
  out.post_reads = Int(w, "post_reads");
  out.post_email_reads = Int(w, "post_email_reads");
  out.post_queries = Int(w, "post_queries");
  out.timeout_seconds = Int(w, "timeout_seconds");
  out.profile_writes = Str(w, "profile_writes");
  if (out.profile_writes.empty()) out.profile_writes = "individual operations";
  if (out.is_kv()) {
    out.records = Int(w, "records");
    out.kv = w;
    out.kv.erase("timeout_seconds");
  }
  return out;
}

// A probe's points ({size_key: bytes, "ns_per_load": ns}), ascending by size; points without both numbers are
// skipped.
std::vector<MemoryLatency> ParseLatencyPoints(const json& points, const char* size_key) {
  std::vector<MemoryLatency> out;
  if (!points.is_array()) return out;
  for (const json& p : points) {
    const OptDouble bytes = Num(p, size_key), ns = Num(p, "ns_per_load");
    if (bytes && ns && *bytes > 0 && *ns > 0) out.push_back({*bytes, *ns});
  }
  std::sort(out.begin(), out.end(),
            [](const MemoryLatency& a, const MemoryLatency& b) { return a.working_set_bytes < b.working_set_bytes; });
  return out;
}

Environment ParseEnvironment(const json& e) {
  Environment out;
  out.os = Str(e, "os");
  out.kernel = Str(e, "kernel");
  out.architecture = Str(e, "architecture");
  out.cpu_model = Str(e, "cpu_model");
  out.compiler = Str(e, "compiler");
  out.build_type = Str(e, "build_type");
  out.kvbench_version = Str(e, "kvbench_version");
  out.git_revision = Str(e, "git_revision");
  out.logical_processors = Num(e, "logical_processors");
  out.total_memory_bytes = Num(e, "total_memory_bytes");
  const json& probe = Member(e, "memory_latency");
  out.memory_latency = ParseLatencyPoints(Member(probe, "points"), "working_set_bytes");
  out.translation_latency = ParseLatencyPoints(Member(Member(probe, "translation"), "points"), "span_bytes");
  out.raw = e.is_object() ? e : json::object();
  out.raw.erase("memory_latency");
  return out;
}

std::vector<ChecksumMismatch> ParseRecordedMismatches(const json& correctness) {
  std::vector<ChecksumMismatch> out;
  const json& list = Member(correctness, "mismatches");
  if (!list.is_array()) return out;
  for (const json& m : list) {
    if (!m.is_object()) continue;
    out.push_back({Str(m, "phase"), Str(m, "engine"), Str(m, "checksum"), Str(m, "expected"), Str(m, "expected_from")});
  }
  return out;
}

// The workload members that decide what the engines computed; `timeout_seconds` may differ between files.
std::string FirstWorkloadDifference(const Workload& a, const Workload& b) {
  if (a.kind != b.kind) return "kind";
  const std::pair<const char*, std::pair<std::optional<int64_t>, std::optional<int64_t>>> members[] = {
      {"profiles", {a.profiles, b.profiles}},
      {"seed", {a.seed, b.seed}},
      {"query_limit", {a.query_limit, b.query_limit}},
      {"reads", {a.reads, b.reads}},
      {"email_reads", {a.email_reads, b.email_reads}},
      {"queries", {a.queries, b.queries}},
      {"updates", {a.updates, b.updates}},
      {"post_reads", {a.post_reads, b.post_reads}},
      {"post_email_reads", {a.post_email_reads, b.post_email_reads}},
      {"post_queries", {a.post_queries, b.post_queries}},
  };
  for (const auto& [name, values] : members) {
    if (values.first != values.second) return name;
  }
  if (a.profile_writes != b.profile_writes) return "profile_writes";
  if (a.records != b.records) return "records";
  if (a.kv != b.kv) return "kv";
  return {};
}

std::string Show(const std::optional<int64_t>& v) { return v ? std::to_string(*v) : "null"; }

}  // namespace

Status ParseResults(const json& doc, const std::string& source_name, Results* out) {
  if (!doc.is_object()) return Status::InvalidArgument(source_name + ": not a JSON object");
  const json& version_member = Member(doc, "schema_version");
  if (!version_member.is_number_integer()) {  // 1.7 is not version 1
    return Status::InvalidArgument(source_name +
                                   (version_member.is_null()
                                        ? ": no schema_version"
                                        : ": schema_version " + version_member.dump() + " is not an integer") +
                                   " (not a kvbench results file?)");
  }
  auto version = Int(doc, "schema_version");
  if (*version != 1) {
    return Status::InvalidArgument(source_name + ": schema_version " + std::to_string(*version) +
                                   " is not supported (this reporter reads version 1)");
  }
  const json& engines = Member(doc, "engines");
  if (!engines.is_array()) return Status::InvalidArgument(source_name + ": 'engines' is missing or not an array");
  *out = Results();
  out->source_files.push_back(source_name);
  out->created_at.push_back(Str(doc, "created_at"));
  out->workload = ParseWorkload(Member(doc, "workload"));
  out->environments.push_back(ParseEnvironment(Member(doc, "environment")));
  for (const json& e : engines) {
    Engine engine;
    Status s = ParseEngine(e, source_name, &engine);
    if (!s.ok()) return s;
    out->engines.push_back(std::move(engine));
  }
  const json& recorded = Member(doc, "correctness");
  ComputeCorrectness(out, ParseRecordedMismatches(recorded));
  // A run that recorded its reference (the published run, a reference engine, or none) made its verdict against
  // it: the report says what the run said, not what comparing with the first engine would say.
  if (Member(recorded, "reference").is_object() && Member(recorded, "passed").is_boolean()) {
    out->correctness.passed = Member(recorded, "passed").get<bool>();
    out->correctness.message = Str(recorded, "message");
    out->correctness.mismatches = ParseRecordedMismatches(recorded);
  }
  return Status::OK();
}

Status LoadResultsFile(const std::string& path, Results* out) {
  std::string text;
  if (Status s = ReadWholeFile(path, &text); !s.ok()) return s;
  // The JSON parser ends its input at a NUL byte: "{valid}\0garbage" would pass as {valid}.
  if (const size_t nul = text.find('\0'); nul != std::string::npos) {
    return Status::InvalidArgument(path + ": not valid JSON: a NUL byte at offset " + std::to_string(nul));
  }
  json doc;
  bool too_deep = false;
  try {
    doc = json::parse(text, [&too_deep](int depth, json::parse_event_t event, json& /*parsed*/) {
      const bool opens = event == json::parse_event_t::object_start || event == json::parse_event_t::array_start;
      if (opens && static_cast<size_t>(depth) >= config::kMaxJsonDepth) too_deep = true;
      return !too_deep;  // past the limit nothing more is kept: parsing stays linear and small
    });
  } catch (const json::exception& e) {  // parse_error (with line and column), out_of_range (a number like 1e400)
    std::string what = e.what();
    if (auto p = what.find("] "); p != std::string::npos) what = what.substr(p + 2);  // drop "[json.exception..."
    return Status::InvalidArgument(path + ": not valid JSON: " + what);
  }
  if (too_deep) {
    return Status::InvalidArgument(path + ": nested deeper than " + std::to_string(config::kMaxJsonDepth) +
                                   " levels of objects and arrays (the most a results file may have)");
  }
  try {
    return ParseResults(doc, path, out);
  } catch (const json::exception& e) {  // a member of an unexpected type that no check above caught
    std::string what = e.what();
    if (auto p = what.find("] "); p != std::string::npos) what = what.substr(p + 2);
    return Status::InvalidArgument(path + ": not a kvbench results file: " + what);
  }
}

Status LoadAndMerge(const std::vector<std::string>& paths, Results* out) {
  if (paths.empty()) return Status::InvalidArgument("no results files given");
  Results merged;
  std::vector<ChecksumMismatch> recorded;
  std::set<std::string> names;
  for (size_t i = 0; i < paths.size(); ++i) {
    Results one;
    Status s = LoadResultsFile(paths[i], &one);
    if (!s.ok()) return s;
    if (i == 0) {
      merged.workload = one.workload;
    } else if (std::string diff = FirstWorkloadDifference(merged.workload, one.workload); !diff.empty()) {
      const auto pick = [&](const Workload& w) -> std::string {
        if (diff == "kind") return w.kind;
        if (diff == "profile_writes") return w.profile_writes;
        if (diff == "records") return Show(w.records);
        if (diff == "kv") return w.kv.dump().substr(0, 300);
        const std::map<std::string, std::optional<int64_t>> v = {{"profiles", w.profiles},
                                                                 {"seed", w.seed},
                                                                 {"query_limit", w.query_limit},
                                                                 {"reads", w.reads},
                                                                 {"email_reads", w.email_reads},
                                                                 {"queries", w.queries},
                                                                 {"updates", w.updates},
                                                                 {"post_reads", w.post_reads},
                                                                 {"post_email_reads", w.post_email_reads},
                                                                 {"post_queries", w.post_queries}};
        return Show(v.at(diff));
      };
      return Status::InvalidArgument("cannot merge results of different workloads: workload." + diff + " is " +
                                     pick(merged.workload) + " in " + paths[0] + " but " + pick(one.workload) + " in " +
                                     paths[i]);
    }
    merged.source_files.push_back(paths[i]);
    merged.created_at.push_back(one.created_at.front());
    size_t env_index = merged.environments.size();
    for (size_t k = 0; k < merged.environments.size(); ++k) {
      if (merged.environments[k].raw == one.environments.front().raw) env_index = k;
    }
    if (env_index == merged.environments.size()) merged.environments.push_back(one.environments.front());
    for (Engine& engine : one.engines) {
      if (!names.insert(engine.name).second) {
        return Status::InvalidArgument("engine '" + engine.name + "' appears more than once (again in " + paths[i] +
                                       "); rename it in one of the configs");
      }
      engine.environment_index = env_index;
      merged.engines.push_back(std::move(engine));
    }
    for (const ChecksumMismatch& m : one.correctness.mismatches) recorded.push_back(m);
    if (paths.size() == 1) merged.correctness = one.correctness;
  }
  // One file keeps its own verdict (ParseResults: the run's, when it recorded its reference); merged files are
  // compared across.
  if (paths.size() > 1) ComputeCorrectness(&merged, recorded);
  *out = std::move(merged);
  return Status::OK();
}

}  // namespace kvbench::report
