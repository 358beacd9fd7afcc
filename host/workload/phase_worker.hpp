// One worker of the profile workload's phases (spec §6; docs/profile-workload-parallel.md §3-5): a sequential
// stream of engine calls that performs its share of a phase, each operation exactly as the single-threaded
// workload does, and forms its own checksum. P workers of one run perform their shares at the same time over the
// same stores; each owns its scratch buffers, so that nothing in an operation allocates or is shared.
//
// Thread-safety: one PhaseWorker is driven by one thread at a time.
#ifndef KVBENCH_HOST_WORKLOAD_PHASE_WORKER_HPP_
#define KVBENCH_HOST_WORKLOAD_PHASE_WORKER_HPP_

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "common/status.hpp"
#include "workload/dotnet_random.hpp"
#include "workload/phase_id.hpp"
#include "workload/profile.hpp"
#include "workload/workload_params.hpp"

namespace kvbench::host {
class StoreClient;
}  // namespace kvbench::host

namespace kvbench::measure {
class OpMeter;
}  // namespace kvbench::measure

namespace kvbench::workload {

// Borrowed store handles (owned by the caller, open on one engine).
struct ProfileStores {
  host::StoreClient* profiles;
  host::StoreClient* email;
  host::StoreClient* country_status;
  host::StoreClient* created_at;
  host::StoreClient* reputation;
};

struct PhaseOutcome {
  uint64_t operations = 0;
  uint64_t checksum = 0;
  // Logical bytes written in this phase (measure::LogicalWriteCounter): key + value sizes of its puts plus the
  // key sizes of its removes.
  uint64_t logical_bytes_written = 0;
};

// What one worker performs in one phase (parallel spec §5).
struct WorkerShare {
  // Insert: ids first+1 .. first+count. Plan-section phases: entries first .. first+count-1 of the section, `plan`
  // positioned at entry `first`. The top-reputation phases: the query `count` times. Update: `count` ids drawn
  // from `plan` (one worker), or the ids of `bucket` (P workers) when it is set.
  int64_t first = 0;
  int64_t count = 0;
  DotNetRandom plan{0};
  const std::vector<int32_t>* bucket = nullptr;  // not owned
};

class PhaseWorker {
 public:
  // REQUIRES: params.Validate().ok(); params outlives the worker.
  explicit PhaseWorker(const WorkloadParams& params);

  // Performs `share` of `phase`, timing every logical operation on `meter`. Returns early, with OK, once `stop`
  // is set (another worker failed). A missing record where one must exist is a CORRUPTION status naming the phase
  // and the id; an engine error is returned with its code and the engine's message (plus the phase, store and key).
  // On error *out holds the operations completed so far.
  Status Run(PhaseId phase, const WorkerShare& share, const ProfileStores& stores, measure::OpMeter& meter,
             const std::atomic<bool>& stop, PhaseOutcome* out);

  // The change this worker's inserts and updates made to the key + value bytes of the live records of all five
  // stores, modulo 2^64 (an update may shrink a record): the workers' sum is the total.
  uint64_t live_logical_bytes() const { return live_logical_bytes_; }

 private:
  Status RunInsert(const WorkerShare& share, const ProfileStores& stores, measure::OpMeter& meter,
                   const std::atomic<bool>& stop, PhaseOutcome* out);
  Status RunReadById(PhaseId phase, const WorkerShare& share, const ProfileStores& stores, measure::OpMeter& meter,
                     const std::atomic<bool>& stop, PhaseOutcome* out);
  Status RunLookupByEmail(PhaseId phase, const WorkerShare& share, const ProfileStores& stores,
                          measure::OpMeter& meter, const std::atomic<bool>& stop, PhaseOutcome* out);
  Status RunCountryStatus(PhaseId phase, const WorkerShare& share, bool query, const ProfileStores& stores,
                          measure::OpMeter& meter, const std::atomic<bool>& stop, PhaseOutcome* out);
  Status RunCreatedAt(PhaseId phase, const WorkerShare& share, bool query, const ProfileStores& stores,
                      measure::OpMeter& meter, const std::atomic<bool>& stop, PhaseOutcome* out);
  Status RunTopReputation(PhaseId phase, const WorkerShare& share, bool query, const ProfileStores& stores,
                          measure::OpMeter& meter, const std::atomic<bool>& stop, PhaseOutcome* out);
  // `next_id()` gives the id of each of the `count` updates in turn.
  template <class NextId>
  Status RunUpdate(NextId next_id, int64_t count, const ProfileStores& stores, measure::OpMeter& meter,
                   const std::atomic<bool>& stop, PhaseOutcome* out);
  // Gets each of ids_[0..n) from the profiles store and adds it to *checksum.
  Status GetAndAddProfiles(PhaseId phase, host::StoreClient* profiles, size_t n, Checksum* checksum);

  const WorkloadParams& params_;
  uint64_t seed_bits_;  // the seed as unsigned 32-bit, widened (spec §2 `S`)
  uint64_t live_logical_bytes_ = 0;
  // Reused by the hot loops so that no operation allocates.
  std::vector<int64_t> ids_;
  Profile profile_;
  Profile stored_;
  std::string encoded_;
};

}  // namespace kvbench::workload

#endif  // KVBENCH_HOST_WORKLOAD_PHASE_WORKER_HPP_
