#include "workload/kv/kv_presets.hpp"

#include <algorithm>

namespace kvbench::workload::kv {
namespace {

Distribution Kind(DistributionKind kind) {
  Distribution d;
  d.kind = kind;
  return d;
}

}  // namespace

const std::vector<std::string>& PresetNames() {
  static const std::vector<std::string> names = {
      "load",       "ycsb-a",    "ycsb-b",    "ycsb-c",   "ycsb-d",     "ycsb-e",   "ycsb-f",           "fillseq",
      "fillrandom", "overwrite", "readrandom", "readseq", "seekrandom", "readwhilewriting", "updaterandom"};
  return names;
}

bool ApplyPreset(const std::string& name, int64_t records, KvPhaseSpec* phase) {
  const std::vector<std::string>& names = PresetNames();
  if (std::find(names.begin(), names.end(), name) == names.end()) return false;
  KvPhaseSpec p;
  p.name = phase->name;
  p.preset = name;
  p.operations = records;
  p.distribution = Kind(DistributionKind::kZipfian);  // YCSB's requestdistribution default
  if (name == "load" || name == "fillseq") {
    p.mix.insert = 1;
    p.distribution = Kind(DistributionKind::kSequential);
  } else if (name == "ycsb-a") {
    p.mix.read = 0.5;
    p.mix.update = 0.5;
  } else if (name == "ycsb-b") {
    p.mix.read = 0.95;
    p.mix.update = 0.05;
  } else if (name == "ycsb-c") {
    p.mix.read = 1;
  } else if (name == "ycsb-d") {
    p.mix.read = 0.95;
    p.mix.insert = 0.05;
    p.distribution = Kind(DistributionKind::kLatest);
  } else if (name == "ycsb-e") {
    p.mix.scan = 0.95;
    p.mix.insert = 0.05;
    p.scan = {100, ScanLengthDistribution::kUniform};
  } else if (name == "ycsb-f") {
    p.mix.read = 0.5;
    p.mix.rmw = 0.5;
  } else if (name == "fillrandom" || name == "overwrite") {
    p.mix.update = 1;
    p.distribution = Kind(DistributionKind::kUniform);
  } else if (name == "readrandom") {
    p.mix.read = 1;
    p.distribution = Kind(DistributionKind::kUniform);
  } else if (name == "readseq") {
    p.mix.scan = 1;
    p.scan = {100, ScanLengthDistribution::kConstant};
    p.operations = std::max<int64_t>(1, (records + 99) / 100);
    p.distribution = Kind(DistributionKind::kSequential);
  } else if (name == "seekrandom") {
    p.mix.scan = 1;
    p.scan = {1, ScanLengthDistribution::kConstant};
    p.distribution = Kind(DistributionKind::kUniform);
  } else if (name == "readwhilewriting") {
    p.mix.read = 1;
    p.distribution = Kind(DistributionKind::kUniform);
    p.background = Background{10000};
  } else if (name == "updaterandom") {
    p.mix.rmw = 1;
    p.distribution = Kind(DistributionKind::kUniform);
  }
  *phase = std::move(p);
  return true;
}

}  // namespace kvbench::workload::kv
