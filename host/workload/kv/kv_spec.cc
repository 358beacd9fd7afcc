#include "workload/kv/kv_spec.hpp"

#include <cstdio>

namespace kvbench::workload::kv {
namespace {

std::string Percent(double share) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%g%%", share * 100.0);
  return buf;
}

std::string Number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%g", v);
  return buf;
}

std::string DescribeDistribution(const Distribution& d) {
  switch (d.kind) {
    case DistributionKind::kZipfian:
      return "zipfian theta " + Number(d.theta) + (d.scrambled ? " scrambled" : " unscrambled");
    case DistributionKind::kLatest:
      return "latest (zipfian theta " + Number(d.theta) + " from the newest record)";
    case DistributionKind::kHotspot:
      return "hotspot (" + Percent(d.hot_ops) + " of operations on " + Percent(d.hot_data) + " of the records)";
    case DistributionKind::kUniform:
      return "uniform";
    case DistributionKind::kSequential:
      return "sequential";
  }
  return "?";
}

}  // namespace

const char* KeyFormatName(KeyFormat f) { return f == KeyFormat::kYcsb ? "ycsb" : "fixed"; }
const char* LoadOrderName(LoadOrder o) { return o == LoadOrder::kSequential ? "sequential" : "unique-random"; }
const char* SizeDistributionName(SizeDistribution d) {
  switch (d) {
    case SizeDistribution::kConstant:
      return "constant";
    case SizeDistribution::kUniform:
      return "uniform";
    case SizeDistribution::kZipfian:
      return "zipfian";
  }
  return "constant";
}
const char* DistributionKindName(DistributionKind k) {
  switch (k) {
    case DistributionKind::kUniform:
      return "uniform";
    case DistributionKind::kZipfian:
      return "zipfian";
    case DistributionKind::kLatest:
      return "latest";
    case DistributionKind::kHotspot:
      return "hotspot";
    case DistributionKind::kSequential:
      return "sequential";
  }
  return "uniform";
}
const char* UpdateModeName(UpdateMode m) { return m == UpdateMode::kBlindPut ? "blind-put" : "rmw"; }
const char* ScanLengthDistributionName(ScanLengthDistribution d) {
  return d == ScanLengthDistribution::kUniform ? "uniform" : "constant";
}

nlohmann::json PhaseToJson(const KvPhaseSpec& p) {
  nlohmann::json j = nlohmann::json::object();
  j["name"] = p.name;
  if (!p.preset.empty()) j["preset"] = p.preset;
  if (p.operations > 0) j["operations"] = p.operations;
  if (p.duration_seconds > 0) j["duration_seconds"] = p.duration_seconds;
  j["mix"] = {{"read", p.mix.read},     {"update", p.mix.update}, {"rmw", p.mix.rmw},
              {"insert", p.mix.insert}, {"scan", p.mix.scan},     {"delete", p.mix.remove}};
  j["update"] = UpdateModeName(p.update);
  j["distribution"] = {{"kind", DistributionKindName(p.distribution.kind)},
                       {"theta", p.distribution.theta},
                       {"scrambled", p.distribution.scrambled},
                       {"hot_data", p.distribution.hot_data},
                       {"hot_ops", p.distribution.hot_ops}};
  j["scan"] = {{"max_length", p.scan.max_length}, {"distribution", ScanLengthDistributionName(p.scan.distribution)}};
  j["target_ops_per_second"] = p.target_ops_per_second;
  // null rather than absent: a preset's background writer that the config removed must stay removed.
  j["background"] = p.background ? nlohmann::json{{"op", "overwrite"}, {"ops_per_second", p.background->ops_per_second}}
                                 : nlohmann::json(nullptr);
  j["threads"] = p.threads;
  return j;
}

nlohmann::json ToJson(const KvSpec& spec) {
  nlohmann::json phases = nlohmann::json::array();
  for (const KvPhaseSpec& p : spec.phases) phases.push_back(PhaseToJson(p));
  nlohmann::json key = {{"format", KeyFormatName(spec.key.format)}};
  if (spec.key.format == KeyFormat::kFixed) key["size"] = spec.key.size;
  return {{"kind", "kv"},
          {"records", spec.records},
          {"seed", spec.seed},
          {"key", key},
          {"load", {{"order", LoadOrderName(spec.load_order)}}},
          {"value",
           {{"size", spec.value.size},
            {"fields", spec.value.fields},
            {"size_distribution", SizeDistributionName(spec.value.size_distribution)},
            {"compressibility", spec.value.compressibility}}},
          {"phases", phases}};
}

std::string DescribePhase(const KvPhaseSpec& p) {
  std::string mix;
  const auto add = [&](double share, const std::string& what) {
    if (share > 0) mix += (mix.empty() ? "" : ", ") + Percent(share) + " " + what;
  };
  add(p.mix.read, "read");
  add(p.mix.update, std::string("update (") + (p.update == UpdateMode::kBlindPut ? "blind put" : "read-modify-write") +
                        ")");
  add(p.mix.rmw, "read-modify-write");
  add(p.mix.insert, "insert");
  add(p.mix.scan, "scan (length " +
                      std::string(p.scan.distribution == ScanLengthDistribution::kUniform ? "uniform in 1.." : "") +
                      std::to_string(p.scan.max_length) + ")");
  add(p.mix.remove, "delete");
  std::string out = mix + "; " + DescribeDistribution(p.distribution) + "; ";
  out += p.operations > 0 ? std::to_string(p.operations) + " operations" : Number(p.duration_seconds) + " s";
  if (p.target_ops_per_second > 0) out += " at " + std::to_string(p.target_ops_per_second) + " ops/s";
  if (p.background) {
    out += "; background overwrites at " + std::to_string(p.background->ops_per_second) + " ops/s";
  }
  if (!p.preset.empty()) out += " (preset " + p.preset + ")";
  return out;
}

}  // namespace kvbench::workload::kv
