#include "workload/plan.hpp"

namespace kvbench::workload {

Plan::Plan(int32_t seed, int32_t profiles, const std::array<int64_t, kPlanSectionCount>& counts) : counts_(counts) {
  DotNetRandom r(seed);
  starts_.reserve(kPlanSectionCount);
  for (int s = 0; s < kPlanSectionCount; ++s) {
    starts_.push_back(r);
    const int64_t n = counts[static_cast<size_t>(s)];
    switch (static_cast<PlanSection>(s)) {
      case PlanSection::kCountryStatusQueries:
      case PlanSection::kPostCountryStatusQueries:
        for (int64_t i = 0; i < n; ++i) DrawCountryStatus(r);
        break;
      case PlanSection::kCreatedAtRanges:
        for (int64_t i = 0; i < n; ++i) DrawCreatedAtStart(r, profiles);
        break;
      case PlanSection::kPointReads:
      case PlanSection::kEmailReads:
      case PlanSection::kUpdates:
      case PlanSection::kPostPointReads:
      case PlanSection::kPostEmailReads:
        for (int64_t i = 0; i < n; ++i) DrawUserId(r, profiles);
        break;
    }
  }
}

}  // namespace kvbench::workload
