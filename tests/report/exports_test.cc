// The dashboard exports have their formats' documented shapes:
// github-action-benchmark custom tools: a JSON array of objects with string "name", string "unit", number "value"
// and optional string "range"/"extra"; Bencher Metric Format: {benchmark: {measure: {"value": number,
// "lower_value"?: number, "upper_value"?: number}}} with measure slugs of at most 64 characters.
#include "report/exports.hpp"

#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "report/results.hpp"
#include "report_test_support.hpp"

namespace kvbench::report {
namespace {

using nlohmann::json;

Results Fixture() {
  Results r;
  Status s = LoadAndMerge({testing::FixturePath("three_engines.json").string()}, &r);
  EXPECT_TRUE(s.ok()) << s.message();
  return r;
}

void ExpectGithubActionBenchmarkShape(const json& list, const std::set<std::string>& units) {
  ASSERT_TRUE(list.is_array());
  ASSERT_FALSE(list.empty());
  std::set<std::string> names;
  for (const json& entry : list) {
    ASSERT_TRUE(entry.is_object());
    for (auto it = entry.begin(); it != entry.end(); ++it) {
      EXPECT_TRUE(it.key() == "name" || it.key() == "unit" || it.key() == "value" || it.key() == "range" ||
                  it.key() == "extra")
          << it.key();
    }
    ASSERT_TRUE(entry["name"].is_string());
    ASSERT_TRUE(entry["unit"].is_string());
    ASSERT_TRUE(entry["value"].is_number());
    if (entry.contains("extra")) {
      EXPECT_TRUE(entry["extra"].is_string());
    }
    EXPECT_TRUE(units.count(entry["unit"].get<std::string>())) << entry.dump();
    EXPECT_TRUE(names.insert(entry["name"].get<std::string>()).second) << "duplicate " << entry["name"];
    EXPECT_EQ(entry["name"].get<std::string>().find("Broken"), std::string::npos) << "failed engines are left out";
  }
}

TEST(ExportsTest, GithubActionBenchmarkKeepsThroughputsAndTimesApart) {
  const Results r = Fixture();
  const json bigger = GithubActionBenchmarkBigger(r);
  const json smaller = GithubActionBenchmarkSmaller(r);
  ExpectGithubActionBenchmarkShape(bigger, {"ops/s"});
  ExpectGithubActionBenchmarkShape(smaller, {"ms", "ns", "bytes", "s", "x"});
  // 16 phases + 2 readiness figures for each of the two completed engines.
  EXPECT_EQ(bigger.size(), 36u);
  EXPECT_EQ(bigger[0]["name"], "ZoneTree/insert profiles");
  EXPECT_DOUBLE_EQ(bigger[0]["value"].get<double>(), 189393.9);
  EXPECT_EQ(bigger[0]["extra"], "checksum 37C6E9056D5AC045");
  bool has_latency = false, has_rocks_run_time = false;
  for (const json& e : smaller) {
    has_latency = has_latency || e["name"] == "ZoneTree/insert profiles p99 latency";
    has_rocks_run_time = has_rocks_run_time || (e["name"] == "RocksDB/run time" && e["value"] == 19335);
    EXPECT_NE(e["name"], "RocksDB/write amplification") << "unknown values are left out, not written as 0";
  }
  EXPECT_TRUE(has_latency);
  EXPECT_TRUE(has_rocks_run_time);
}

TEST(ExportsTest, BencherMetricFormatShape) {
  const json bmf = BencherMetricFormat(Fixture());
  ASSERT_TRUE(bmf.is_object());
  const std::regex slug("[a-z0-9]+(-[a-z0-9]+)*");
  for (auto bench = bmf.begin(); bench != bmf.end(); ++bench) {
    EXPECT_FALSE(bench.key().empty());
    EXPECT_LE(bench.key().size(), 1024u);
    ASSERT_TRUE(bench->is_object()) << bench.key();
    ASSERT_FALSE(bench->empty()) << bench.key();
    for (auto measure = bench->begin(); measure != bench->end(); ++measure) {
      EXPECT_LE(measure.key().size(), 64u);
      EXPECT_TRUE(std::regex_match(measure.key(), slug)) << measure.key();
      ASSERT_TRUE(measure->is_object());
      ASSERT_TRUE((*measure)["value"].is_number()) << bench.key() << "/" << measure.key();
      for (auto v = measure->begin(); v != measure->end(); ++v) {
        EXPECT_TRUE(v.key() == "value" || v.key() == "lower_value" || v.key() == "upper_value") << v.key();
        EXPECT_TRUE(v->is_number());
      }
      if (measure->contains("lower_value")) {
        EXPECT_LE((*measure)["lower_value"], (*measure)["value"]);
      }
      if (measure->contains("upper_value")) {
        EXPECT_GE((*measure)["upper_value"], (*measure)["value"]);
      }
    }
  }
  EXPECT_DOUBLE_EQ(bmf["ZoneTree/insert profiles"]["throughput"]["value"].get<double>(), 189393.9);
  EXPECT_TRUE(bmf["ZoneTree/insert profiles"].contains("latency"));
  EXPECT_FALSE(bmf["RocksDB/insert profiles"].contains("latency"));
  EXPECT_EQ(bmf["RocksDB/total"]["run-time"]["value"], 19335);
  EXPECT_FALSE(bmf.contains("Broken<DB>/insert profiles"));
}

// A phase that timed 628 operations has no p99.9 (its rank would be the slowest operation): the dashboards get
// no such figure, even from a file that still carries one.
TEST(ExportsTest, PercentilesTheSamplesCannotResolveAreLeftOut) {
  nlohmann::ordered_json doc = testing::ReadJson(testing::FixturePath("three_engines.json"));
  nlohmann::ordered_json& latency = doc["engines"][0]["phases"][7]["measurements"]["latency"];
  latency["count"] = 628;
  latency["p999"] = latency["p9999"] = latency["max"];
  Results r;
  ASSERT_TRUE(ParseResults(doc, "modified", &r).ok());
  std::set<std::string> names;
  for (const json& e : GithubActionBenchmarkSmaller(r)) names.insert(e["name"].get<std::string>());
  EXPECT_TRUE(names.count("ZoneTree/scan top reputation index p99 latency"));
  EXPECT_FALSE(names.count("ZoneTree/scan top reputation index p99.9 latency"));
  EXPECT_TRUE(names.count("ZoneTree/query top reputation p99.9 latency"));  // 25_000 samples
  const json bmf = BencherMetricFormat(r);
  EXPECT_TRUE(bmf["ZoneTree/scan top reputation index"].contains("latency-p99"));
  EXPECT_FALSE(bmf["ZoneTree/scan top reputation index"].contains("latency-p999"));
  EXPECT_TRUE(bmf["ZoneTree/query top reputation"].contains("latency-p999"));
}

TEST(ExportsTest, WriteExportNamesItsFiles) {
  testing::TempDir dir;
  std::vector<std::string> written;
  const Results r = Fixture();
  ASSERT_TRUE(WriteExport(r, ExportFormat::kGithubActionBenchmark, (dir.path() / "ci.json").string(), &written).ok());
  ASSERT_TRUE(WriteExport(r, ExportFormat::kBencher, (dir.path() / "bmf").string(), &written).ok());
  EXPECT_EQ(written,
            (std::vector<std::string>{(dir.path() / "ci-bigger.json").string(),
                                      (dir.path() / "ci-smaller.json").string(), (dir.path() / "bmf.json").string()}));
  EXPECT_EQ(json::parse(testing::ReadFile(dir.path() / "ci-bigger.json")), GithubActionBenchmarkBigger(r));
  ExportFormat f;
  EXPECT_TRUE(ParseExportFormat("bencher", &f));
  EXPECT_EQ(f, ExportFormat::kBencher);
  EXPECT_FALSE(ParseExportFormat("csv", &f));
}

}  // namespace
}  // namespace kvbench::report
