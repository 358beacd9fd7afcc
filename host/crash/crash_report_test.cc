// crashtest.md: what its heading and first line say about the run.
#include "crash/crash_report.hpp"

#include <gtest/gtest.h>

#include "config/config_parser.hpp"
#include "config/overrides.hpp"

namespace kvbench::crash {
namespace {

TEST(CrashReportTest, TheHeadingGivesTheScaleThatRanNotTheConfigsName) {
  CrashRun run;
  run.config = config::ParseRunConfig(R"json({"schema_version": 1, "name": "Crash test (20K profiles)",
      "workload": {"kind": "profiles", "profiles": 20000}, "engines": [{"name": "Memory", "plugin": "memory"}]})json",
                                      "crashtest.json");
  config::ApplyOverrides({.profiles = 2000, .engines = {}, .parallelism = std::nullopt}, &run.config);  // kvbench crashtest --profiles 2000
  run.seed = 7;
  run.kills = 1;
  const std::string md = CrashMarkdown(run);
  EXPECT_EQ(md.rfind("# Crash test: 2K profiles\n\n", 0), 0u) << md.substr(0, 80);
  EXPECT_NE(md.find("1 kills per engine, 2K profiles"), std::string::npos) << md.substr(0, 200);
}

// Issue 41, case 6: crashtest.md wrote engine names raw: "<script>" became markup, "[x](javascript:..)" a link, and
// an ANSI escape reached whoever printed the file.
TEST(CrashReportTest, NamesAndErrorsAreEscapedAsReportMdEscapesThem) {
  CrashRun run;
  run.config = config::ParseRunConfig(R"json({"schema_version": 1, "name": "t",
      "workload": {"kind": "profiles", "profiles": 2000}, "engines": [{"name": "Memory", "plugin": "memory"}]})json",
                                      "crashtest.json");
  run.kills = 1;
  for (const char* name : {"<script>alert(1)</script>", "[x](javascript:alert(1))"}) {
    EngineCrashResult e;
    e.name = name;
    e.plugin = "p`lugin";
    e.durability = nlohmann::json::object();
    KillOutcome k;
    k.reopen = "reopen failed";
    k.error = "\x1b[31mred | pipe";
    e.kills.push_back(k);
    run.engines.push_back(e);
  }
  const std::string md = CrashMarkdown(run);
  EXPECT_EQ(md.find("<script>"), std::string::npos) << md;
  EXPECT_EQ(md.find("[x](javascript:"), std::string::npos) << md;
  EXPECT_EQ(md.find('\x1b'), std::string::npos) << md;
  EXPECT_NE(md.find("## \\<script\\>alert(1)\\</script\\>"), std::string::npos) << md;
  EXPECT_NE(md.find("## \\[x\\](javascript:alert(1))"), std::string::npos) << md;
  EXPECT_NE(md.find("reopen failed: \\x1B\\[31mred \\| pipe"), std::string::npos) << md;
  EXPECT_NE(md.find("Plugin p\\`lugin"), std::string::npos) << md;
}

}  // namespace
}  // namespace kvbench::crash
