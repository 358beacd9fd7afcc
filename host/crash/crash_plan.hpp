// What a crash test kills and what it then expects. The writer counts every acknowledged put and remove: an insert
// is 5 puts (ids 1..N in order), an update 2 removes + 3 puts (the plan's UpdateIds, after the whole insert and a
// settle). So the acknowledged count alone says which ids were inserted, which updates were applied, and which
// operation was under way (the id of operation acked+1: it may be partly applied).
#ifndef KVBENCH_HOST_CRASH_CRASH_PLAN_HPP_
#define KVBENCH_HOST_CRASH_CRASH_PLAN_HPP_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.hpp"
#include "workload/expected_state.hpp"
#include "workload/profile_workload.hpp"

namespace kvbench::crash {

enum class CrashPhase { kInsert, kUpdate };
inline constexpr uint64_t kOpsPerInsert = 5;  // five puts
inline constexpr uint64_t kOpsPerUpdate = 5;  // two removes, three puts

const char* CrashPhaseName(CrashPhase phase);  // "insert profiles" / "update profiles"
std::optional<CrashPhase> CrashPhaseFromName(std::string_view name);

// The acknowledged-op counts during `phase`: [first, last] (counted from the writer's start).
struct OpRange {
  uint64_t first = 0;
  uint64_t last = 0;
};
OpRange PhaseOps(const workload::WorkloadParams& params, CrashPhase phase);

// The state after `acked` acknowledged ops of a writer that was killed in `phase`, with the operation under way
// in flight.
Status ExpectedAfterAcks(const workload::WorkloadParams& params, CrashPhase phase, uint64_t acked,
                         workload::ExpectedState* out);

struct KillTarget {
  CrashPhase phase = CrashPhase::kInsert;
  uint64_t target_ops = 0;  // kill once the counter reaches this
};

// Kill `kill` (0-based) of the engine named `engine`: a pure function of the seed, the engine's name and the
// workload, so a run (or one engine of it, with --engine) is replayed with the same --seed. Kills alternate
// between the phases (the first one picked by the seed); every kill is in the insert phase when there are no
// updates.
KillTarget PickKillTarget(uint64_t seed, std::string_view engine, int kill, const workload::WorkloadParams& params);

}  // namespace kvbench::crash

#endif  // KVBENCH_HOST_CRASH_CRASH_PLAN_HPP_
