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
  config::ApplyOverrides({.profiles = 2000, .engines = {}}, &run.config);  // kvbench crashtest --profiles 2000
  run.seed = 7;
  run.kills = 1;
  const std::string md = CrashMarkdown(run);
  EXPECT_EQ(md.rfind("# Crash test: 2K profiles\n\n", 0), 0u) << md.substr(0, 80);
  EXPECT_NE(md.find("1 kills per engine, 2K profiles"), std::string::npos) << md.substr(0, 200);
}

}  // namespace
}  // namespace kvbench::crash
