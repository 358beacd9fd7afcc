#include "workload/profile_workload.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <climits>

namespace kvbench::workload {
namespace {

TEST(ProfileWorkloadTest, DefaultsFollowTheSpec) {
  const WorkloadParams p = WorkloadParams::Defaults(100000);
  EXPECT_EQ(p.reads, 100000);
  EXPECT_EQ(p.queries, 25000);
  EXPECT_EQ(p.post_queries, 25000);
  EXPECT_EQ(p.seed, 570123434);
  EXPECT_EQ(p.query_limit, 100);
  const WorkloadParams small = WorkloadParams::Defaults(10000);
  EXPECT_EQ(small.queries, 10000);
  EXPECT_EQ(WorkloadParams::Defaults(10001).queries, 2500);
  const WorkloadParams d;
  EXPECT_EQ(d.reads, p.reads);
  EXPECT_EQ(d.queries, p.queries);
}

TEST(ProfileWorkloadTest, ValidateNamesTheField) {
  WorkloadParams p = WorkloadParams::Defaults(10);
  EXPECT_TRUE(p.Validate().ok());
  p.updates = -1;
  EXPECT_NE(p.Validate().message().find("updates"), std::string::npos);
  p = WorkloadParams::Defaults(0);
  EXPECT_NE(p.Validate().message().find("profiles"), std::string::npos);
  p = WorkloadParams::Defaults(10);
  p.query_limit = 0;
  EXPECT_NE(p.Validate().message().find("query_limit"), std::string::npos);
}

TEST(ProfileWorkloadTest, PhaseNamesRoundTrip) {
  EXPECT_STREQ(PhaseName(PhaseId::kInsert), "insert profiles");
  EXPECT_STREQ(PhaseName(PhaseId::kPostQueryTopReputation), "post-update query top reputation");
  for (PhaseId p : kAllPhases) EXPECT_EQ(PhaseFromName(PhaseName(p)), p);
  EXPECT_EQ(PhaseFromName("insert"), std::nullopt);
}

TEST(ProfileWorkloadTest, OperationsPerPhase) {
  WorkloadParams p = WorkloadParams::Defaults(1000);
  p.reads = 1;
  p.email_reads = 2;
  p.queries = 3;
  p.updates = 4;
  p.post_reads = 5;
  p.post_email_reads = 6;
  p.post_queries = 7;
  ProfileWorkload w(p);
  EXPECT_EQ(w.Operations(PhaseId::kInsert), 1000);
  EXPECT_EQ(w.Operations(PhaseId::kReadById), 1);
  EXPECT_EQ(w.Operations(PhaseId::kLookupByEmail), 2);
  EXPECT_EQ(w.Operations(PhaseId::kQueryCreatedAt), 3);
  EXPECT_EQ(w.Operations(PhaseId::kQueryTopReputation), 3);
  EXPECT_EQ(w.Operations(PhaseId::kUpdate), 4);
  EXPECT_EQ(w.Operations(PhaseId::kPostReadById), 5);
  EXPECT_EQ(w.Operations(PhaseId::kPostLookupByEmail), 6);
  EXPECT_EQ(w.Operations(PhaseId::kPostScanTopReputation), 7);
}

TEST(ProfileWorkloadTest, PlanSectionsStartWhereThePreviousEnds) {
  Plan plan(570123434, 100000, {3, 2, 4, 2, 1, 1, 1, 1});
  DotNetRandom r(570123434);
  EXPECT_TRUE(plan.Start(PlanSection::kPointReads) == r);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(Plan::DrawUserId(r, 100000), (std::array<int64_t, 3>{29342, 9152, 7965})[i]);
  EXPECT_TRUE(plan.Start(PlanSection::kEmailReads) == r);
  for (int i = 0; i < 2; ++i) Plan::DrawUserId(r, 100000);
  EXPECT_TRUE(plan.Start(PlanSection::kCountryStatusQueries) == r);
  for (int i = 0; i < 4; ++i) Plan::DrawCountryStatus(r);
  EXPECT_TRUE(plan.Start(PlanSection::kCreatedAtRanges) == r);
  for (int i = 0; i < 2; ++i) Plan::DrawCreatedAtStart(r, 100000);
  EXPECT_TRUE(plan.Start(PlanSection::kUpdates) == r);
}

// Issue 41, case 8: query_limit up to 2^31-1 was accepted and its result buffer allocated up front (8 bytes x
// limit: 16 GiB here). A query returns at most one entry per profile: the buffer is sized by that. The
// construction runs in a child whose address space is capped at 1 GiB.
TEST(ProfileWorkloadTest, AHugeQueryLimitAllocatesOnlyWhatAQueryCanReturn) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "a sanitizer's shadow memory cannot be mapped under a 1 GiB address-space cap";
#endif
  const pid_t pid = ::fork();
  if (pid == 0) {
    const struct rlimit cap = {uint64_t{1} << 30, uint64_t{1} << 30};
    ::setrlimit(RLIMIT_AS, &cap);
    try {
      WorkloadParams params = WorkloadParams::Defaults(1000);
      params.query_limit = INT32_MAX;
      ProfileWorkload workload(params);
    } catch (...) {
      ::_exit(1);
    }
    ::_exit(0);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "status " << status;
}

}  // namespace
}  // namespace kvbench::workload
