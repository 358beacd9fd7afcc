// The profile-store workload of the published "Benchmark 100M Profiles" report, bit for bit
// (docs/profile-workload.md): its parameters, its 16 timed phases over five application-managed
// stores, and the verify step after reopen. Every correct engine produces the same phase checksums.
//
// The plan is never materialized: the constructor replays the seeded generator once and keeps only its state at
// the start of each worker's slice of each plan section (8 x P x 232 bytes); each worker replays its slice. With P
// workers (docs/profile-workload-parallel.md) each phase runs on P threads of a WorkerPool.
//
// Thread-safety: one ProfileWorkload is driven by one thread (the coordinator); it runs its workers itself.
#ifndef KVBENCH_HOST_WORKLOAD_PROFILE_WORKLOAD_HPP_
#define KVBENCH_HOST_WORKLOAD_PROFILE_WORKLOAD_HPP_

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.hpp"
#include "workload/phase_id.hpp"
#include "workload/phase_worker.hpp"
#include "workload/plan.hpp"
#include "workload/profile.hpp"
#include "workload/workload_params.hpp"

namespace kvbench::measure {
class PhaseMeter;
struct PhaseMeasurement;
}  // namespace kvbench::measure

namespace kvbench::workload {

class WorkerPool;

// The five stores, in the order of ProfileStores.
inline constexpr std::array<const char*, 5> kStoreNames = {"profiles", "email-index", "country-status-index",
                                                           "created-at-index", "reputation-index"};

class ProfileWorkload {
 public:
  // REQUIRES: params.Validate().ok(). Replays the plan generator once (O(total plan draws)), keeping the state at
  // each of the params.parallelism workers' slices of each section.
  explicit ProfileWorkload(const WorkloadParams& params);
  ~ProfileWorkload();

  const WorkloadParams& params() const { return params_; }

  // The number of logical operations of `phase` (what its meter counts and its throughput divides), for all
  // workers together.
  int64_t Operations(PhaseId phase) const;

  // Runs one phase on a single worker, as the single-threaded workload (whatever params().parallelism), timing
  // every logical operation with meter.OpStart()/OpEnd(); the caller begins and ends the meter. A missing record
  // where one must exist is a CORRUPTION status naming the phase and the id; an engine error is returned with its
  // code and the engine's message (plus the phase, store and key). On error *out holds the operations completed
  // so far.
  Status RunPhase(PhaseId phase, const ProfileStores& stores, measure::PhaseMeter& meter, PhaseOutcome* out);

  // Runs one phase on the pool's params().parallelism workers (docs/profile-workload-parallel.md §4-7): worker i
  // performs its share over stores[i] (handles of the same stores, one set per worker) and times its operations
  // on meter lane i. The shares are worked out first; the meter begins when every worker waits at the gate and
  // ends, into *measurement, when the last one finished; then the phase checksum combines the workers' (§6). With
  // one worker this is RunPhase. The first failure observed stops every worker and is returned.
  // REQUIRES: pool.size() == stores.size() == meter.lanes() == params().parallelism; the meter is not begun.
  Status RunPhase(PhaseId phase, const std::vector<ProfileStores>& stores, WorkerPool& pool, measure::PhaseMeter& meter,
                  measure::PhaseMeasurement* measurement, PhaseOutcome* out);

  // Spec §6 verify: count all profiles, then get ids 1, max(1, N/2) and N. *final_checksum is the fresh checksum
  // of the count (64-bit) and the three profiles.
  Status Verify(const ProfileStores& stores, uint64_t* final_checksum, uint64_t* profile_count);

  // Key + value bytes of the live records of all five stores after the phases run so far (insert adds every
  // record; an update changes the size of the profile's value and, with its status, of its country/status key).
  uint64_t live_logical_bytes() const;

 private:
  // Worker `worker`'s share of `phase` among `workers` (the update buckets must be built for workers > 1).
  WorkerShare ShareOf(PhaseId phase, int32_t worker, int32_t workers) const;
  // §5.1: the buckets of the update phase (plan section 5 replayed; outside the timed interval).
  void BuildUpdateBuckets(int32_t workers);

  WorkloadParams params_;
  Plan plan_;
  std::vector<std::unique_ptr<PhaseWorker>> workers_;  // params_.parallelism of them
  std::vector<std::vector<int32_t>> update_buckets_;   // during the update phase with several workers
};

// 16 upper-case hex digits.
std::string FormatChecksum(uint64_t checksum);

}  // namespace kvbench::workload

#endif  // KVBENCH_HOST_WORKLOAD_PROFILE_WORKLOAD_HPP_
