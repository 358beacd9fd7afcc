// One client of a kv phase: draws each operation from the phase's mix and request distribution on its own stream,
// runs it against the store, times it with the phase's meter and checks what it read (after the timing, so the
// check's cost is not the engine's latency). Also runs the phase's rate limit and background writer.
// Hot loop: no allocation once the buffers have grown to the largest value (and scan) seen.
#ifndef KVBENCH_HOST_WORKLOAD_KV_KV_CLIENT_HPP_
#define KVBENCH_HOST_WORKLOAD_KV_KV_CLIENT_HPP_

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.hpp"
#include "measure/phase_meter.hpp"
#include "plugin/engine_client.hpp"
#include "workload/checksum.hpp"
#include "workload/kv/key_chooser.hpp"
#include "workload/kv/key_codec.hpp"
#include "workload/kv/kv_outcome.hpp"
#include "workload/kv/random.hpp"

namespace kvbench::workload::kv {

class KvWorkload;

class KvClient {
 public:
  KvClient(KvWorkload* workload, size_t phase_index, host::StoreClient* store, measure::PhaseMeter* meter,
           KvOutcome* out);
  Status Run();

 private:
  enum class Op { kRead, kUpdate, kRmw, kInsert, kScan, kDelete };
  // Folded into the checksum per read record.
  enum Verdict : uint64_t { kFoundOk = 1, kAbsentOk, kStale, kWrong, kMissing, kUnexpected, kMisordered };

  Op Pick(double u) const;
  Status One(uint64_t scheduled_ns);
  Status Read(uint64_t id, bool rmw, uint64_t scheduled_ns);
  Status Write(uint64_t id, bool insert, uint64_t scheduled_ns);
  Status Delete(uint64_t id, uint64_t scheduled_ns);
  Status Scan(uint64_t id, uint64_t scheduled_ns);
  Status Background(uint64_t now_ns);
  void End(uint64_t timer, uint64_t scheduled_ns);
  // Checks a get's result against the record's expected version; counts errors.
  Verdict CheckRead(uint64_t id, bool found, std::string_view value);
  Verdict CheckScanEntry(std::string_view key, std::string_view value, std::string_view previous_key);
  Status EngineError(const char* what, kvb_status rc) const;
  void Count(uint64_t id) {
    if (id < hits_.size()) ++hits_[id];
  }

  KvWorkload* w_;
  const KvPhaseSpec& phase_;
  host::StoreClient* store_;
  measure::PhaseMeter* meter_;
  KvOutcome* out_;
  Rng rng_, background_rng_;
  KeyChooser chooser_;
  KeyCodec keys_;
  Checksum checksum_;
  double cumulative_[6];
  std::string value_, got_, expected_, scan_buffer_, scan_start_, previous_key_;
  std::vector<uint32_t> scan_offsets_;
  bool scan_from_first_ = true;  // sequential scans: the next one starts at the first key
  std::vector<uint32_t> hits_;   // operations per record number, for the hottest-1% share
};

}  // namespace kvbench::workload::kv

#endif  // KVBENCH_HOST_WORKLOAD_KV_KV_CLIENT_HPP_
