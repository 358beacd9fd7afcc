// The workload plan (spec §4): eight sections drawn in a fixed order from one seeded DotNetRandom. Nothing is
// materialized: the constructor replays the whole plan once and keeps the generator's state at the start of each
// section, and a phase replays its section from that state with the same Draw* functions. With P workers
// (docs/profile-workload-parallel.md §4) it also keeps the state at the first entry of each worker's slice of each
// section (8 x P x 232 bytes), taken in the same pass, so that a worker replays its slice alone.
#ifndef KVBENCH_HOST_WORKLOAD_PLAN_HPP_
#define KVBENCH_HOST_WORKLOAD_PLAN_HPP_

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "workload/dotnet_random.hpp"

namespace kvbench::workload {

enum class PlanSection : int {
  kPointReads,
  kEmailReads,
  kCountryStatusQueries,
  kCreatedAtRanges,
  kUpdates,
  kPostPointReads,
  kPostEmailReads,
  kPostCountryStatusQueries,
};
inline constexpr int kPlanSectionCount = 8;

// Indexes into kCountries / kStatuses.
struct CountryStatusQuery {
  uint8_t country;
  uint8_t status;
};

// A created-at query's first user id; the range is CreatedAt(start) .. CreatedAt(min(N, start + 5000)).
inline constexpr int64_t kCreatedAtRangeIds = 5000;

class Plan {
 public:
  // `counts[s]` is the number of items of section s. REQUIRES: profiles >= 1, counts >= 0, workers >= 1.
  Plan(int32_t seed, int32_t profiles, const std::array<int64_t, kPlanSectionCount>& counts, int32_t workers = 1);

  // A generator positioned at the start of `section`.
  DotNetRandom Start(PlanSection section) const { return SliceStart(section, 0); }
  // A generator positioned at the first entry of worker `worker`'s slice of `section` (SplitSlice; a worker with an
  // empty slice gets the state after its predecessors' entries). REQUIRES: worker < workers.
  DotNetRandom SliceStart(PlanSection section, int32_t worker) const {
    return starts_[static_cast<size_t>(section) * static_cast<size_t>(workers_) + static_cast<size_t>(worker)];
  }
  int32_t workers() const { return workers_; }
  int64_t count(PlanSection section) const { return counts_[static_cast<size_t>(section)]; }

  // One item of a user-id section (point reads, email reads, updates and their post-update twins).
  static int64_t DrawUserId(DotNetRandom& r, int32_t profiles) { return r.NextInt64(1, int64_t{profiles} + 1); }
  static CountryStatusQuery DrawCountryStatus(DotNetRandom& r) {
    const int32_t country = r.Next(0, 32);
    const int32_t status = r.Next(0, 4);
    return {static_cast<uint8_t>(country), static_cast<uint8_t>(status)};
  }
  static int64_t DrawCreatedAtStart(DotNetRandom& r, int32_t profiles) {
    return r.NextInt64(1, std::max<int64_t>(2, int64_t{profiles} - kCreatedAtRangeIds));
  }
  static int64_t CreatedAtEndId(int64_t start, int32_t profiles) {
    return std::min<int64_t>(profiles, start + kCreatedAtRangeIds);
  }

 private:
  int32_t workers_;
  std::vector<DotNetRandom> starts_;  // [section * workers + worker]
  std::array<int64_t, kPlanSectionCount> counts_;
};

}  // namespace kvbench::workload

#endif  // KVBENCH_HOST_WORKLOAD_PLAN_HPP_
