// kvbench compare: pass, slowdown beyond the threshold and changed checksums, through the command's exit status
// and through the Comparison it computes.
#include "report/compare.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "report_test_support.hpp"

namespace kvbench::report {
namespace {

using testing::FixturePath;
using testing::ReadJson;
using testing::TempDir;
using testing::WriteJson;

class CompareTest : public ::testing::Test {
 protected:
  std::string Baseline() const { return FixturePath("three_engines.json").string(); }

  // The fixture with `edit` applied, saved as a new file.
  template <typename Edit>
  std::string Current(Edit edit) {
    nlohmann::ordered_json doc = ReadJson(Baseline());
    edit(doc);
    const std::string path = (dir_.path() / ("current" + std::to_string(++files_) + ".json")).string();
    WriteJson(path, doc);
    return path;
  }

  // Slows ZoneTree's insert phase by `factor` (time up, throughput down).
  static void SlowInsert(nlohmann::ordered_json& doc, double factor) {
    auto& phase = doc["engines"][0]["phases"][0];
    phase["elapsed_ms"] = phase["elapsed_ms"].get<double>() * factor;
    phase["ops_per_s"] = phase["ops_per_s"].get<double>() / factor;
  }

  int Run(std::vector<std::string> args) {
    args.push_back("--out");
    args.push_back((dir_.path() / "table.txt").string());
    return cli::CompareCommand(args);
  }

  std::string Table() const { return testing::ReadFile(dir_.path() / "table.txt"); }

