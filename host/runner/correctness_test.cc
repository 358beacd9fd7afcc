#include "runner/correctness.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

#include "runner/reference_run.hpp"

namespace kvbench::runner {
namespace {

nlohmann::json Engine(const std::string& name, const std::string& read_checksum, const std::string& final_checksum,
                      const std::string& status = "Completed") {
  return {{"name", name},
          {"status", status},
          {"phases",
           {{{"name", "insert profiles"}, {"checksum", "AAAA"}},
            {{"name", "read by user id"}, {"checksum", read_checksum}}}},
          {"final_checksum", final_checksum}};
}

ChecksumReference Published() {
  ChecksumReference ref;
  ref.kind = ChecksumReference::Kind::kPublished;
  ref.name = "the published 100K run";
  ref.checksums = {{"insert profiles", "AAAA"}, {"read by user id", "BBBB"}, {kFinalChecksum, "FFFF"}};
  return ref;
}

TEST(CorrectnessTest, AgainstAReferenceTheMismatchNamesTheEngineThatDiffers) {
  const nlohmann::json c =
      CheckCorrectness({Engine("Broken", "BBBB", "EEEE"), Engine("Good", "BBBB", "FFFF")}, Published());
  EXPECT_EQ(c["passed"], false);
  ASSERT_EQ(c["mismatches"].size(), 1u);
  EXPECT_EQ(c["mismatches"][0]["engine"], "Broken");
  EXPECT_EQ(c["mismatches"][0]["expected"], "FFFF");
  EXPECT_EQ(c["mismatches"][0]["expected_from"], "the published 100K run");
  EXPECT_EQ(c["message"],
            "Checksum validation failed: Broken differs from the published 100K run: final checksum EEEE (expected "
            "FFFF).");
}

TEST(CorrectnessTest, AgainstAReferenceALoneEngineIsChecked) {
  const nlohmann::json c = CheckCorrectness(nlohmann::json::array({Engine("Good", "BBBB", "FFFF")}), Published());
  EXPECT_EQ(c["passed"], true);
  EXPECT_EQ(c["checked"], true);
  EXPECT_EQ(c["reference"]["kind"], "published");
  EXPECT_EQ(c["message"],
            "Checksum validation passed: the checksums of Good (3 compared) match the published 100K run.");
}

TEST(CorrectnessTest, WithoutAReferenceDisagreeingEnginesAreNotToldApart) {
  ChecksumReference none;
  none.why_none = "no published run of this workload";
  const nlohmann::json c =
      CheckCorrectness({Engine("A", "B1", "F1"), Engine("B", "B2", "F1"), Engine("C", "B1", "F1")}, none);
  EXPECT_EQ(c["passed"], false);
  EXPECT_EQ(c["mismatches"].size(), 3u);  // each engine's checksum of the one phase that differs
  for (const nlohmann::json& m : c["mismatches"]) EXPECT_TRUE(m["expected"].is_null());
  EXPECT_EQ(c["message"],
            "Checksum validation failed: the engines disagree, and there is no reference to tell which is right (no "
            "published run of this workload): read by user id: A B1, B B2, C B1.");
}

TEST(CorrectnessTest, WithoutAReferenceALoneEngineIsNotCheckedAndTheMessageSaysWhy) {
  ChecksumReference none;
  none.why_none = "--reference none";
  const nlohmann::json c = CheckCorrectness({Engine("A", "B1", "F1"), Engine("Dead", "", "", "Crashed")}, none);
  EXPECT_EQ(c["passed"], true);
  EXPECT_EQ(c["checked"], false);
  EXPECT_EQ(c["message"], "Checksums not checked: one completed engine (A) and no reference (--reference none).");
}

TEST(CorrectnessTest, AReferenceEngineThatFailedFailsTheCheck) {
  ChecksumReference ref;
  ref.kind = ChecksumReference::Kind::kEngine;
  ref.name = "the reference engine memory";
  ref.why_none = "its run did not complete: Crashed";
  const nlohmann::json c = CheckCorrectness(nlohmann::json::array({Engine("A", "B1", "F1")}), ref);
  EXPECT_EQ(c["passed"], false);
  EXPECT_EQ(c["checked"], false);
  EXPECT_NE(c["message"].get<std::string>().find("its run did not complete"), std::string::npos);
}

TEST(CorrectnessTest, TheReferenceEngineOfTheRunIsNotComparedWithItself) {
  ChecksumReference ref;
  ref.kind = ChecksumReference::Kind::kEngine;
  ref.name = "the reference engine B";
  ref.engine_in_run = "B";
  ref.checksums = {{"read by user id", "B2"}, {kFinalChecksum, "F1"}};
  const nlohmann::json c = CheckCorrectness({Engine("A", "B1", "F1"), Engine("B", "B2", "F1")}, ref);
  ASSERT_EQ(c["mismatches"].size(), 1u);
  EXPECT_EQ(c["mismatches"][0]["engine"], "A");
}

// A lone engine with nothing published: the memory reference is skipped, and the run says why, when it cannot
// help. (Where it runs, tests/workload/reference_check_test.cc.)
class ReferenceDecisionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char path[] = "/tmp/kvbench-reference-XXXXXX";
    const int fd = ::mkstemp(path);
    ASSERT_GE(fd, 0);
    ::close(fd);
    memory_plugin_ = path;
    config_.workload.profiles = 2000;
    config_.phases.assign(workload::kAllPhases.begin(), workload::kAllPhases.end());
    config_.engines.resize(1);
    config_.engines[0].name = "Lone";
    plugins_.resize(1);
    plugins_[0].path = "/nonexistent/lone.so";
    choice_.plugin_path = memory_plugin_;
  }
  void TearDown() override { ::unlink(memory_plugin_.c_str()); }

