// The report's files in its directory: written together or not at all (a failed write leaves the earlier report
// as it was and says why), and a report written over an earlier one removes the earlier one's timeline charts it
// does not draw, and nothing else.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "report/report_writer.hpp"
#include "report/results.hpp"
#include "report_test_support.hpp"

namespace kvbench::report {
namespace {

namespace fs = std::filesystem;
using testing::FixturePath;
using testing::ReadFile;
using testing::ReadJson;
using testing::TempDir;
using testing::WriteFile;
using testing::WriteJson;

constexpr const char* kTimeline = "timeline-zonetree-insert-profiles.svg";  // only ZoneTree has a timeline

// The fixture without ZoneTree, as a results file in `dir`.
std::string WithoutZoneTree(const TempDir& dir) {
  nlohmann::ordered_json doc = ReadJson(FixturePath("three_engines.json"));
  doc["engines"].erase(0);
  doc.erase("correctness");
  const fs::path path = dir.path() / "without-zonetree.json";
  WriteJson(path, doc);
  return path.string();
}

std::vector<std::string> TemporaryFiles(const fs::path& dir) {
  std::vector<std::string> found;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().filename().string().find(".tmp") != std::string::npos) found.push_back(entry.path());
  }
  return found;
}

// Issue 41, case 13: a results file whose deep_verify.clean is a string failed report/compare/scaling with a raw
// exception naming neither file nor member.
TEST(ReportOutputTest, AMemberOfTheWrongTypeNamesTheFileAndTheMember) {
  TempDir dir;
  nlohmann::ordered_json doc = ReadJson(FixturePath("three_engines.json"));
  doc["engines"][0]["deep_verify"] = {{"clean", "yes"}};
  const fs::path path = dir.path() / "hostile.json";
  WriteJson(path, doc);
  Results results;
  const Status s = LoadResultsFile(path.string(), &results);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), path.string() + ": engine " + doc["engines"][0]["name"].get<std::string>() +
                             ": deep_verify.clean is \"yes\", not true or false");
  EXPECT_FALSE(WriteReport({path.string()}, (dir.path() / "report").string()).ok());
}

// Issue 41, case 13: hostile numbers printed as negative counts and put inf/nan into the SVG coordinates.
TEST(ReportOutputTest, HostileNumbersAreNotShownNorDrawn) {
  TempDir dir;
  nlohmann::ordered_json doc = ReadJson(FixturePath("three_engines.json"));
  for (auto& engine : doc["engines"]) {
    for (auto& phase : engine["phases"]) {
      phase["operations"] = -5;
      phase["elapsed_ms"] = 1e308;
      phase["ops_per_s"] = 1.7e308;
    }
    engine["storage_bytes"] = -1;
    engine["amplification"]["logical_bytes_written"] = 1e-300;
  }
  const fs::path path = dir.path() / "hostile.json";
  WriteJson(path, doc);
  Results results;
  ASSERT_TRUE(LoadResultsFile(path.string(), &results).ok());
  EXPECT_FALSE(results.engines[0].phases[0].operations.has_value());
  EXPECT_FALSE(results.engines[0].phases[0].elapsed_ms.has_value());
  EXPECT_FALSE(results.engines[0].storage_bytes.has_value());
  const fs::path out = dir.path() / "report";
  const Status s = WriteReport({path.string()}, out.string());
  ASSERT_TRUE(s.ok()) << s.message();
  const std::string md = ReadFile(out / "report.md");
  EXPECT_EQ(md.find("| -5"), std::string::npos) << md;
  for (const auto& entry : fs::directory_iterator(out)) {
    if (entry.path().extension() != ".svg") continue;
    const std::string svg = ReadFile(entry.path());
    EXPECT_EQ(svg.find("inf"), std::string::npos) << entry.path();
    EXPECT_EQ(svg.find("nan"), std::string::npos) << entry.path();
  }
}

// The audit's case: a rerun into the same directory left the earlier run's timeline-*.svg behind.
TEST(ReportOutputTest, ARerunRemovesTheEarlierTimelineChartsAndKeepsTheUsersFiles) {
  TempDir dir;
  const fs::path out = dir.path() / "report";
  ASSERT_TRUE(WriteReport({FixturePath("three_engines.json").string()}, out.string()).ok());
  ASSERT_TRUE(fs::exists(out / kTimeline));
  WriteFile(out / "timeline-notes.svg", "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n");
  WriteFile(out / "timeline-mine.txt", "notes");
  WriteFile(out / "notes.md", "mine");

  const Status s = WriteReport({WithoutZoneTree(dir)}, out.string());
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_FALSE(fs::exists(out / kTimeline)) << "a chart of an engine that is no longer in the report";
  EXPECT_TRUE(fs::exists(out / "timeline-notes.svg"));
  EXPECT_TRUE(fs::exists(out / "timeline-mine.txt"));
  EXPECT_TRUE(fs::exists(out / "notes.md"));
  EXPECT_TRUE(fs::exists(out / "execution-time.svg"));
}

// The audit's case: a failed write left some files new and the rest old, and the message gave no reason.
TEST(ReportOutputTest, AFileThatIsADirectoryLeavesTheEarlierReportAsItWasAndSaysWhy) {
  TempDir dir;
  const fs::path out = dir.path() / "report";
  ASSERT_TRUE(WriteReport({WithoutZoneTree(dir)}, out.string()).ok());
  const std::string earlier_md = ReadFile(out / "report.md");
  const std::string earlier_chart = ReadFile(out / "execution-time.svg");
  fs::remove(out / "report.html");
  fs::create_directories(out / "report.html");

  const Status s = WriteReport({FixturePath("three_engines.json").string()}, out.string());
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find((out / "report.html").string() + ": Is a directory"), std::string::npos) << s.message();
  EXPECT_TRUE(ReadFile(out / "report.md") == earlier_md) << "report.md was replaced";
  EXPECT_TRUE(ReadFile(out / "execution-time.svg") == earlier_chart) << "execution-time.svg was replaced";
  EXPECT_FALSE(fs::exists(out / kTimeline));
  EXPECT_TRUE(TemporaryFiles(out).empty());
}

TEST(ReportOutputTest, AFailedWriteLeavesTheEarlierReportAsItWasAndSaysWhy) {
  TempDir dir;
  const fs::path out = dir.path() / "report";
  ASSERT_TRUE(WriteReport({WithoutZoneTree(dir)}, out.string()).ok());
  const std::string earlier_md = ReadFile(out / "report.md");
  // The temporary file of report.html cannot be created (a directory has its name).
  const fs::path blocked = out / ("report.html.tmp-" + std::to_string(::getpid()));
  fs::create_directories(blocked);

  const Status s = WriteReport({FixturePath("three_engines.json").string()}, out.string());
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("cannot create " + blocked.string() + ": Is a directory"), std::string::npos)
      << s.message();
  EXPECT_TRUE(ReadFile(out / "report.md") == earlier_md) << "report.md was replaced";
  EXPECT_FALSE(fs::exists(out / kTimeline));
  fs::remove(blocked);
  EXPECT_TRUE(TemporaryFiles(out).empty()) << TemporaryFiles(out).front();
}

}  // namespace
}  // namespace kvbench::report
