#include "crash/crash_plan.hpp"

#include <gtest/gtest.h>

#include <set>

#include "workload/plan.hpp"

namespace kvbench::crash {
namespace {

workload::WorkloadParams Params() {
  workload::WorkloadParams p = workload::WorkloadParams::Defaults(1000);
  p.updates = 800;
  return p;
}

TEST(CrashPlanTest, PhaseOpsFollowFivePerInsertThenFivePerUpdate) {
  const OpRange insert = PhaseOps(Params(), CrashPhase::kInsert);
  const OpRange update = PhaseOps(Params(), CrashPhase::kUpdate);
  EXPECT_EQ(insert.first, 1u);
  EXPECT_EQ(insert.last, 5000u);
  EXPECT_EQ(update.first, 5001u);
  EXPECT_EQ(update.last, 5000u + 800u * 5);
}

TEST(CrashPlanTest, InsertKillExpectsTheAcknowledgedPrefixWithTheNextIdInFlight) {
  workload::ExpectedState s;
  ASSERT_TRUE(ExpectedAfterAcks(Params(), CrashPhase::kInsert, 12, &s).ok());
  EXPECT_EQ(s.inserted, 2);
  EXPECT_EQ(s.in_flight, std::vector<int64_t>{3});
  EXPECT_TRUE(s.updates.empty());
  ASSERT_TRUE(ExpectedAfterAcks(Params(), CrashPhase::kInsert, 15, &s).ok());
  EXPECT_EQ(s.inserted, 3);
  EXPECT_EQ(s.in_flight, std::vector<int64_t>{4});
  ASSERT_TRUE(ExpectedAfterAcks(Params(), CrashPhase::kInsert, 5000, &s).ok());
  EXPECT_EQ(s.inserted, 1000);
  EXPECT_TRUE(s.in_flight.empty());
}

TEST(CrashPlanTest, UpdateKillExpectsTheAppliedUpdatesWithThePlansNextIdInFlight) {
  const workload::WorkloadParams p = Params();
  const workload::Plan plan(p.seed, p.profiles, workload::SectionCounts(p));
  workload::DotNetRandom r = plan.Start(workload::PlanSection::kUpdates);
  const int64_t first = workload::Plan::DrawUserId(r, p.profiles);
  const int64_t second = workload::Plan::DrawUserId(r, p.profiles);
  workload::ExpectedState s;
  ASSERT_TRUE(ExpectedAfterAcks(p, CrashPhase::kUpdate, 5000 + 7, &s).ok());
  EXPECT_EQ(s.inserted, 1000);
  EXPECT_EQ(s.Updates(first), 1);
  uint64_t total = 0;
  for (int64_t id = 1; id <= 1000; ++id) total += s.Updates(id);
  EXPECT_EQ(total, 1u);
  EXPECT_EQ(s.in_flight, std::vector<int64_t>{second});
  ASSERT_TRUE(ExpectedAfterAcks(p, CrashPhase::kUpdate, 5000 + 800 * 5, &s).ok());
  EXPECT_TRUE(s.in_flight.empty());
}

TEST(CrashPlanTest, KillTargetsAreSeededInRangeAndAlternatePhases) {
  const workload::WorkloadParams p = Params();
  std::set<uint64_t> targets;
  for (int k = 0; k < 6; ++k) {
    const KillTarget a = PickKillTarget(42, "ZoneTree", k, p);
    const KillTarget b = PickKillTarget(42, "ZoneTree", k, p);
    EXPECT_EQ(a.phase, b.phase);
    EXPECT_EQ(a.target_ops, b.target_ops);
    const OpRange range = PhaseOps(p, a.phase);
    EXPECT_GE(a.target_ops, range.first);
    EXPECT_LE(a.target_ops, range.last);
    if (k > 0) {
      EXPECT_NE(a.phase, PickKillTarget(42, "ZoneTree", k - 1, p).phase);
    }
    targets.insert(a.target_ops);
  }
  EXPECT_EQ(targets.size(), 6u);
  EXPECT_NE(PickKillTarget(42, "ZoneTree", 0, p).target_ops, PickKillTarget(43, "ZoneTree", 0, p).target_ops);
  EXPECT_NE(PickKillTarget(42, "ZoneTree", 0, p).target_ops, PickKillTarget(42, "RocksDB", 0, p).target_ops);
  workload::WorkloadParams no_updates = p;
  no_updates.updates = 0;
  for (int k = 0; k < 4; ++k) EXPECT_EQ(PickKillTarget(42, "X", k, no_updates).phase, CrashPhase::kInsert);
}

}  // namespace
}  // namespace kvbench::crash
