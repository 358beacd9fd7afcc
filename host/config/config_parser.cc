#include "config/config_parser.hpp"

#include <cstdint>
#include <map>

#include "common/printable.hpp"
#include "common/read_file.hpp"
#include "config/config_error.hpp"
#include "config/json_reader.hpp"
#include "config/kv_parser.hpp"
#include "config/phase_list.hpp"

namespace kvbench::config {
namespace {

// The reference used 32-bit signed counts; zero is refused (leave a phase out of "phases" instead).
constexpr int64_t kMaxCount = INT32_MAX;

// workload.parallelism: an integer in [1, kMaxParallelism], or a non-empty array of distinct ones (one run of each
// engine per level, in the array's order).
std::vector<int32_t> ParseParallelism(const nlohmann::json& value, const std::string& path) {
  const auto level = [](const nlohmann::json& v, const std::string& at) {
    if (!v.is_number_integer() || v.get<int64_t>() < 1 || v.get<int64_t>() > workload::kMaxParallelism) {
      Fail(at, "expected an integer in [1, " + std::to_string(workload::kMaxParallelism) + "], got " + Describe(v));
    }
    return static_cast<int32_t>(v.get<int64_t>());
  };
  if (!value.is_array()) return {level(value, path)};
  if (value.empty()) Fail(path, "expected at least one parallelism level");
  std::vector<int32_t> levels;
  for (size_t i = 0; i < value.size(); ++i) {
    const std::string at = path + "[" + std::to_string(i) + "]";
    const int32_t p = level(value[i], at);
    for (size_t j = 0; j < levels.size(); ++j) {
      if (levels[j] == p) Fail(at, std::to_string(p) + " is given twice (first at " + path + "[" + std::to_string(j) + "])");
    }
    levels.push_back(p);
  }
  return levels;
}

void ParseWorkload(const nlohmann::json& value, WorkloadSpec* out) {
  ObjectReader r(value, "workload");
  const std::string kind = *r.String("kind", /*required=*/true, /*non_empty=*/true);
  if (kind == kKvKind) {
    out->kind = kKvKind;
    ParseKvWorkload(value, &out->kv);
    return;
  }
  if (kind != kProfilesKind) Fail("workload.kind", "expected \"profiles\" or \"kv\", got \"" + kind + "\"");
  out->profiles = static_cast<int32_t>(*r.Integer("profiles", 1, kMaxCount, /*required=*/true));
  out->seed = static_cast<int32_t>(r.Integer("seed", INT32_MIN, INT32_MAX, false).value_or(out->seed));
  out->query_limit = static_cast<int32_t>(r.Integer("query_limit", 1, kMaxCount, false).value_or(out->query_limit));
  if (const nlohmann::json* p = r.Find("parallelism")) out->parallelism = ParseParallelism(*p, r.PathOf("parallelism"));
  out->reads = r.Integer("reads", 1, kMaxCount, false);
  out->email_reads = r.Integer("email_reads", 1, kMaxCount, false);
  out->queries = r.Integer("queries", 1, kMaxCount, false);
  out->updates = r.Integer("updates", 1, kMaxCount, false);
  out->post_reads = r.Integer("post_reads", 1, kMaxCount, false);
  out->post_email_reads = r.Integer("post_email_reads", 1, kMaxCount, false);
  out->post_queries = r.Integer("post_queries", 1, kMaxCount, false);
  out->deep_verify = r.Bool("deep_verify").value_or(false);
  r.Finish();
}

void ParseMeasure(const nlohmann::json& value, measure::MeasureOptions* out) {
  ObjectReader r(value, "measure");
  out->latency = r.Bool("latency").value_or(out->latency);
  out->latency_sample_every =
      static_cast<uint32_t>(r.Integer("latency_sample_every", 1, 1 << 30, false).value_or(out->latency_sample_every));
  out->timeline_interval_ms = static_cast<uint32_t>(
      r.Integer("timeline_interval_ms", 0, 3600 * 1000, false).value_or(out->timeline_interval_ms));
  if (std::optional<bool> probe = r.Bool("memory_latency")) out->memory_latency = probe;
  r.Finish();
}

EngineSpec ParseEngine(const nlohmann::json& value, const std::string& path) {
  ObjectReader r(value, path);
  EngineSpec e;
  e.name = *r.String("name", true, true);
  if (e.name.size() > kMaxEngineNameBytes) {
    Fail(r.PathOf("name"), "expected at most " + std::to_string(kMaxEngineNameBytes) + " bytes, got " +
                               std::to_string(e.name.size()) +
                               " (the name becomes the engine's data directory and chart file names)");
  }
  for (char c : e.name) {
    // The name is printed on the terminal as the run goes: an ANSI escape in it would act there.
    if (IsControlCharacter(c)) {
      Fail(r.PathOf("name"), "contains the control character " + EscapeControlCharacters(std::string(1, c)));
    }
  }
  e.plugin = *r.String("plugin", true, true);
  for (const char* member : {"settings", "durability"}) {
    if (const nlohmann::json* v = r.Find(member)) {
      if (!v->is_object()) Fail(r.PathOf(member), "expected an object, got " + Describe(*v));
      (std::string(member) == "settings" ? e.settings : e.durability) = *v;
    }
  }
  e.crash_promise = r.String("crash_promise", false, true);
  if (e.crash_promise && *e.crash_promise != "none" && *e.crash_promise != "no-acked-loss") {
    Fail(r.PathOf("crash_promise"), "expected \"none\" or \"no-acked-loss\", got \"" + *e.crash_promise + "\"");
  }
  r.Finish();
  return e;
}

std::vector<EngineSpec> ParseEngines(const nlohmann::json& value) {
  if (!value.is_array()) Fail("engines", "expected an array of engines, got " + Describe(value));
  if (value.empty()) Fail("engines", "expected at least one engine");
  std::vector<EngineSpec> engines;
  std::map<std::string, size_t> names;
  for (size_t i = 0; i < value.size(); ++i) {
    const std::string path = "engines[" + std::to_string(i) + "]";
    EngineSpec e = ParseEngine(value[i], path);
    if (auto [it, inserted] = names.emplace(e.name, i); !inserted) {
      Fail(path + ".name",
           "duplicate engine name '" + e.name + "' (first at engines[" + std::to_string(it->second) + "])");
    }
    engines.push_back(std::move(e));
  }
  return engines;
}

RunConfig ParseRoot(const nlohmann::json& root) {
  ObjectReader r(root, "");
  RunConfig c;
  const int64_t version = *r.Integer("schema_version", 1, INT32_MAX, true);
  if (version != kConfigSchemaVersion) {
    Fail("schema_version", "expected " + std::to_string(kConfigSchemaVersion) + ", got " + std::to_string(version));
  }
  c.name = r.String("name", false, true).value_or("kvbench run");
  ParseWorkload(r.Require("workload"), &c.workload);
  if (const nlohmann::json* phases = r.Find("phases"); phases != nullptr && c.workload.is_kv()) {
    Fail("phases", "a kv workload lists its phases in workload.phases");
  } else if (phases != nullptr) {
    c.phases = ParsePhaseList(*phases, "phases");
  } else if (!c.workload.is_kv()) {
    c.phases.assign(workload::kAllPhases.begin(), workload::kAllPhases.end());
  }
  c.timeout_seconds = r.Integer("timeout_seconds", 1, kMaxCount, false).value_or(c.timeout_seconds);
  if (const nlohmann::json* m = r.Find("measure")) ParseMeasure(*m, &c.measure);
  c.engines = ParseEngines(r.Require("engines"));
  r.Finish();
  return c;
}

}  // namespace

RunConfig ParseRunConfig(const std::string& text, const std::string& source) {
  // The JSON parser ends its input at a NUL byte: "{valid}\0garbage" would pass as {valid}.
  if (const size_t nul = text.find('\0'); nul != std::string::npos) {
    throw ConfigError(source + ": not valid JSON: a NUL byte at offset " + std::to_string(nul));
  }
  nlohmann::json root;
  try {
    root = ParseRejectingDuplicates(text);
  } catch (const nlohmann::json::exception& e) {  // parse_error, and out_of_range for a number like 1e400
    std::string what = e.what();
    if (auto p = what.find("] "); p != std::string::npos) what = what.substr(p + 2);  // drop "[json.exception..."
    throw ConfigError(source + ": not valid JSON: " + what);
  } catch (const ConfigError& e) {  // a member given twice
    throw ConfigError(source + ": " + e.what());
  }
  try {
    RunConfig c = ParseRoot(root);
    if (c.workload.is_kv()) return c;
    const Status s = c.workload.Effective().Validate();
    if (!s.ok()) throw ConfigError("workload: " + s.message());
    return c;
  } catch (const ConfigError& e) {
    throw ConfigError(source + ": " + e.what());
  }
}

RunConfig LoadRunConfig(const std::string& path) {
  std::string text;
  if (const Status s = ReadWholeFile(path, &text); !s.ok()) throw ConfigError(s.message());
  return ParseRunConfig(text, path);
}

}  // namespace kvbench::config
