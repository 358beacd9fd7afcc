// The conformance suite as GoogleTest: every check of host/conformance/ (the same ones `kvbench conformance`
// runs) against every plugin named on the command line (--plugin=PATH, repeatable) or in the environment
// variable KVBENCH_CONFORMANCE_PLUGINS (paths separated by ':'). One test per (plugin, check); a check that does
// not apply to a plugin is reported as skipped.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "conformance/suite.hpp"
#include "plugin/plugin_library.hpp"

namespace kvbench::conformance {
namespace {

std::vector<std::string>& PluginPaths() {
  static std::vector<std::string> paths;
  return paths;
}

struct Param {
  std::string plugin;
  const Check* check;
};
// Without it GoogleTest prints the struct's raw bytes, padding included.
void PrintTo(const Param& p, std::ostream* os) { *os << p.plugin << " " << p.check->name; }

std::vector<Param> Params() {
  std::vector<Param> params;
  for (const std::string& plugin : PluginPaths()) {
    for (const Check& check : AllChecks()) params.push_back({plugin, &check});
  }
  return params;
}

std::string TestName(const testing::TestParamInfo<Param>& info) {
  std::string name = std::filesystem::path(info.param.plugin).stem().string() + "_" + info.param.check->name;
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

// Plugins are loaded once per process and kept (the loader never unloads them).
std::shared_ptr<const host::PluginLibrary> Loaded(const std::string& path, Status* status) {
  static std::map<std::string, std::pair<Status, std::shared_ptr<const host::PluginLibrary>>> cache;
  auto it = cache.find(path);
  if (it == cache.end()) {
    std::shared_ptr<const host::PluginLibrary> plugin;
    Status s = host::PluginLibrary::Load(path, &plugin);
    it = cache.emplace(path, std::make_pair(s, plugin)).first;
  }
  *status = it->second.first;
  return it->second.second;
}

class ConformanceTest : public testing::TestWithParam<Param> {};

TEST_P(ConformanceTest, Check) {
  Status load;
  std::shared_ptr<const host::PluginLibrary> plugin = Loaded(GetParam().plugin, &load);
  ASSERT_TRUE(load.ok()) << load.message();
  const Check& check = *GetParam().check;
  RecordProperty("rule", check.description);
  CheckResult r = RunCheck(check, plugin);
  if (r.verdict == Verdict::kSkip) GTEST_SKIP() << r.message;
  EXPECT_EQ(r.verdict, Verdict::kPass) << check.name << " (" << check.description << "): " << r.message;
}

INSTANTIATE_TEST_SUITE_P(Plugins, ConformanceTest, testing::ValuesIn(Params()), TestName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ConformanceTest);

}  // namespace
}  // namespace kvbench::conformance

int main(int argc, char** argv) {
  // The plugin list must be known before InitGoogleTest, which instantiates the parameterised tests.
  std::vector<std::string>& paths = kvbench::conformance::PluginPaths();
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--plugin=", 9) == 0) paths.emplace_back(argv[i] + 9);
  }
  if (paths.empty()) {
    if (const char* env = std::getenv("KVBENCH_CONFORMANCE_PLUGINS"); env != nullptr) {
      std::string list = env;
      size_t start = 0;
      while (start <= list.size()) {
        size_t end = list.find(':', start);
        if (end == std::string::npos) end = list.size();
        if (end > start) paths.push_back(list.substr(start, end - start));
        start = end + 1;
      }
    }
  }
  testing::InitGoogleTest(&argc, argv);
  if (paths.empty()) {
    std::fprintf(stderr, "conformance_test: name plugins with --plugin=PATH or KVBENCH_CONFORMANCE_PLUGINS\n");
    return 2;
  }
  return RUN_ALL_TESTS();
}
