#include "workload/phase_id.hpp"

#include <cstddef>

namespace kvbench::workload {

namespace {

constexpr std::array<const char*, kPhaseCount> kPhaseNames = {
    "insert profiles",
    "read by user id",
    "lookup by email",
    "scan country/status index",
    "query country/status",
    "scan created-at index",
    "query created-at range",
    "scan top reputation index",
    "query top reputation",
    "update profiles",
    "post-update read by user id",
    "post-update lookup by email",
    "post-update scan country/status index",
    "post-update query country/status",
    "post-update scan top reputation index",
    "post-update query top reputation",
};

}  // namespace

const char* PhaseName(PhaseId phase) {
  const int i = static_cast<int>(phase);
  return i >= 0 && i < kPhaseCount ? kPhaseNames[static_cast<size_t>(i)] : "unknown phase";
}

std::optional<PhaseId> PhaseFromName(std::string_view name) {
  for (int i = 0; i < kPhaseCount; ++i) {
    if (name == kPhaseNames[static_cast<size_t>(i)]) return static_cast<PhaseId>(i);
  }
  return std::nullopt;
}

}  // namespace kvbench::workload
