// The "kv" workload kind (configs/README.md, "The kv workload"): generic key-value scenarios such as the YCSB core
// workloads and db_bench's main benchmarks. A KvSpec is what a config says once its presets are expanded
// (kv_presets.hpp); config/kv_parser.hpp builds and validates it, ToJson writes it back in the form the parser
// accepts (results.json records this expanded form).
//
// Records are numbered 0, 1, 2, ...: the key of record i is KeyCodec's (key_codec.hpp), its value at version v is
// ValueCodec's (value_codec.hpp). The load and every later insert take the next record number.
#ifndef KVBENCH_HOST_WORKLOAD_KV_KV_SPEC_HPP_
#define KVBENCH_HOST_WORKLOAD_KV_KV_SPEC_HPP_

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace kvbench::workload::kv {

enum class KeyFormat { kYcsb, kFixed };  // "user" + FNV64(i) in decimal (YCSB's hashed insert order) | big-endian
enum class LoadOrder { kSequential, kUniqueRandom };  // the order of the first `records` inserts
enum class SizeDistribution { kConstant, kUniform, kZipfian };
enum class DistributionKind { kUniform, kZipfian, kLatest, kHotspot, kSequential };
enum class UpdateMode { kBlindPut, kReadModifyWrite };
enum class ScanLengthDistribution { kUniform, kConstant };

struct KeySpec {
  KeyFormat format = KeyFormat::kYcsb;
  uint32_t size = 16;  // fixed keys only: bytes, the record number big-endian in the last 8 (zeros before)
};

struct ValueSpec {
  uint32_t size = 1000;  // bytes of a value (the largest one for a non-constant distribution)
  uint32_t fields = 10;  // the value is this many equal fields, each its own compressible run (YCSB's record layout)
  SizeDistribution size_distribution = SizeDistribution::kConstant;
  double compressibility = 0.5;  // fraction of each field that is random bytes; the rest repeats them
};

// Proportions of the operations; they sum to 1.
struct Mix {
  double read = 0, update = 0, rmw = 0, insert = 0, scan = 0, remove = 0;
  bool Writes() const { return update > 0 || rmw > 0 || insert > 0 || remove > 0; }
};

struct Distribution {
  DistributionKind kind = DistributionKind::kZipfian;
  double theta = 0.99;    // zipfian and latest
  bool scrambled = true;  // zipfian: YCSB's scrambled variant (hot records spread over the key space)
  double hot_data = 0.2;  // hotspot: the hot fraction of the records ...
  double hot_ops = 0.8;   // ... gets this fraction of the operations
};

struct ScanSpec {
  uint32_t max_length = 100;
  ScanLengthDistribution distribution = ScanLengthDistribution::kUniform;  // uniform in [1, max] or always max
};

// A rate-limited writer interleaved with the phase's operations (overwrites of existing records), reported
// separately from them.
struct Background {
  int64_t ops_per_second = 0;
};

struct KvPhaseSpec {
  std::string name;
  std::string preset;  // "" when none; recorded as given
  int64_t operations = 0;         // exactly one of operations ...
  double duration_seconds = 0.0;  // ... and duration_seconds is > 0
  Mix mix;
  UpdateMode update = UpdateMode::kBlindPut;
  Distribution distribution;
  ScanSpec scan;
  int64_t target_ops_per_second = 0;  // 0: as fast as possible
  std::optional<Background> background;
  int32_t threads = 1;  // clients; only 1 until parallel clients exist (each would take its own partition)
};

struct KvSpec {
  int64_t records = 1000000;
  int32_t seed = 570123434;
  KeySpec key;
  LoadOrder load_order = LoadOrder::kSequential;
  ValueSpec value;
  std::vector<KvPhaseSpec> phases;
};

// The expanded workload member, as config/kv_parser.hpp accepts it.
nlohmann::json ToJson(const KvSpec& spec);
nlohmann::json PhaseToJson(const KvPhaseSpec& phase);

const char* KeyFormatName(KeyFormat f);
const char* LoadOrderName(LoadOrder o);
const char* SizeDistributionName(SizeDistribution d);
const char* DistributionKindName(DistributionKind k);
const char* UpdateModeName(UpdateMode m);
const char* ScanLengthDistributionName(ScanLengthDistribution d);

// One line for the report: "50% read, 50% update (blind put); zipfian theta 0.99 scrambled; 1,000 operations".
std::string DescribePhase(const KvPhaseSpec& phase);

}  // namespace kvbench::workload::kv

#endif  // KVBENCH_HOST_WORKLOAD_KV_KV_SPEC_HPP_
