// The report's files in its directory: written together or not at all (a failed write leaves the earlier report
// as it was and says why), and a report written over an earlier one removes the earlier one's timeline charts it
// does not draw, and nothing else.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "report/report_writer.hpp"
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
