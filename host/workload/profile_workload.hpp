// The profile-store workload of the published "Benchmark 100M Profiles" report, bit for bit
// (docs/profile-workload.md): its parameters, its 16 timed phases over five application-managed
// stores, and the verify step after reopen. Every correct engine produces the same phase checksums.
//
// The plan is never materialized: the constructor replays the seeded generator once and keeps only its state at
// the start of each plan section (8 x 232 bytes); each phase replays its section.
//
// Thread-safety: none. One ProfileWorkload is driven by one thread.
#ifndef KVBENCH_HOST_WORKLOAD_PROFILE_WORKLOAD_HPP_
#define KVBENCH_HOST_WORKLOAD_PROFILE_WORKLOAD_HPP_

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.hpp"
#include "workload/phase_id.hpp"
#include "workload/plan.hpp"
#include "workload/profile.hpp"
#include "workload/workload_params.hpp"

namespace kvbench::host {
class StoreClient;
}  // namespace kvbench::host

namespace kvbench::measure {
class PhaseMeter;
}  // namespace kvbench::measure

namespace kvbench::workload {

// The five stores, in the order of ProfileStores.
inline constexpr std::array<const char*, 5> kStoreNames = {"profiles", "email-index", "country-status-index",
                                                           "created-at-index", "reputation-index"};

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

class ProfileWorkload {
 public:
  // REQUIRES: params.Validate().ok(). Replays the plan generator once (O(total plan draws)).
  explicit ProfileWorkload(const WorkloadParams& params);

  const WorkloadParams& params() const { return params_; }

  // The number of logical operations of `phase` (what its meter counts and its throughput divides).
  int64_t Operations(PhaseId phase) const;

  // Runs one phase over the stores, timing every logical operation with meter.OpStart()/OpEnd(). A missing
  // record where one must exist is a CORRUPTION status naming the phase and the id; an engine error is returned
  // with its code and the engine's message (plus the phase, store and key). On error *out holds the operations
  // completed so far.
  Status RunPhase(PhaseId phase, const ProfileStores& stores, measure::PhaseMeter& meter, PhaseOutcome* out);

  // Spec §6 verify: count all profiles, then get ids 1, max(1, N/2) and N. *final_checksum is the fresh checksum
  // of the count (64-bit) and the three profiles.
  Status Verify(const ProfileStores& stores, uint64_t* final_checksum, uint64_t* profile_count);

  // Key + value bytes of the live records of all five stores after the phases run so far (insert adds every
  // record; an update changes the size of the profile's value and, with its status, of its country/status key).
  uint64_t live_logical_bytes() const { return live_logical_bytes_; }

 private:
  Status RunInsert(const ProfileStores& stores, measure::PhaseMeter& meter, PhaseOutcome* out);
  Status RunReadById(PhaseId phase, PlanSection section, int64_t count, const ProfileStores& stores,
                     measure::PhaseMeter& meter, PhaseOutcome* out);
  Status RunLookupByEmail(PhaseId phase, PlanSection section, int64_t count, const ProfileStores& stores,
                          measure::PhaseMeter& meter, PhaseOutcome* out);
  Status RunCountryStatus(PhaseId phase, PlanSection section, int64_t count, bool query, const ProfileStores& stores,
                          measure::PhaseMeter& meter, PhaseOutcome* out);
  Status RunCreatedAt(PhaseId phase, int64_t count, bool query, const ProfileStores& stores, measure::PhaseMeter& meter,
                      PhaseOutcome* out);
  Status RunTopReputation(PhaseId phase, int64_t count, bool query, const ProfileStores& stores,
                          measure::PhaseMeter& meter, PhaseOutcome* out);
  Status RunUpdate(const ProfileStores& stores, measure::PhaseMeter& meter, PhaseOutcome* out);
  // Gets each of ids_[0..n) from the profiles store and adds it to *checksum.
  Status GetAndAddProfiles(PhaseId phase, host::StoreClient* profiles, size_t n, Checksum* checksum);

  WorkloadParams params_;
  uint64_t seed_bits_;  // the seed as unsigned 32-bit, widened (spec §2 `S`)
  Plan plan_;
  uint64_t live_logical_bytes_ = 0;
  // Reused by the hot loops so that no operation allocates.
  std::vector<int64_t> ids_;
  Profile profile_;
  Profile stored_;
  std::string encoded_;
};

// 16 upper-case hex digits.
std::string FormatChecksum(uint64_t checksum);

}  // namespace kvbench::workload

#endif  // KVBENCH_HOST_WORKLOAD_PROFILE_WORKLOAD_HPP_
