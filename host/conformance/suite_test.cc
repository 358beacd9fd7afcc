#include "conformance/suite.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <stdexcept>

#include "common/temp_dir.hpp"

namespace kvbench::conformance {
namespace {

TEST(SuiteTest, CheckNamesAreUniqueAndGrouped) {
  std::set<std::string> names;
  for (const Check& c : AllChecks()) {
    const std::string name = c.name;
    EXPECT_TRUE(names.insert(name).second) << "duplicate check " << name;
    EXPECT_NE(name.find('.'), std::string::npos) << name << " is not group.rule";
    EXPECT_NE(c.fn, nullptr) << name;
    EXPECT_GT(std::string(c.description).size(), 10u) << name;
  }
  // The rules the issue names are all covered.
  for (const char* required :
       {"load.version_negotiation", "load.host_abi_major_mismatch", "engine.open_empty_dir", "data.ordering_bytewise",
        "data.get_not_found", "data.overwrite", "data.delete", "iter.range_iterator", "iter.range_scan",
        "iter.range_host_fallback", "iter.end_vs_error", "durability.reopen", "config.unknown_key_rejected",
        "config.wrong_type_rejected", "abi.open_params_struct_size", "abi.scan_request_struct_size", "data.count",
        "data.concurrent_calls", "iter.consistent_view"}) {
    EXPECT_EQ(names.count(required), 1u) << required;
  }
}

TEST(SuiteTest, FilterSelectsBySubstringInOrder) {
  EXPECT_EQ(SelectChecks("").size(), AllChecks().size());
  std::vector<const Check*> iter = SelectChecks("iter.");
  ASSERT_FALSE(iter.empty());
  for (const Check* c : iter) EXPECT_EQ(std::string(c->name).rfind("iter.", 0), 0u) << c->name;
  EXPECT_TRUE(SelectChecks("no-such-check-name").empty());
}

// What RunCheck hands a check, and what it cleans up.
std::string g_seen_dir;
bool g_dir_was_empty = false;

TEST(SuiteTest, RunCheckGivesAFreshDirectoryAndRemovesIt) {
  Check check{"test.dir", "records its data directory", [](CheckContext& ctx) {
                g_seen_dir = ctx.data_dir();
                g_dir_was_empty = std::filesystem::is_directory(g_seen_dir) && std::filesystem::is_empty(g_seen_dir);
                std::ofstream(g_seen_dir + "/file") << "x";
                std::filesystem::create_directories(ctx.NewDir("second") + "/nested");
                return Outcome::Skip("not applicable");
              }};
  CheckResult r = RunCheck(check, nullptr);
  EXPECT_EQ(r.verdict, Verdict::kSkip);
  EXPECT_EQ(r.message, "not applicable");
  EXPECT_TRUE(g_dir_was_empty);
  EXPECT_FALSE(std::filesystem::exists(std::filesystem::path(g_seen_dir).parent_path())) << g_seen_dir;
}

TEST(SuiteTest, ThrowingCheckFails) {
  Check check{"test.throws", "throws", [](CheckContext&) -> Outcome { throw std::runtime_error("boom"); }};
  CheckResult r = RunCheck(check, nullptr);
  EXPECT_EQ(r.verdict, Verdict::kFail);
  EXPECT_NE(r.message.find("boom"), std::string::npos);
}

TEST(SuiteTest, FindCheckByExactName) {
  ASSERT_NE(FindCheck("data.overwrite"), nullptr);
  EXPECT_STREQ(FindCheck("data.overwrite")->name, "data.overwrite");
  EXPECT_EQ(FindCheck("data."), nullptr);  // a filter, not a name
  EXPECT_EQ(FindCheck("no-such-check"), nullptr);
}

// The worker's "check" event carries a result through this JSON: every verdict must come back as it went.
TEST(SuiteTest, CheckResultSurvivesJson) {
  for (Verdict v : {Verdict::kPass, Verdict::kFail, Verdict::kSkip}) {
    CheckResult r{"data.delete", v, "why \"quoted\"\n", 0.25, ""};
    const CheckResult back = CheckResultFromJson(CheckResultToJson(r));
    EXPECT_EQ(back.name, r.name);
    EXPECT_EQ(back.verdict, r.verdict) << VerdictName(v);
    EXPECT_EQ(back.message, r.message);
    EXPECT_EQ(back.seconds, r.seconds);
  }
  EXPECT_EQ(CheckResultFromJson(nlohmann::json::object()).verdict, Verdict::kFail);  // nothing read is no pass
}

TEST(SuiteTest, SummaryCountsVerdicts) {
  std::vector<CheckResult> results(5);
  results[0].verdict = results[1].verdict = Verdict::kPass;
  results[2].verdict = Verdict::kFail;
  results[3].verdict = results[4].verdict = Verdict::kSkip;
  SuiteSummary s = Summarize(results);
  EXPECT_EQ(s.passed, 2);
  EXPECT_EQ(s.failed, 1);
  EXPECT_EQ(s.skipped, 2);
}

TEST(TempDirTest, CreatesUniqueDirectoriesAndRemovesThem) {
  std::string a_path;
  {
    TempDir a, b;
    ASSERT_TRUE(TempDir::Create("kvbench-tempdir-test-", &a).ok());
    ASSERT_TRUE(TempDir::Create("kvbench-tempdir-test-", &b).ok());
    EXPECT_NE(a.path(), b.path());
    a_path = a.path();
    std::filesystem::create_directories(a_path + "/x/y");
    EXPECT_TRUE(std::filesystem::is_directory(a_path + "/x/y"));
  }
  EXPECT_FALSE(std::filesystem::exists(a_path));
}

}  // namespace
}  // namespace kvbench::conformance
