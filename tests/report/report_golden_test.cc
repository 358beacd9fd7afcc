// The fixed results file renders to the checked-in Markdown byte for byte, and the HTML page is well-formed,
// self-contained and holds every chart and every table. Regenerate the golden file after an intended format
// change with: KVBENCH_UPDATE_GOLDEN=1 build/tests/report_golden_test (then review the diff).
#include <gtest/gtest.h>

#include <cstdlib>

#include "html_checker.hpp"
#include "report/csv_writer.hpp"
#include "report/document.hpp"
#include "report/html_writer.hpp"
#include "report/markdown_writer.hpp"
#include "report/report_writer.hpp"
#include "report/results.hpp"
#include "report/text_table.hpp"
#include "report_test_support.hpp"

namespace kvbench::report {
namespace {

using testing::FixturePath;
using testing::ReadFile;
using testing::SourceDir;
using testing::TempDir;

constexpr const char* kFixture = "three_engines.json";
constexpr const char* kGolden = "three_engines.md";

size_t CountOf(const std::string& haystack, const std::string& needle) {
  size_t n = 0;
  for (size_t pos = haystack.find(needle); pos != std::string::npos; pos = haystack.find(needle, pos + 1)) ++n;
  return n;
}

Results LoadFixture() {
  Results results;
  Status s = LoadAndMerge({FixturePath(kFixture).string()}, &results);
  EXPECT_TRUE(s.ok()) << s.message();
  return results;
}

TEST(ReportGoldenTest, MarkdownMatchesTheGoldenFileByteForByte) {
  const std::string markdown = RenderMarkdown(BuildDocument(LoadFixture()));
  const auto golden_path = SourceDir() / "golden" / kGolden;
  if (const char* update = std::getenv("KVBENCH_UPDATE_GOLDEN"); update != nullptr && std::string(update) == "1") {
    std::filesystem::create_directories(golden_path.parent_path());
    testing::WriteFile(golden_path, markdown);
    GTEST_SKIP() << "golden file rewritten: " << golden_path;
  }
  const std::string golden = ReadFile(golden_path);
  if (markdown != golden) {
    size_t at = 0;
    while (at < markdown.size() && at < golden.size() && markdown[at] == golden[at]) ++at;
    const size_t line_start = golden.rfind('\n', at) == std::string::npos ? 0 : golden.rfind('\n', at) + 1;
    FAIL() << "report.md differs from " << golden_path << " at byte " << at
           << "\n expected: " << golden.substr(line_start, golden.find('\n', at) - line_start)
           << "\n actual:   " << markdown.substr(line_start, markdown.find('\n', at) - line_start)
           << "\n(set KVBENCH_UPDATE_GOLDEN=1 to regenerate after an intended change)";
  }
}

TEST(ReportGoldenTest, MarkdownHasEverySectionOfThePublishedReportInOrder) {
  const std::string md = RenderMarkdown(BuildDocument(LoadFixture()));
  const char* sections[] = {"# Benchmark 100K Profiles\n",
                            "## Charts\n",
                            "### Execution Time\n",
                            "### Write Throughput\n",
                            "### Lookup Throughput\n",
                            "### Index Scan Throughput\n",
                            "### Query Throughput\n",
                            "### Resource Footprint\n",
                            "## Total By Engine\n",
                            "## Correctness\n",
                            "## Interpretation Notes\n",
                            "## Write Readiness\n",
                            "## Phase Results\n",
                            "## Configuration\n",
                            "## Environment\n",
                            "## Engine Settings\n",
                            "## Durability Settings\n",
                            "## Latency\n",
                            "## Throughput Over Time\n",
                            "## Resources\n",
                            "## Amplification\n",
                            "## Failures\n"};
  size_t last = 0;
  for (const char* section : sections) {
    const size_t at = md.find(section, last);
    ASSERT_NE(at, std::string::npos) << "missing or out of order: " << section;
    last = at;
  }
  EXPECT_NE(md.find("Checksum validation passed across completed engines: ZoneTree, RocksDB."), std::string::npos);
  EXPECT_NE(md.find("| ZoneTree | Completed | 9_223 ms | 8_378 ms | 194 ms | 182 ms | 16 ms | 42 ms | 7 ms | 7.4 MB |"),
            std::string::npos);
  EXPECT_NE(md.find("| insert profiles | 100_000 | 528 ms | 189_394/s | 37C6E9056D5AC045 | 4.33 µs |"),
            std::string::npos);
  EXPECT_NE(md.find("![Execution Time](execution-time.svg)"), std::string::npos);
  EXPECT_NE(md.find("- Timeout: 120_000 seconds per engine\n"), std::string::npos);
  // The failed engine: n/a where it has no value, its error in Failures, escaped for Markdown.
  EXPECT_NE(md.find("| Broken\\<DB\\> | Failed | 1_102 ms | 972 ms | 13 ms | n/a | n/a |"), std::string::npos);
  EXPECT_NE(md.find("| Broken\\<DB\\> | Failed | lookup by email | n/a | get(id=4711) found nothing \\| profile"),
            std::string::npos);
}

TEST(ReportGoldenTest, HtmlIsWellFormedSelfContainedAndHasAllChartsAndTables) {
  const Results results = LoadFixture();
  const Document doc = BuildDocument(results);
  const std::string html = RenderHtml(doc);
  const testing::HtmlCheckResult check = testing::CheckHtml(html);
  ASSERT_TRUE(check.ok) << check.error;
  // Six charts of the report plus the two write-phase timelines of the engine with measurements.
  EXPECT_EQ(check.elements.at("svg"), 8);
  for (const char* title :
       {"Execution Time", "Write Throughput", "Lookup Throughput", "Index Scan Throughput", "Query Throughput",
        "Resource Footprint", "ZoneTree: insert profiles", "ZoneTree: update profiles"}) {
    EXPECT_NE(html.find(std::string("aria-label=\"") + title + "\""), std::string::npos) << title;
  }
  size_t tables = 0;
  for (const Block& b : doc.blocks) {
    if (b.kind != Block::Kind::kTable) continue;
    ++tables;
    std::string header_row = "<tr>";
    for (size_t c = 0; c < b.table.header.size(); ++c) {
      header_row +=
          std::string(b.table.align[c] == Align::kRight ? "<th class=\"num\">" : "<th>") + b.table.header[c] + "</th>";
    }
    EXPECT_NE(html.find(header_row + "</tr>"), std::string::npos) << header_row;
  }
  // Totals, write readiness, three phase tables, ZoneTree's latency and resources, amplification, failures.
  EXPECT_EQ(tables, 9u);
  EXPECT_EQ(static_cast<size_t>(check.elements.at("table")), tables);
  for (const char* id : {"charts", "total-by-engine", "correctness", "interpretation-notes", "write-readiness",
                         "phase-results", "configuration", "environment", "engine-settings", "durability-settings",
                         "latency", "throughput-over-time", "resources", "amplification", "failures"}) {
    EXPECT_NE(html.find(std::string("<h2 id=\"") + id + "\">"), std::string::npos) << id;
  }
  // Self-contained: no scripts, no external resources; the only URL is the SVG namespace.
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("<link"), std::string::npos);
  EXPECT_EQ(html.find("@import"), std::string::npos);
  EXPECT_EQ(CountOf(html, "http"), CountOf(html, "http://www.w3.org/2000/svg"));
  // Strings from the results are escaped.
  EXPECT_EQ(html.find("Broken<DB>"), std::string::npos);
  EXPECT_NE(html.find("Broken&lt;DB&gt;"), std::string::npos);
  EXPECT_NE(html.find("profile &lt;missing&gt; &amp; &quot;lost&quot;"), std::string::npos);
}

TEST(ReportGoldenTest, WriteReportWritesEveryFile) {
  TempDir dir;
  ReportOptions options;
  options.exports = {ExportFormat::kGithubActionBenchmark, ExportFormat::kBencher};
  std::vector<std::string> written;
  Status s = WriteReport({FixturePath(kFixture).string()}, dir.path().string(), options, &written);
  ASSERT_TRUE(s.ok()) << s.message();
  for (const char* name :
       {"report.md", "report.html", "results.csv", "execution-time.svg", "write-throughput.svg",
        "lookup-throughput.svg", "index-scan-throughput.svg", "query-throughput.svg", "resource-footprint.svg",
        "timeline-zonetree-insert-profiles.svg", "timeline-zonetree-update-profiles.svg", "benchmark-bigger.json",
        "benchmark-smaller.json", "bencher.json"}) {
    EXPECT_TRUE(std::filesystem::exists(dir.path() / name)) << name;
  }
  EXPECT_EQ(written.size(), 14u);
  EXPECT_EQ(ReadFile(dir.path() / "report.md"), RenderMarkdown(BuildDocument(LoadFixture())));
  // Each .svg is a standalone, well-formed document.
  const testing::HtmlCheckResult svg = testing::CheckHtml(ReadFile(dir.path() / "write-throughput.svg"));
  EXPECT_TRUE(svg.ok) << svg.error;
  // The two-argument entry point used by `kvbench run`.
  TempDir plain;
  ASSERT_TRUE(WriteReport({FixturePath(kFixture).string()}, plain.path().string()).ok());
  EXPECT_TRUE(std::filesystem::exists(plain.path() / "report.html"));
  EXPECT_FALSE(std::filesystem::exists(plain.path() / "bencher.json"));
}

TEST(ReportGoldenTest, CsvHasOneRowPerEngineAndPhaseOrStep) {
  const Results results = LoadFixture();
  const std::string csv = RenderCsv(results);
  size_t expected_rows = 1;  // header
  for (const Engine& e : results.engines) expected_rows += e.phases.size() + e.steps.size();
  EXPECT_EQ(CountOf(csv, "\r\n"), expected_rows);
  EXPECT_EQ(csv.rfind("engine,status,kind,phase,operations,elapsed_ms,ops_per_s,checksum,", 0), 0u);
  EXPECT_NE(csv.find("ZoneTree,Completed,phase,insert profiles,100000,528,"), std::string::npos);
  EXPECT_NE(csv.find("RocksDB,Completed,step,pre-read stabilize,,130.1817,,"), std::string::npos);
  // Every row has as many fields as the header (no field in the fixture needs quoting).
  const size_t header_commas = CountOf(csv.substr(0, csv.find("\r\n")), ",");
  size_t start = 0;
  while (start < csv.size()) {
    const size_t end = csv.find("\r\n", start);
    EXPECT_EQ(CountOf(csv.substr(start, end - start), ","), header_commas);
    start = end + 2;
  }
  EXPECT_EQ(CsvField("a,b"), "\"a,b\"");
  EXPECT_EQ(CsvField("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(CsvField("plain"), "plain");
  // Issue 41, case 6: a cell starting with =, +, -, @, tab or CR is a spreadsheet formula (OWASP): made text.
  EXPECT_EQ(CsvField("=HYPERLINK(\"http://x\")"), "\"'=HYPERLINK(\"\"http://x\"\")\"");
  EXPECT_EQ(CsvField("+cmd"), "'+cmd");
  EXPECT_EQ(CsvField("-2+3"), "'-2+3");
  EXPECT_EQ(CsvField("@SUM(A1)"), "'@SUM(A1)");
  EXPECT_EQ(CsvField("\tx"), "'\tx");
  EXPECT_EQ(CsvField("\rx"), "\"'\rx\"");
  EXPECT_EQ(CsvField("-12.5"), "-12.5");  // a number stays a number
  EXPECT_EQ(CsvField("+3"), "+3");
}

// Issue 41, case 6: control characters and ANSI escapes in names are shown escaped in Markdown and on the terminal.
TEST(ReportGoldenTest, ControlCharactersInNamesAreShownEscaped) {
  EXPECT_EQ(MarkdownEscape("\x1b[31mred\x07"), "\\x1B\\[31mred\\x07");
  const std::string table = PlainTable({"Engine", "x"}, {{"\x1b[2Jgone", "1"}});
  EXPECT_EQ(table.find('\x1b'), std::string::npos) << table;
  EXPECT_NE(table.find("\\x1B[2Jgone"), std::string::npos) << table;
}

TEST(ReportGoldenTest, ChangedChecksumIsReportedAsMismatch) {
  nlohmann::ordered_json doc = testing::ReadJson(FixturePath(kFixture));
  doc["engines"][1]["phases"][1]["checksum"] = "0000000000000001";
  Results results;
  ASSERT_TRUE(ParseResults(doc, "modified", &results).ok());
  EXPECT_FALSE(results.correctness.passed);
  ASSERT_EQ(results.correctness.mismatches.size(), 1u);
  EXPECT_EQ(results.correctness.mismatches[0].engine, "RocksDB");
  EXPECT_EQ(results.correctness.mismatches[0].expected_from, "ZoneTree");
  const std::string md = RenderMarkdown(BuildDocument(results));
  EXPECT_NE(md.find("Checksum validation failed: 1 mismatch across completed engines: ZoneTree, RocksDB."),
            std::string::npos);
  EXPECT_NE(md.find("| read by user id | RocksDB | 0000000000000001 | 3C75C3A02940F75F | ZoneTree |"),
            std::string::npos);
}

// A 20K-profile run's scan phase times ~628 operations (one in 8 of 5_000): p99.9 and p99.99 would be its slowest
// one. Files written before those were null still carry them; the report shows n/a and the sample count.
TEST(ReportGoldenTest, PercentilesTheSamplesCannotResolveAreNotAvailable) {
  nlohmann::ordered_json doc = testing::ReadJson(FixturePath(kFixture));
  nlohmann::ordered_json& latency = doc["engines"][0]["phases"][7]["measurements"]["latency"];
  ASSERT_EQ(doc["engines"][0]["phases"][7]["name"], "scan top reputation index");
  latency["count"] = 628;
  latency["p999"] = latency["p9999"] = latency["max"];
  Results results;
  ASSERT_TRUE(ParseResults(doc, "modified", &results).ok());
  const Latency& l = *results.engines[0].phases[7].measurements.latency;
  EXPECT_EQ(l.count, 628.0);
  EXPECT_EQ(l.p99, 20210.0);  // 628 samples resolve p99 (100 needed)
  EXPECT_FALSE(l.p999.has_value());
  EXPECT_FALSE(l.p9999.has_value());
  EXPECT_EQ(l.max, 1972920.0);

  const std::string md = RenderMarkdown(BuildDocument(results));
  EXPECT_NE(md.find("| Phase | Samples | p50 | p90 | p99 | p99.9 | p99.99 | Max | Mean |"), std::string::npos);
  EXPECT_NE(md.find("| scan top reputation index | 628 | 3.94 µs |"), std::string::npos) << md;
  EXPECT_NE(md.find(" | 20.2 µs | n/a | n/a | 1.97 ms | "), std::string::npos) << md;
  EXPECT_NE(
      md.find("| scan top reputation index | 25_000 | 120 ms | 207_814/s | 5045A3EB2C7535C5 | 3.94 µs | 20.2 µs | "
              "n/a |"),
      std::string::npos)
      << "Phase Results' p99.9 column too";
  EXPECT_NE(md.find("- A percentile p needs at least 1 / (1 - p) timed operations (p99 100, p99.9 1_000, p99.99 "
                    "10_000): with fewer it would only repeat the slowest one (Max), so it is shown as n/a"),
            std::string::npos)
      << md;
  const std::string csv = RenderCsv(results);
  EXPECT_NE(csv.find(",628,3945,"), std::string::npos);
  EXPECT_NE(csv.find(",20210,,,1972920,"), std::string::npos) << "p99.9 and p99.99 are empty cells";

  // The fixture as written: every phase resolves p99.99, so no such note.
  EXPECT_EQ(RenderMarkdown(BuildDocument(LoadFixture())).find("- A percentile p needs"), std::string::npos);
}

TEST(ReportGoldenTest, LatencyPrecisionNoteFollowsTheHistogram) {
  EXPECT_NE(RenderMarkdown(BuildDocument(LoadFixture()))
                .find("from a log-linear histogram: each is within 1/256 (0.39%) of the timed latency at its rank."),
            std::string::npos);
  nlohmann::ordered_json doc = testing::ReadJson(FixturePath(kFixture));
  doc["engines"][0]["phases"][2]["measurements"]["latency"]["histogram"]["sub_bucket_bits"] = 3;
  Results results;
  ASSERT_TRUE(ParseResults(doc, "coarse", &results).ok());
  EXPECT_NE(RenderMarkdown(BuildDocument(results)).find("each is within 1/16 (6.25%) of the timed latency"),
            std::string::npos)
      << "the coarsest histogram bounds them all";
}

// ru_maxrss can trail an RSS sampled from /proc (docs/results-schema.md): the process's peak is at least every
// phase's and step's peak.
TEST(ReportGoldenTest, ProcessPeakMemoryIsAtLeastEverySampledPeak) {
  nlohmann::ordered_json doc = testing::ReadJson(FixturePath(kFixture));
  doc["engines"][0]["peak_memory_bytes"] = 167000000;  // below the steps' 168_000_000
  Results results;
  ASSERT_TRUE(ParseResults(doc, "modified", &results).ok());
  EXPECT_EQ(results.engines[0].peak_memory_bytes, 168000000.0);
  EXPECT_EQ(results.engines[1].peak_memory_bytes, 171503616.0);  // no measurements: the file's figure
  doc["engines"][0]["peak_memory_bytes"] = nullptr;
  ASSERT_TRUE(ParseResults(doc, "unknown", &results).ok());
  EXPECT_FALSE(results.engines[0].peak_memory_bytes.has_value()) << "phase peaks are not the process's peak";
}

TEST(ReportGoldenTest, MinimalResultsRenderWithNotAvailable) {
  const auto doc = nlohmann::ordered_json::parse(R"({"schema_version": 1, "engines": [{"name": "X"}]})");
  Results results;
  ASSERT_TRUE(ParseResults(doc, "minimal", &results).ok());
  const Document d = BuildDocument(results);
  EXPECT_EQ(d.title, "Benchmark Profiles");
  const std::string md = RenderMarkdown(d);
  EXPECT_NE(md.find("| X | Unknown | n/a | n/a |"), std::string::npos);
  EXPECT_NE(md.find("No phase completed."), std::string::npos);
  EXPECT_TRUE(testing::CheckHtml(RenderHtml(d)).ok);
}

// Issue 41, cases 7 and 13: results files nested without bound, and "{valid}\0garbage" (the parser stops at a NUL).
TEST(ReportGoldenTest, RejectsDeepNestingAndNulBytes) {
  TempDir dir;
  const std::string valid = testing::ReadFile(FixturePath("three_engines.json"));
  Results results;
  testing::WriteFile(dir.path() / "nul.json", valid + std::string("\0garbage", 8));
  Status s = LoadResultsFile((dir.path() / "nul.json").string(), &results);
  EXPECT_EQ(s.message(), (dir.path() / "nul.json").string() + ": not valid JSON: a NUL byte at offset " +
                             std::to_string(valid.size()));
  testing::WriteFile(dir.path() / "deep.json",
                     R"({"schema_version": 1, "x": )" + std::string(100000, '[') + std::string(100000, ']') + "}");
  s = LoadResultsFile((dir.path() / "deep.json").string(), &results);
  EXPECT_EQ(s.message(), (dir.path() / "deep.json").string() +
                             ": nested deeper than 64 levels of objects and arrays (the most a results file may have)");
}

TEST(ReportGoldenTest, RejectsFilesThatAreNotResults) {
  Results results;
  EXPECT_FALSE(ParseResults(nlohmann::ordered_json::parse("[1, 2]"), "array", &results).ok());
  EXPECT_FALSE(ParseResults(nlohmann::ordered_json::parse(R"({"engines": []})"), "no version", &results).ok());
  Status s = ParseResults(nlohmann::ordered_json::parse(R"({"schema_version": 2, "engines": []})"), "v2", &results);
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message().find("schema_version 2"), std::string::npos);
  TempDir dir;
  testing::WriteFile(dir.path() / "bad.json", "{not json");
  s = LoadResultsFile((dir.path() / "bad.json").string(), &results);
  EXPECT_NE(s.message().find("bad.json: not valid JSON: parse error at line 1, column 3: syntax error"),
            std::string::npos)
      << s.message();
  s = LoadResultsFile((dir.path() / "missing.json").string(), &results);
  EXPECT_NE(s.message().find("missing.json: cannot read: No such file or directory"), std::string::npos) << s.message();
  // A version that is not an integer is not version 1.
  s = ParseResults(nlohmann::ordered_json::parse(R"({"schema_version": 1.7, "engines": []})"), "v1.7", &results);
  EXPECT_NE(s.message().find("v1.7: schema_version 1.7 is not an integer"), std::string::npos) << s.message();
  // A run config has the same top-level shape; its engines name their plugins.
  s = ParseResults(
      nlohmann::ordered_json::parse(R"({"schema_version": 1, "engines": [{"name": "M", "plugin": "memory"}]})"),
      "config.json", &results);
  EXPECT_NE(s.message().find("config.json: engine M: 'plugin' is a plugin name, as in a run config"), std::string::npos)
      << s.message();
}

}  // namespace
}  // namespace kvbench::report
