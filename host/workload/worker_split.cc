#include "workload/worker_split.hpp"

#include "workload/checksum.hpp"

namespace kvbench::workload {

std::vector<std::vector<int32_t>> UpdateBuckets(const std::vector<int32_t>& ids, int32_t workers) {
  std::vector<std::vector<int32_t>> buckets(static_cast<size_t>(workers));
  // Ids are drawn uniformly: each bucket gets about ids/P of them.
  for (auto& b : buckets) b.reserve(ids.size() / static_cast<size_t>(workers) + 16);
  for (int32_t id : ids) buckets[static_cast<size_t>(id % workers)].push_back(id);
  return buckets;
}

uint64_t CombineWorkerChecksums(const std::vector<std::optional<uint64_t>>& workers) {
  const std::optional<uint64_t>* only = nullptr;
  int active = 0;
  for (const auto& w : workers) {
    if (w.has_value() && active++ == 0) only = &w;
  }
  if (active == 1) return **only;
  static constexpr char kHex[] = "0123456789ABCDEF";
  Checksum c;
  for (const auto& w : workers) {
    if (!w.has_value()) continue;
    for (int shift = 60; shift >= 0; shift -= 4) c.AddInt32(kHex[(*w >> shift) & 0xF]);
  }
  return c.value();
}

}  // namespace kvbench::workload
