#include "config/kv_parser.hpp"

#include <cmath>
#include <cstdio>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "config/json_reader.hpp"
#include "workload/kv/kv_presets.hpp"

namespace kvbench::config {
namespace {

using namespace workload::kv;

constexpr int64_t kMaxRecords = INT32_MAX;
constexpr int64_t kMaxRate = 1000000000;
constexpr size_t kMaxPhaseNameBytes = 100;  // a phase name becomes part of chart file names
constexpr double kMaxDurationSeconds = 7 * 24 * 3600.0;

std::string Show(double v) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%g", v);
  return buf;
}

// A JSON number within [min, max]; `open_min`/`open_max` exclude the bound.
std::optional<double> Number(ObjectReader& r, const std::string& key, double min, double max, bool open_min = false,
                             bool open_max = false) {
  const nlohmann::json* v = r.Find(key);
  if (v == nullptr) return std::nullopt;
  if (!v->is_number()) Fail(r.PathOf(key), "expected a number, got " + Describe(*v));
  const double d = v->get<double>();
  const bool low = open_min ? d <= min : d < min;
  const bool high = open_max ? d >= max : d > max;
  if (!std::isfinite(d) || low || high) {
    Fail(r.PathOf(key), "expected a number in " + std::string(open_min ? "(" : "[") + Show(min) + ", " + Show(max) +
                            (open_max ? ")" : "]") + ", got " + Show(d));
  }
  return d;
}

// One of `choices` (their names as the enum's name function gives them).
template <class E>
std::optional<E> Choice(ObjectReader& r, const std::string& key, const std::vector<std::pair<const char*, E>>& choices) {
  std::optional<std::string> s = r.String(key, false, true);
  if (!s) return std::nullopt;
  std::string list;
  for (const auto& [name, e] : choices) {
    if (*s == name) return e;
    list += (list.empty() ? "" : ", ") + std::string("\"") + name + "\"";
  }
  Fail(r.PathOf(key), "expected one of " + list + ", got \"" + *s + "\"");
}

std::string Join(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

void ParseMix(const nlohmann::json& value, const std::string& path, Mix* out) {
  ObjectReader r(value, path);
  Mix m;
  m.read = Number(r, "read", 0, 1).value_or(0);
  m.update = Number(r, "update", 0, 1).value_or(0);
  m.rmw = Number(r, "rmw", 0, 1).value_or(0);
  m.insert = Number(r, "insert", 0, 1).value_or(0);
  m.scan = Number(r, "scan", 0, 1).value_or(0);
  m.remove = Number(r, "delete", 0, 1).value_or(0);
  r.Finish();
  const double sum = m.read + m.update + m.rmw + m.insert + m.scan + m.remove;
  if (std::abs(sum - 1.0) > 1e-9) {
    Fail(path, "expected proportions (read, update, rmw, insert, scan, delete) summing to 1, got a sum of " + Show(sum));
  }
  *out = m;
}

void ParseDistribution(const nlohmann::json& value, const std::string& path, Distribution* d) {
  ObjectReader r(value, path);
  if (auto k = Choice<DistributionKind>(r, "kind",
                                        {{"uniform", DistributionKind::kUniform},
                                         {"zipfian", DistributionKind::kZipfian},
                                         {"latest", DistributionKind::kLatest},
                                         {"hotspot", DistributionKind::kHotspot},
                                         {"sequential", DistributionKind::kSequential}})) {
    d->kind = *k;
  }
  d->theta = Number(r, "theta", 0, 1, true, true).value_or(d->theta);
  d->scrambled = r.Bool("scrambled").value_or(d->scrambled);
  d->hot_data = Number(r, "hot_data", 0, 1, true, true).value_or(d->hot_data);
  d->hot_ops = Number(r, "hot_ops", 0, 1).value_or(d->hot_ops);
  r.Finish();
}

void ParseScan(const nlohmann::json& value, const std::string& path, ScanSpec* s) {
  ObjectReader r(value, path);
  s->max_length = static_cast<uint32_t>(r.Integer("max_length", 1, 100000, false).value_or(s->max_length));
  if (auto d = Choice<ScanLengthDistribution>(
          r, "distribution", {{"uniform", ScanLengthDistribution::kUniform}, {"constant", ScanLengthDistribution::kConstant}})) {
    s->distribution = *d;
  }
  r.Finish();
}

KvPhaseSpec ParsePhase(const nlohmann::json& value, const std::string& path, int64_t records) {
  ObjectReader r(value, path);
  KvPhaseSpec p;
  p.name = *r.String("name", true, true);
  if (p.name.size() > kMaxPhaseNameBytes) {
    Fail(r.PathOf("name"), "expected at most " + std::to_string(kMaxPhaseNameBytes) + " bytes, got " +
                               std::to_string(p.name.size()));
  }
  if (std::optional<std::string> preset = r.String("preset", false, true)) {
    if (!ApplyPreset(*preset, records, &p)) {
      Fail(r.PathOf("preset"), "expected one of " + Join(PresetNames()) + ", got \"" + *preset + "\"");
    }
  }
  const std::optional<int64_t> operations = r.Integer("operations", 1, INT64_MAX / 2, false);
  const std::optional<double> duration = Number(r, "duration_seconds", 0, kMaxDurationSeconds, true);
  if (operations && duration) Fail(path, "give operations or duration_seconds, not both");
  if (operations) p.operations = *operations;
  if (duration) {
    p.duration_seconds = *duration;
    p.operations = 0;
  }
  if (p.operations == 0 && p.duration_seconds == 0) {
    Fail(path, "missing operations or duration_seconds (or a preset, whose operations are workload.records)");
  }
  if (const nlohmann::json* mix = r.Find("mix")) {
    ParseMix(*mix, r.PathOf("mix"), &p.mix);
  } else if (p.preset.empty()) {
    Fail(r.PathOf("mix"), "missing (or give a preset)");
  }
  if (auto u = Choice<UpdateMode>(r, "update", {{"blind-put", UpdateMode::kBlindPut}, {"rmw", UpdateMode::kReadModifyWrite}})) {
    p.update = *u;
  }
  if (const nlohmann::json* d = r.Find("distribution")) ParseDistribution(*d, r.PathOf("distribution"), &p.distribution);
  if (const nlohmann::json* s = r.Find("scan")) ParseScan(*s, r.PathOf("scan"), &p.scan);
  p.target_ops_per_second = r.Integer("target_ops_per_second", 0, kMaxRate, false).value_or(p.target_ops_per_second);
  if (const nlohmann::json* b = r.Find("background")) {
    if (b->is_null()) {
      p.background.reset();
    } else {
      ObjectReader br(*b, r.PathOf("background"));
      const std::string op = br.String("op", false, true).value_or("overwrite");
      if (op != "overwrite") Fail(br.PathOf("op"), "expected \"overwrite\" (the only background writer), got \"" + op + "\"");
      p.background = Background{*br.Integer("ops_per_second", 1, kMaxRate, true)};
      br.Finish();
    }
  }
  p.threads = static_cast<int32_t>(r.Integer("threads", 1, 1024, false).value_or(p.threads));
  if (p.threads != 1) {
    Fail(r.PathOf("threads"), "expected 1, got " + std::to_string(p.threads) +
                                  " (parallel clients are not implemented yet: every phase runs one client)");
  }
  r.Finish();
  return p;
}

}  // namespace

void ParseKvWorkload(const nlohmann::json& value, KvSpec* out) {
  ObjectReader r(value, "workload");
  (void)r.String("kind", true, true);  // the caller checked it
  KvSpec s;
  s.records = *r.Integer("records", 1, kMaxRecords, true);
  s.seed = static_cast<int32_t>(r.Integer("seed", INT32_MIN, INT32_MAX, false).value_or(s.seed));
  if (const nlohmann::json* key = r.Find("key")) {
    ObjectReader kr(*key, "workload.key");
    if (auto f = Choice<KeyFormat>(kr, "format", {{"ycsb", KeyFormat::kYcsb}, {"fixed", KeyFormat::kFixed}})) {
      s.key.format = *f;
    }
    if (s.key.format == KeyFormat::kFixed) {
      s.key.size = static_cast<uint32_t>(kr.Integer("size", 8, 1024, false).value_or(s.key.size));
    } else if (kr.Find("size") != nullptr) {
      Fail("workload.key.size", "only fixed keys have a size (ycsb keys are \"user\" and a decimal number)");
    }
    kr.Finish();
  }
  if (const nlohmann::json* load = r.Find("load")) {
    ObjectReader lr(*load, "workload.load");
    if (auto o = Choice<LoadOrder>(lr, "order",
                                   {{"sequential", LoadOrder::kSequential}, {"unique-random", LoadOrder::kUniqueRandom}})) {
      s.load_order = *o;
    }
    lr.Finish();
  }
  if (const nlohmann::json* v = r.Find("value")) {
    ObjectReader vr(*v, "workload.value");
    s.value.size = static_cast<uint32_t>(vr.Integer("size", 16, 1 << 24, false).value_or(s.value.size));
    s.value.fields = static_cast<uint32_t>(vr.Integer("fields", 1, 1024, false).value_or(s.value.fields));
    if (auto d = Choice<SizeDistribution>(vr, "size_distribution",
                                          {{"constant", SizeDistribution::kConstant},
                                           {"uniform", SizeDistribution::kUniform},
                                           {"zipfian", SizeDistribution::kZipfian}})) {
      s.value.size_distribution = *d;
    }
    s.value.compressibility = Number(vr, "compressibility", 0, 1, true).value_or(s.value.compressibility);
    vr.Finish();
    if (s.value.fields > s.value.size) {
      Fail("workload.value.fields", "expected at most value.size (" + std::to_string(s.value.size) + ") fields, got " +
                                        std::to_string(s.value.fields));
    }
  }
  const nlohmann::json& phases = r.Require("phases");
  if (!phases.is_array()) Fail("workload.phases", "expected an array of phases, got " + Describe(phases));
  if (phases.empty()) Fail("workload.phases", "expected at least one phase");
  std::set<std::string> names;
  for (size_t i = 0; i < phases.size(); ++i) {
    const std::string path = "workload.phases[" + std::to_string(i) + "]";
    KvPhaseSpec p = ParsePhase(phases[i], path, s.records);
    if (!names.insert(p.name).second) Fail(path + ".name", "duplicate phase name '" + p.name + "'");
    s.phases.push_back(std::move(p));
  }
  r.Finish();
  *out = std::move(s);
}

}  // namespace kvbench::config
