// The profile workload's parameters (spec §1): the profile count, the seed and the count of every phase's
// operations, as a run config sets them.
#ifndef KVBENCH_HOST_WORKLOAD_WORKLOAD_PARAMS_HPP_
#define KVBENCH_HOST_WORKLOAD_WORKLOAD_PARAMS_HPP_

#include <array>
#include <cstdint>

#include "common/status.hpp"
#include "workload/plan.hpp"

namespace kvbench::workload {

// The most workers a phase may run on (spec-parallel §1 sets no bound; each is a thread of the engine's process).
inline constexpr int32_t kMaxParallelism = 1024;

// Spec §1. Counts are 64-bit; profiles, seed and query_limit are 32-bit signed as in the reference.
struct WorkloadParams {
  int32_t profiles = 100000;
  // P, the workers of each of the 16 phases (docs/profile-workload-parallel.md). It changes how the phases are
  // split among workers and how their checksums combine, never the plan or the final checksum.
  int32_t parallelism = 1;
  int32_t seed = 570123434;
  int32_t query_limit = 100;
  int64_t reads = 100000;
  int64_t email_reads = 100000;
  int64_t queries = 25000;
  int64_t updates = 100000;
  int64_t post_reads = 100000;
  int64_t post_email_reads = 100000;
  int64_t post_queries = 25000;

  // N for every count; queries = post_queries = N/4 when N > 10000, else N. Seed and query limit as default.
  static WorkloadParams Defaults(int32_t profiles);
  // profiles >= 1, 1 <= parallelism <= kMaxParallelism, query_limit >= 1, every count >= 0; the message names the
  // offending field.
  Status Validate() const;
};

// The item count of each plan section (spec §4), in section order.
std::array<int64_t, kPlanSectionCount> SectionCounts(const WorkloadParams& params);

}  // namespace kvbench::workload

#endif  // KVBENCH_HOST_WORKLOAD_WORKLOAD_PARAMS_HPP_
