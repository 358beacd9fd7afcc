// How a phase's operations are shared among P workers and how their checksums combine
// (docs/profile-workload-parallel.md §4-6): the contiguous split, the update buckets and the phase checksum.
#ifndef KVBENCH_HOST_WORKLOAD_WORKER_SPLIT_HPP_
#define KVBENCH_HOST_WORKLOAD_WORKER_SPLIT_HPP_

#include <cstdint>
#include <optional>
#include <vector>

namespace kvbench::workload {

// Worker `index` owns operations first .. first+count-1 of an ordered list of `total`.
struct Slice {
  int64_t first = 0;
  int64_t count = 0;
};

// §4: P consecutive slices in worker order; the first total mod P workers get one operation more.
// REQUIRES: total >= 0, 0 <= index < workers.
inline Slice SplitSlice(int64_t total, int32_t workers, int32_t index) {
  const int64_t q = total / workers;
  const int64_t r = total % workers;
  return {index * q + (index < r ? index : r), q + (index < r ? 1 : 0)};
}

// §5.1: the ids of `ids` (plan order) in P buckets by id mod P, each keeping plan order. Ids fit 32 bits (N does).
std::vector<std::vector<int32_t>> UpdateBuckets(const std::vector<int32_t>& ids, int32_t workers);

// §6.2: the phase checksum of the workers' checksums in worker order, nullopt for an idle worker: the single
// active worker's checksum unchanged, else the checksum of the active ones' printed forms (16 upper-case hex
// digits each), one character per step; the fresh start value when no worker was active.
uint64_t CombineWorkerChecksums(const std::vector<std::optional<uint64_t>>& workers);

}  // namespace kvbench::workload

#endif  // KVBENCH_HOST_WORKLOAD_WORKER_SPLIT_HPP_