  ChecksumReference Decide(std::optional<uint64_t> available) {
    return DecideReference(config_, plugins_, nlohmann::json::array({Engine("Lone", "B", "F")}), choice_,
                           {.out_dir = "/nonexistent", .executable = "", .available_memory_bytes = available});
  }

  std::string memory_plugin_;
  config::RunConfig config_;
  std::vector<CheckedPlugin> plugins_;
  ReferenceChoice choice_;
};

TEST_F(ReferenceDecisionTest, SkippedWhenTheMachineHasNotTheMemoryItNeeds) {
  EXPECT_EQ(MemoryReferenceNeedBytes(2000), (uint64_t{64} << 20) + 2000 * 1100);
  const ChecksumReference ref = Decide(uint64_t{32} << 20);
  EXPECT_EQ(ref.kind, ChecksumReference::Kind::kNone);
  EXPECT_EQ(ref.why_none,
            "no published run of this workload (2000 profiles, seed 570123434, query limit 100); the reference engine "
            "memory was skipped: it needs about 67 MiB for 2000 profiles and 32 MiB are available");
}

TEST_F(ReferenceDecisionTest, SkippedWhenTheLoneEngineIsTheMemoryEngine) {
  plugins_[0].path = memory_plugin_;
  const ChecksumReference ref = Decide(std::nullopt);
  EXPECT_EQ(ref.kind, ChecksumReference::Kind::kNone);
  EXPECT_NE(ref.why_none.find("Lone is the reference engine memory itself"), std::string::npos) << ref.why_none;
}

TEST_F(ReferenceDecisionTest, SkippedWhenTheMemoryEngineIsNotInstalled) {
  choice_.plugin_path = "/nonexistent/memory.so";
  const ChecksumReference ref = Decide(std::nullopt);
  EXPECT_EQ(ref.kind, ChecksumReference::Kind::kNone);
  EXPECT_NE(ref.why_none.find("is not installed (looked for /nonexistent/memory.so)"), std::string::npos);
}

TEST_F(ReferenceDecisionTest, APublishedRunComesFirst) {
  config_.workload.profiles = 100000;
  const ChecksumReference ref = Decide(uint64_t{1} << 20);
  EXPECT_EQ(ref.kind, ChecksumReference::Kind::kPublished);
  EXPECT_EQ(ref.name, "the published 100K run");
  EXPECT_EQ(ref.checksums.size(), 17u);
}

}  // namespace
}  // namespace kvbench::runner
