#include "workload/plan.hpp"

#include "workload/worker_split.hpp"

namespace kvbench::workload {

Plan::Plan(int32_t seed, int32_t profiles, const std::array<int64_t, kPlanSectionCount>& counts, int32_t workers)
    : workers_(workers), counts_(counts) {
  DotNetRandom r(seed);
  starts_.reserve(static_cast<size_t>(kPlanSectionCount) * static_cast<size_t>(workers));
  for (int s = 0; s < kPlanSectionCount; ++s) {
    const int64_t n = counts[static_cast<size_t>(s)];
    // Draws the section's items first .. end-1 (the generator steps a draw takes vary: rejection sampling).
    auto draw = [&](int64_t first, int64_t end) {
      switch (static_cast<PlanSection>(s)) {
        case PlanSection::kCountryStatusQueries:
        case PlanSection::kPostCountryStatusQueries:
          for (int64_t i = first; i < end; ++i) DrawCountryStatus(r);
          break;
        case PlanSection::kCreatedAtRanges:
          for (int64_t i = first; i < end; ++i) DrawCreatedAtStart(r, profiles);
          break;
        case PlanSection::kPointReads:
        case PlanSection::kEmailReads:
        case PlanSection::kUpdates:
        case PlanSection::kPostPointReads:
        case PlanSection::kPostEmailReads:
          for (int64_t i = first; i < end; ++i) DrawUserId(r, profiles);
          break;
      }
    };
    for (int32_t w = 0; w < workers; ++w) {
      const Slice slice = SplitSlice(n, workers, w);
      starts_.push_back(r);
      draw(slice.first, slice.first + slice.count);
    }
  }
}

}  // namespace kvbench::workload
