// The kv workload over one store ("usertable"): runs the configured phases in order against the state they
// build up (record_state.hpp), checking every value read, and verifies the whole store at the end.
//
// Determinism: each phase draws from its own seeded stream (random.hpp), so for a phase with an operation count
// the operations, and so the checksum, are the same on every correct engine. The checksum folds, per operation,
// its kind, record number and outcome (found or not, and the value check's verdict; each scan entry's record
// number); versions are not folded, so a background writer (whose pace depends on the engine) leaves the
// foreground checksum comparable. Which version a read must see is exact either way: one client does everything.
//
// Parallel clients (not yet): each would run a KvClient on its own stream over its own partition of the record
// numbers (record_state.hpp), the checksums combined per phase in client order.
#ifndef KVBENCH_HOST_WORKLOAD_KV_KV_WORKLOAD_HPP_
#define KVBENCH_HOST_WORKLOAD_KV_KV_WORKLOAD_HPP_

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.hpp"
#include "measure/phase_meter.hpp"
#include "plugin/engine_client.hpp"
#include "workload/kv/key_codec.hpp"
#include "workload/kv/kv_outcome.hpp"
#include "workload/kv/kv_spec.hpp"
#include "workload/kv/record_state.hpp"
#include "workload/kv/value_codec.hpp"

namespace kvbench::workload::kv {

inline constexpr const char* kKvStoreName = "usertable";

class KvWorkload {
 public:
  explicit KvWorkload(KvSpec spec);

  const KvSpec& spec() const { return spec_; }
  // The operations of phase `index`, 0 when it runs for a duration.
  int64_t Operations(size_t index) const { return spec_.phases[index].operations; }

  // Runs phase `index` (phases run in order, each once). Engine errors fail it; wrong values are counted in
  // out->errors and the phase goes on.
  Status RunPhase(size_t index, host::StoreClient* store, measure::PhaseMeter& meter, KvOutcome* out);

  // Reads every record number in use and checks it; the checksum folds (record, found, verdict).
  Status Verify(host::StoreClient* store, KvOutcome* out);

  // Key + value bytes of the records that must be present now.
  uint64_t live_logical_bytes() const { return live_bytes_; }

 private:
  friend class KvClient;

  // The record number of the next insert (the load order's permutation for the first `records`).
  uint64_t InsertId() const {
    return next_insert_ < permutation_.size() ? permutation_[next_insert_] : next_insert_;
  }
  uint64_t KeySpace() const { return std::max<uint64_t>(static_cast<uint64_t>(spec_.records), next_insert_); }
  void NoteWrite(uint64_t id, uint32_t old_version, uint32_t new_version, size_t key_size);
  void NoteRemove(uint64_t id, uint32_t old_version, size_t key_size);

  KvSpec spec_;
  KeyCodec keys_;
  ValueCodec values_;
  RecordState state_;
  std::vector<uint32_t> permutation_;  // load.order unique-random only
  uint64_t next_insert_ = 0;
  uint64_t live_bytes_ = 0;
  bool comparable_ = true;  // false once a duration phase wrote
};

}  // namespace kvbench::workload::kv

#endif  // KVBENCH_HOST_WORKLOAD_KV_KV_WORKLOAD_HPP_
