#include "crash/crash_plan.hpp"

#include <algorithm>
#include <array>

#include "workload/plan.hpp"
#include "workload/profile.hpp"

namespace kvbench::crash {

const char* CrashPhaseName(CrashPhase phase) {
  return phase == CrashPhase::kInsert ? workload::PhaseName(workload::PhaseId::kInsert)
                                      : workload::PhaseName(workload::PhaseId::kUpdate);
}

std::optional<CrashPhase> CrashPhaseFromName(std::string_view name) {
  if (name == CrashPhaseName(CrashPhase::kInsert)) return CrashPhase::kInsert;
  if (name == CrashPhaseName(CrashPhase::kUpdate)) return CrashPhase::kUpdate;
  return std::nullopt;
}

OpRange PhaseOps(const workload::WorkloadParams& params, CrashPhase phase) {
  const uint64_t insert_ops = static_cast<uint64_t>(params.profiles) * kOpsPerInsert;
  if (phase == CrashPhase::kInsert) return {1, insert_ops};
  return {insert_ops + 1, insert_ops + static_cast<uint64_t>(params.updates) * kOpsPerUpdate};
}

Status ExpectedAfterAcks(const workload::WorkloadParams& params, CrashPhase phase, uint64_t acked,
                         workload::ExpectedState* out) {
  const uint64_t insert_ops = static_cast<uint64_t>(params.profiles) * kOpsPerInsert;
  if (phase == CrashPhase::kInsert || acked < insert_ops) {
    const int64_t inserted = static_cast<int64_t>(std::min(acked, insert_ops) / kOpsPerInsert);
    Status s = workload::ExpectedState::Replay(params, inserted, 0, out);
    if (!s.ok()) return s;
    if (inserted < params.profiles) out->in_flight.push_back(inserted + 1);
    return Status::OK();
  }
  const int64_t updates = static_cast<int64_t>((acked - insert_ops) / kOpsPerUpdate);
  Status s = workload::ExpectedState::Replay(params, params.profiles, updates, out);
  if (!s.ok()) return s;
  if (updates < params.updates) {
    // The id of update number `updates` (0-based): the plan's UpdateIds section replayed that far.
    const workload::Plan plan(params.seed, params.profiles, workload::SectionCounts(params));
    workload::DotNetRandom r = plan.Start(workload::PlanSection::kUpdates);
    int64_t id = 0;
    for (int64_t i = 0; i <= updates; ++i) id = workload::Plan::DrawUserId(r, params.profiles);
    out->in_flight.push_back(id);
  }
  return Status::OK();
}

KillTarget PickKillTarget(uint64_t seed, std::string_view engine, int kill, const workload::WorkloadParams& params) {
  workload::Checksum name;
  name.AddString(engine);
  const uint64_t per_engine = workload::Mix(seed ^ name.value());
  const uint64_t r = workload::Mix(per_engine + static_cast<uint64_t>(kill));
  KillTarget t;
  const bool update_first = (per_engine & 1) != 0;
  const bool update = params.updates > 0 && ((kill % 2 == 1) != update_first);
  t.phase = update ? CrashPhase::kUpdate : CrashPhase::kInsert;
  const OpRange range = PhaseOps(params, t.phase);
  t.target_ops = range.first + r % (range.last - range.first + 1);
  return t;
}

}  // namespace kvbench::crash
