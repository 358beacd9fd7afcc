// The plugin loader against deliberately broken plugins (tests/plugins/broken/): each is refused with one line
// that names the file and its problem, nothing is handed out, and the host goes on loading and driving good
// plugins afterwards. Also loads the plain-C plugin (c_minimal_plugin.c) and drives it through the host's client.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "plugin/engine_client.hpp"
#include "plugin/plugin_library.hpp"

namespace kvbench::host {
namespace {

std::string BrokenPlugin(const std::string& name) {
  return std::string(KVBENCH_BROKEN_PLUGIN_DIR) + "/" + name + ".so";
}

struct BrokenCase {
  std::string name;
  std::vector<std::string> message_parts;  // each must appear in the loader's message
};
void PrintTo(const BrokenCase& c, std::ostream* os) { *os << c.name; }

std::vector<BrokenCase> BrokenCases() {
  return {
      {"missing", {"file not found"}},
      {"not_a_plugin", {"not a shared object"}},
      {"no_entry", {"entry symbol 'kvbench_plugin_entry' not found"}},
      {"data_entry", {"entry symbol 'kvbench_plugin_entry' is not a function"}},
      {"undefined_symbol", {"cannot be loaded", "kvbench_test_function_that_does_not_exist"}},
      {"wrong_abi_major", {"ABI major version mismatch", "plugin built for ABI 99.0", "host speaks ABI 1.0"}},
      {"table_too_small",
       {"plugin table too small", "16 bytes", "needs at least " + std::to_string(KVB_PLUGIN_TABLE_MIN_SIZE)}},
      {"null_slot", {"required function slot 'get' is NULL"}},
      {"null_table", {"entry returned no plugin table"}},
      {"entry_fails", {"entry failed with status INTERNAL"}},
  };
}

class BrokenPluginTest : public testing::TestWithParam<BrokenCase> {};

TEST_P(BrokenPluginTest, RefusedWithClearMessage) {
  const BrokenCase& c = GetParam();
  const std::string path = BrokenPlugin(c.name);
  for (int attempt = 0; attempt < 2; ++attempt) {  // refusing twice is as clean as refusing once
    std::shared_ptr<const PluginLibrary> plugin;
    Status s = PluginLibrary::Load(path, &plugin);
    ASSERT_FALSE(s.ok()) << path << " was accepted";
    EXPECT_EQ(plugin, nullptr);
    EXPECT_EQ(s.message().rfind("plugin " + path + ": ", 0), 0u)
        << "the message must start by naming the file: " << s.message();
    EXPECT_EQ(s.message().find('\n'), std::string::npos) << "one line: " << s.message();
    for (const std::string& part : c.message_parts) {
      EXPECT_NE(s.message().find(part), std::string::npos) << "'" << part << "' missing from: " << s.message();
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Loader, BrokenPluginTest, testing::ValuesIn(BrokenCases()),
                         [](const testing::TestParamInfo<BrokenCase>& info) { return info.param.name; });

TEST(LoaderTest, DirectoryIsNotAPlugin) {
  std::shared_ptr<const PluginLibrary> plugin;
  Status s = PluginLibrary::Load(KVBENCH_BROKEN_PLUGIN_DIR, &plugin);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("not a regular file"), std::string::npos) << s.message();
}

// After every broken plugin was refused, good plugins still load and work in the same process.
TEST(LoaderTest, GoodPluginsLoadAfterBrokenOnes) {
  for (const BrokenCase& c : BrokenCases()) {
    std::shared_ptr<const PluginLibrary> ignored;
    ASSERT_FALSE(PluginLibrary::Load(BrokenPlugin(c.name), &ignored).ok());
  }
  std::shared_ptr<const PluginLibrary> memory;
  Status s = PluginLibrary::Load(KVBENCH_MEMORY_PLUGIN, &memory);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(memory->name(), "memory");
  EXPECT_EQ(memory->abi_version(), std::to_string(KVB_ABI_MAJOR) + "." + std::to_string(KVB_ABI_MINOR));
}

// The plain-C plugin: loaded by the same loader, driven through the same client as the C++ ones.
TEST(LoaderTest, PluginWrittenInC) {
  std::shared_ptr<const PluginLibrary> plugin;
  Status s = PluginLibrary::Load(KVBENCH_C_PLUGIN, &plugin);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(plugin->name(), "c_minimal");
  EXPECT_FALSE(plugin->HasScan());
  EXPECT_FALSE(plugin->HasCount());
  EXPECT_FALSE(plugin->Has(KVB_CAP_PERSISTENT));

  const std::string dir = testing::TempDir();
  std::unique_ptr<EngineClient> engine;
  ASSERT_TRUE(EngineClient::Open(plugin, dir, "", &engine).ok());
  std::unique_ptr<EngineClient> rejected;
  s = EngineClient::Open(plugin, dir, R"({"settings":{"CacheMb":8}})", &rejected);
  EXPECT_EQ(s.code(), KVB_INVALID_ARGUMENT);
  EXPECT_NE(s.message().find("settings.CacheMb"), std::string::npos) << s.message();
  {
    std::unique_ptr<StoreClient> store;
    ASSERT_TRUE(engine->OpenStore("profiles", &store).ok());
    ASSERT_EQ(store->Put("b", "2"), KVB_OK);
    ASSERT_EQ(store->Put("a", "1"), KVB_OK);
    ASSERT_EQ(store->Put("c", "3"), KVB_OK);
    ASSERT_EQ(store->Remove("c"), KVB_OK);
    std::string value;
    auto sink = [&value](std::string_view v) { value = v; };
    ASSERT_EQ(store->Get("b", sink), KVB_OK);
    EXPECT_EQ(value, "2");
    EXPECT_EQ(store->Get("c", sink), KVB_NOT_FOUND);
    uint64_t n = 0;
    ASSERT_TRUE(store->Count(&n).ok());  // the host's fallback: the C plugin has no count slot
    EXPECT_EQ(n, 2u);
    std::unique_ptr<IteratorClient> it;
    ASSERT_TRUE(store->NewIterator(&it).ok());
    std::string keys;
    for (it->SeekToFirst(); it->Valid(); it->Next())
      keys += std::string(it->key()) + "=" + std::string(it->value()) + ";";
    EXPECT_TRUE(it->status().ok());
    EXPECT_EQ(keys, "a=1;b=2;");
  }
  std::string durability;
  ASSERT_TRUE(engine->Describe(KVB_DESCRIBE_DURABILITY, &durability).ok());
  EXPECT_NE(durability.find("In-memory"), std::string::npos);
  EXPECT_TRUE(engine->Close().ok());
}

}  // namespace
}  // namespace kvbench::host
