// A config names a plugin's file, not the name the plugin gives itself (kName): a renamed copy of template.so is
// "plugin": "other", and `kvbench plugins` lists it under that name with the plugin's own name beside it.
#include <gtest/gtest.h>

#include <filesystem>

#include "kvbench_process.hpp"

namespace kvbench::testing {
namespace {

namespace fs = std::filesystem;

class PluginNaming : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::create_directory(dir_);
    fs::copy_file(fs::path(KvbenchExecutable()).parent_path() / "plugins/template.so", dir_ + "/other.so");
  }
  // `kvbench validate` of a one-engine config naming `plugin`, with the scratch plugin directory.
  ProcessResult Validate(const std::string& plugin) {
    WriteFile(scratch_ / "c.json", SmallConfig(1000, {{{"name", "Copy"}, {"plugin", plugin}}}).dump());
    return RunKvbench({"validate", scratch_ / "c.json", "--plugin-dir", dir_});
  }

  ScratchDir scratch_;
  const std::string dir_ = scratch_ / "plugins";
};

TEST_F(PluginNaming, TheConfigNamesTheFile) {
  const ProcessResult by_file = Validate("other");
  EXPECT_EQ(by_file.exit_code, 0) << by_file.output;
  const ProcessResult by_own_name = Validate("template");
  EXPECT_EQ(by_own_name.exit_code, 2) << by_own_name.output;
  EXPECT_NE(by_own_name.output.find("no plugin 'template' (looked for " + dir_ + "/template.so)"), std::string::npos)
      << by_own_name.output;
}

TEST_F(PluginNaming, PluginsListsTheFileNameAndTheOwnNameWhenTheyDiffer) {
  const ProcessResult text = RunKvbench({"plugins", "--plugin-dir", dir_});
  ASSERT_EQ(text.exit_code, 0) << text.output;
  EXPECT_NE(text.output.find("\nother "), std::string::npos) << text.output;
  EXPECT_NE(text.output.find("(plugin name 'template')"), std::string::npos) << text.output;

  const ProcessResult json = RunKvbench({"plugins", "--plugin-dir", dir_, "--json"});
  ASSERT_EQ(json.exit_code, 0) << json.output;
  const nlohmann::json list = nlohmann::json::parse(json.output);
  ASSERT_EQ(list.size(), 1u) << json.output;
  EXPECT_EQ(list[0]["config_name"], "other");
  EXPECT_EQ(list[0]["name"], "template");
}

}  // namespace
}  // namespace kvbench::testing
