// The profile workload's 16 timed phases and their names as the report prints them.
#ifndef KVBENCH_HOST_WORKLOAD_PHASE_ID_HPP_
#define KVBENCH_HOST_WORKLOAD_PHASE_ID_HPP_

#include <array>
#include <optional>
#include <string_view>

namespace kvbench::workload {

// The 16 timed phases, in the report's order.
enum class PhaseId : int {
  kInsert,
  kReadById,
  kLookupByEmail,
  kScanCountryStatus,
  kQueryCountryStatus,
  kScanCreatedAt,
  kQueryCreatedAt,
  kScanTopReputation,
  kQueryTopReputation,
  kUpdate,
  kPostReadById,
  kPostLookupByEmail,
  kPostScanCountryStatus,
  kPostQueryCountryStatus,
  kPostScanTopReputation,
  kPostQueryTopReputation,
};
inline constexpr int kPhaseCount = 16;

// All phases in order, for iteration.
inline constexpr std::array<PhaseId, kPhaseCount> kAllPhases = {
    PhaseId::kInsert,
    PhaseId::kReadById,
    PhaseId::kLookupByEmail,
    PhaseId::kScanCountryStatus,
    PhaseId::kQueryCountryStatus,
    PhaseId::kScanCreatedAt,
    PhaseId::kQueryCreatedAt,
    PhaseId::kScanTopReputation,
    PhaseId::kQueryTopReputation,
    PhaseId::kUpdate,
    PhaseId::kPostReadById,
    PhaseId::kPostLookupByEmail,
    PhaseId::kPostScanCountryStatus,
    PhaseId::kPostQueryCountryStatus,
    PhaseId::kPostScanTopReputation,
    PhaseId::kPostQueryTopReputation,
};

// The report's exact phase names ("insert profiles", "read by user id", ...).
const char* PhaseName(PhaseId phase);
std::optional<PhaseId> PhaseFromName(std::string_view name);

}  // namespace kvbench::workload

#endif  // KVBENCH_HOST_WORKLOAD_PHASE_ID_HPP_