  TempDir dir_;
  int files_ = 0;
};

TEST_F(CompareTest, IdenticalResultsPass) {
  EXPECT_EQ(Run({Baseline(), Current([](auto&) {})}), 0);
  const std::string table = Table();
  EXPECT_NE(table.find("Checksums: 36 compared, 0 changed"), std::string::npos) << table;
  EXPECT_NE(table.find("Result: passed"), std::string::npos);
  EXPECT_NE(table.find("insert profiles"), std::string::npos);
  EXPECT_NE(table.find("run time"), std::string::npos);
}

TEST_F(CompareTest, SlowdownBeyondTheThresholdFails) {
  const std::string slow = Current([](auto& doc) { SlowInsert(doc, 1.25); });  // -20%
  EXPECT_EQ(Run({Baseline(), slow}), 1);
  EXPECT_NE(Table().find("REGRESSION"), std::string::npos);
  EXPECT_NE(Table().find("-20.0%"), std::string::npos);
  EXPECT_EQ(Run({Baseline(), slow, "--threshold", "25"}), 0);
  EXPECT_EQ(Run({Baseline(), Current([](auto& doc) { SlowInsert(doc, 1.05); })}), 0);  // -4.8% < 10%
}

TEST_F(CompareTest, FasterIsNotARegression) {
  EXPECT_EQ(Run({Baseline(), Current([](auto& doc) { SlowInsert(doc, 0.5); })}), 0);
  EXPECT_NE(Table().find("improved"), std::string::npos);
}

TEST_F(CompareTest, ChangedChecksumAlwaysFails) {
  const std::string changed =
      Current([](auto& doc) { doc["engines"][1]["phases"][3]["checksum"] = "0123456789ABCDEF"; });
  EXPECT_EQ(Run({Baseline(), changed, "--threshold", "1000"}), 1);
  const std::string table = Table();
  EXPECT_NE(table.find("Checksums: 36 compared, 1 changed"), std::string::npos) << table;
  EXPECT_NE(table.find("0123456789ABCDEF"), std::string::npos);
  EXPECT_NE(table.find("CHANGED"), std::string::npos);

  Results base, cur;
  ASSERT_TRUE(LoadAndMerge({Baseline()}, &base).ok());
  ASSERT_TRUE(LoadAndMerge({changed}, &cur).ok());
  Comparison cmp;
  ASSERT_TRUE(Compare(base, cur, 10.0, &cmp).ok());
  EXPECT_TRUE(cmp.failed);
  ASSERT_EQ(cmp.checksum_rows.size(), 1u);
  EXPECT_EQ(cmp.checksum_rows[0].engine, "RocksDB");
  EXPECT_EQ(cmp.checksum_rows[0].metric, "scan country/status index");
}

TEST_F(CompareTest, AnEngineThatStoppedCompletingFails) {
  EXPECT_EQ(Run({Baseline(), Current([](auto& doc) { doc["engines"][1]["status"] = "Crashed"; })}), 1);
  EXPECT_NE(Table().find("FAILED"), std::string::npos);
}

TEST_F(CompareTest, DifferentWorkloadsCannotBeCompared) {
  EXPECT_EQ(Run({Baseline(), Current([](auto& doc) { doc["workload"]["profiles"] = 1000000; })}), 2);
  // The message names the parameter that differs, not always the profile count.
  Results base, cur;
  ASSERT_TRUE(LoadAndMerge({Baseline()}, &base).ok());
  ASSERT_TRUE(LoadAndMerge({Current([](auto& doc) { doc["workload"]["seed"] = 7; })}, &cur).ok());
  Comparison cmp;
  const Status s = Compare(base, cur, 10.0, &cmp);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("(seed 570123434 vs 7)"), std::string::npos) << s.message();
}

TEST_F(CompareTest, NoEngineInCommonIsNotAPass) {
  const std::string renamed = Current([](auto& doc) {
    for (auto& engine : doc["engines"]) engine["name"] = engine["name"].template get<std::string>() + "-2";
  });
  EXPECT_EQ(Run({Baseline(), renamed}), 2);
  Results base, cur;
  ASSERT_TRUE(LoadAndMerge({Baseline()}, &base).ok());
  ASSERT_TRUE(LoadAndMerge({renamed}, &cur).ok());
  Comparison cmp;
  const Status s = Compare(base, cur, 10.0, &cmp);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("no engine is in both files"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("ZoneTree-2"), std::string::npos) << s.message();
}

TEST_F(CompareTest, MarkdownFormatAndUsageErrors) {
  EXPECT_EQ(Run({Baseline(), Current([](auto&) {}), "--format", "markdown"}), 0);
  EXPECT_NE(Table().find("| Engine | Phase | Baseline | Current | Change | Verdict |"), std::string::npos);
  EXPECT_THROW(cli::CompareCommand({Baseline()}), cli::UsageError);
  EXPECT_THROW(cli::CompareCommand({Baseline(), Baseline(), "--threshold", "-3"}), cli::UsageError);
  // A threshold no change can exceed would switch the check off.
  EXPECT_THROW(cli::CompareCommand({Baseline(), Baseline(), "--threshold", "nan"}), cli::UsageError);
  EXPECT_THROW(cli::CompareCommand({Baseline(), Baseline(), "--threshold", "inf"}), cli::UsageError);
  EXPECT_THROW(cli::CompareCommand({Baseline(), Baseline(), "--format", "xml"}), cli::UsageError);
  EXPECT_THROW(cli::CompareCommand({Baseline(), Baseline(), "--format", "github-action-benchmark"}), cli::UsageError);
}

// Issue 41, case 5: `compare A B --out B` replaced the input B with the comparison table.
TEST_F(CompareTest, AnOutThatIsAnInputIsRefusedAndTheInputKept) {
  const std::string current = Current([](auto&) {});
  const std::string before = testing::ReadFile(current);
  EXPECT_EQ(cli::CompareCommand({Baseline(), current, "--out", current}), 2);
  EXPECT_EQ(testing::ReadFile(current), before);
  // Through a symlink too: the same file.
  const std::string link = (dir_.path() / "link.json").string();
  std::filesystem::create_symlink(current, link);
  EXPECT_EQ(cli::CompareCommand({Baseline(), current, "--out", link}), 2);
  EXPECT_EQ(testing::ReadFile(current), before);
  EXPECT_TRUE(std::filesystem::is_symlink(link));
}

TEST_F(CompareTest, ExportFormatsWriteTheCurrentResults) {
  const std::string base = (dir_.path() / "dash").string();
  EXPECT_EQ(
      cli::CompareCommand({Baseline(), Current([](auto&) {}), "--format", "github-action-benchmark", "--out", base}),
      0);
  const auto bigger = ReadJson(base + "-bigger.json");
  const auto smaller = ReadJson(base + "-smaller.json");
  ASSERT_TRUE(bigger.is_array());
  ASSERT_TRUE(smaller.is_array());
  EXPECT_EQ(bigger[0]["name"], "ZoneTree/insert profiles");
  const std::string bencher = (dir_.path() / "bmf.json").string();
  EXPECT_EQ(cli::CompareCommand({Baseline(), Current([](auto& doc) { SlowInsert(doc, 2.0); }), "--format", "bencher",
                                 "--out", bencher}),
            1);
  EXPECT_TRUE(ReadJson(bencher).contains("ZoneTree/insert profiles"));
}

}  // namespace
}  // namespace kvbench::report
