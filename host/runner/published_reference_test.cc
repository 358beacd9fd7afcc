#include "runner/published_reference.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "runner/correctness.hpp"

namespace kvbench::runner {
namespace {

using workload::PhaseId;
using workload::WorkloadParams;

TEST(PublishedReferenceTest, TheCompiledInFilesAreTheOnesInConfigsReference) {
  const char* source = std::getenv("KVBENCH_SOURCE_DIR");
  ASSERT_NE(source, nullptr);
  ASSERT_EQ(PublishedReferenceFiles().size(), 2u);
  for (const auto& [name, text] : PublishedReferenceFiles()) {
    std::ifstream in(std::string(source) + "/" + name, std::ios::binary);
    std::ostringstream file;
    file << in.rdbuf();
    EXPECT_EQ(text, file.str()) << name;
  }
}

TEST(PublishedReferenceTest, FindsTheRunOfExactlyThisWorkload) {
  const PublishedRun* run = FindPublishedRun(WorkloadParams::Defaults(100000));
  ASSERT_NE(run, nullptr);
  EXPECT_EQ(run->name, "the published 100K run");
  EXPECT_EQ(run->file, "configs/reference/profile-store-linux.json");
  ASSERT_EQ(run->phase_checksums.size(), 16u);
  EXPECT_EQ(run->phase_checksums[0], std::make_pair(std::string("insert profiles"), std::string("37C6E9056D5AC045")));
  EXPECT_EQ(run->final_checksum, "1C7232F217FD84C5");
  ASSERT_NE(FindPublishedRun(WorkloadParams::Defaults(1000000)), nullptr);
  EXPECT_EQ(FindPublishedRun(WorkloadParams::Defaults(1000000))->name, "the published 1M run");
  EXPECT_NE(FindPublishedRun(WorkloadParams::Defaults(500000)), nullptr);

  WorkloadParams limit50 = WorkloadParams::Defaults(100000);
  limit50.query_limit = 50;
  ASSERT_NE(FindPublishedRun(limit50), nullptr);
  EXPECT_EQ(FindPublishedRun(limit50)->name, "the published 100K run with query limit 50");
  EXPECT_EQ(FindPublishedRun(limit50)->phase_checksums[3].second, "E552753D44C21BA5");

  EXPECT_EQ(FindPublishedRun(WorkloadParams::Defaults(2000)), nullptr);
  WorkloadParams fewer_reads = WorkloadParams::Defaults(100000);
  fewer_reads.reads = 99999;
  EXPECT_EQ(FindPublishedRun(fewer_reads), nullptr);
  WorkloadParams other_seed = WorkloadParams::Defaults(100000);
  other_seed.seed = 1;
  EXPECT_EQ(FindPublishedRun(other_seed), nullptr);
}

TEST(PublishedReferenceTest, TheParallelRunMatchesOnlyItsParallelism) {
  // 100K, 500K, 1M at query limit 100; 100K at 50 with one worker and with 16.
  EXPECT_EQ(PublishedRuns().size(), 5u);
  WorkloadParams p16 = WorkloadParams::Defaults(100000);
  p16.query_limit = 50;
  p16.parallelism = 16;
  const PublishedRun* run = FindPublishedRun(p16);
  ASSERT_NE(run, nullptr);
  EXPECT_EQ(run->name, "the published 100K run with 16 workers and query limit 50");
  EXPECT_EQ(run->phase_checksums[0].second, "97D1578AB310103B");
  EXPECT_EQ(run->final_checksum, "1C7232F217FD84C5");
  p16.parallelism = 2;  // no publication at 2 workers
  EXPECT_EQ(FindPublishedRun(p16), nullptr);
  p16.parallelism = 1;
  ASSERT_NE(FindPublishedRun(p16), nullptr);
  EXPECT_EQ(FindPublishedRun(p16)->phase_checksums[0].second, "37C6E9056D5AC045");
}

std::vector<std::string> Names(const std::vector<std::pair<std::string, std::string>>& checksums) {
  std::vector<std::string> out;
  for (const auto& c : checksums) out.push_back(c.first);
  return out;
}

TEST(PublishedReferenceTest, APhaseChecksumHoldsWhenTheStoresChangedAsInThePublishedRun) {
  const PublishedRun& run = *FindPublishedRun(WorkloadParams::Defaults(100000));
  const std::vector<PhaseId> all(workload::kAllPhases.begin(), workload::kAllPhases.end());
  EXPECT_EQ(ApplicableChecksums(run, all).size(), 17u);
  EXPECT_EQ(ApplicableChecksums(run, all).back(), std::make_pair(std::string(kFinalChecksum), run.final_checksum));

  // No update: the reads hold, the final checksum (verify after the updates) does not.
  EXPECT_EQ(Names(ApplicableChecksums(run, {PhaseId::kInsert, PhaseId::kReadById, PhaseId::kScanTopReputation})),
            (std::vector<std::string>{"insert profiles", "read by user id", "scan top reputation index"}));
  // Update without the reads before it: its checksum and the post-update phases still hold, and the final one.
  EXPECT_EQ(
      Names(ApplicableChecksums(run, {PhaseId::kInsert, PhaseId::kUpdate, PhaseId::kPostReadById})),
      (std::vector<std::string>{"insert profiles", "update profiles", "post-update read by user id", kFinalChecksum}));
}

}  // namespace
}  // namespace kvbench::runner
