// Drives zonetree_like.so through the C ABI, as the host does: settings
// parsing, effective settings, durability line, data calls, scan, count,
// stats, reopen.
#include <dlfcn.h>
#include <gtest/gtest.h>
#include <kvbench/plugin.h>
#include <stdlib.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

const kvb_plugin_table* LoadPlugin() {
  static const kvb_plugin_table* table = [] {
    void* h = dlopen(ZT_PLUGIN_PATH, RTLD_NOW | RTLD_LOCAL);
    EXPECT_NE(h, nullptr) << dlerror();
    if (h == nullptr) return static_cast<const kvb_plugin_table*>(nullptr);
    auto entry = reinterpret_cast<kvb_plugin_entry_fn>(dlsym(h, KVB_ENTRY_SYMBOL));
    static kvb_host_services host{};
    host.struct_size = sizeof(host);
    host.abi_major = KVB_ABI_MAJOR;
    host.abi_minor = KVB_ABI_MINOR;
    const kvb_plugin_table* t = nullptr;
    EXPECT_EQ(entry(&host, &t), KVB_OK);
    return t;
  }();
  return table;
}

class PluginTest : public ::testing::Test {
 protected:
  void SetUp() override {
    t_ = LoadPlugin();
    ASSERT_NE(t_, nullptr);
    char tmpl[] = "/tmp/zt_plugin_XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  kvb_status Open(const std::string& config, kvb_engine** e, std::string* err) {
    kvb_open_params p{};
    p.struct_size = sizeof(p);
    p.abi_major = KVB_ABI_MAJOR;
    p.abi_minor = KVB_ABI_MINOR;
    p.data_dir = dir_.data();
    p.data_dir_size = dir_.size();
    p.config_json = config.data();
    p.config_json_size = config.size();
    char buf[512] = {0};
    kvb_status s = t_->engine_open(&p, e, buf, sizeof(buf));
    *err = buf;
    return s;
  }
  std::string Describe(kvb_engine* e, int32_t kind) {
    std::string out;
    EXPECT_EQ(t_->engine_describe(
                  e, kind,
                  [](void* c, const void* d, size_t n) {
                    static_cast<std::string*>(c)->assign(static_cast<const char*>(d), n);
                  },
                  &out, nullptr, 0),
              KVB_OK);
    return out;
  }

  const kvb_plugin_table* t_ = nullptr;
  std::string dir_;
};

TEST_F(PluginTest, TableAndCapabilities) {
  EXPECT_STREQ(t_->name, "zonetree_like");
  EXPECT_NE(t_->capabilities & KVB_CAP_SCAN, 0u);
  EXPECT_NE(t_->capabilities & KVB_CAP_COUNT, 0u);
  EXPECT_NE(t_->capabilities & KVB_CAP_STATS_JSON, 0u);
  EXPECT_NE(t_->capabilities & KVB_CAP_PERSISTENT, 0u);
  EXPECT_NE(t_->capabilities & KVB_CAP_CONCURRENT_DATA_CALLS, 0u);
}

TEST_F(PluginTest, UnknownOrWrongSettingsAreRejected) {
  kvb_engine* e = nullptr;
  std::string err;
  EXPECT_EQ(Open(R"({"settings":{"NoSuchKnob":1}})", &e, &err), KVB_INVALID_ARGUMENT);
  EXPECT_NE(err.find("settings.NoSuchKnob"), std::string::npos) << err;
  EXPECT_EQ(e, nullptr);
  EXPECT_EQ(Open(R"({"settings":{"MutableSegmentMaxItemCount":"many"}})", &e, &err), KVB_INVALID_ARGUMENT);
  EXPECT_NE(err.find("MutableSegmentMaxItemCount"), std::string::npos) << err;
  EXPECT_EQ(Open(R"({"durability":{"WalMode":"sometimes"}})", &e, &err), KVB_INVALID_ARGUMENT);
  EXPECT_NE(err.find("durability.WalMode"), std::string::npos) << err;
  EXPECT_EQ(Open(R"({"durability":{"Fsync":true}})", &e, &err), KVB_INVALID_ARGUMENT);
  EXPECT_EQ(Open(R"({"settings":{"MergeThreadNice":20}})", &e, &err), KVB_INVALID_ARGUMENT);
  EXPECT_NE(err.find("settings.MergeThreadNice"), std::string::npos) << err;
  EXPECT_EQ(Open(R"({"settings":{"MaxConcurrentMerges":-1}})", &e, &err), KVB_INVALID_ARGUMENT);
  EXPECT_NE(err.find("settings.MaxConcurrentMerges"), std::string::npos) << err;
  EXPECT_EQ(Open(R"({"settings":{"WarmCacheAfterMerge":1}})", &e, &err), KVB_INVALID_ARGUMENT);
  EXPECT_NE(err.find("settings.WarmCacheAfterMerge"), std::string::npos) << err;
  EXPECT_EQ(Open(R"({"settings":{"CacheMergeOutput":"on"}})", &e, &err), KVB_INVALID_ARGUMENT);
  EXPECT_NE(err.find("settings.CacheMergeOutput"), std::string::npos) << err;
  EXPECT_EQ(Open(R"({"settings":{"HugePages":"yes"}})", &e, &err), KVB_INVALID_ARGUMENT);
  EXPECT_NE(err.find("settings.HugePages"), std::string::npos) << err;
}

TEST_F(PluginTest, EffectiveSettingsDurabilityDataAndReopen) {
  kvb_engine* e = nullptr;
  std::string err;
  std::string config =
      R"({"settings":{"MutableSegmentMaxItemCount":250000,"SparseArrayStepSize":16,)"
      R"("KeyCacheSize":1024,"ValueCacheSize":1024,"IteratorPrefetchSize":16,)"
      R"("BlockCacheLifeTimeMs":60000,"BottomMergePolicy":"merge-all","BlockCacheBudgetMb":64,)"
      R"("MergeThreadNice":10,"MaxConcurrentMerges":3,"WarmCacheAfterMerge":false,"CacheMergeOutput":false,)"
      R"("HugePages":false},)"
      R"("durability":{"WalMode":"sync"}})";
  ASSERT_EQ(Open(config, &e, &err), KVB_OK) << err;
  std::string eff = Describe(e, KVB_DESCRIBE_EFFECTIVE_SETTINGS);
  EXPECT_NE(eff.find("\"MutableSegmentMaxItemCount\":250000"), std::string::npos) << eff;
  EXPECT_NE(eff.find("\"WalMode\":\"sync\""), std::string::npos) << eff;
  EXPECT_NE(eff.find("\"BlockCacheBudgetMb\":64"), std::string::npos) << eff;
  EXPECT_NE(eff.find("\"MergeThreadNice\":10"), std::string::npos) << eff;
  EXPECT_NE(eff.find("\"MaxConcurrentMerges\":3"), std::string::npos) << eff;
  EXPECT_NE(eff.find("\"WarmCacheAfterMerge\":false"), std::string::npos) << eff;
  EXPECT_NE(eff.find("\"CacheMergeOutput\":false"), std::string::npos) << eff;
  EXPECT_NE(eff.find("\"HugePages\":false"), std::string::npos) << eff;
  EXPECT_NE(eff.find("\"DiskSegmentMaxItemCount\":20000000"), std::string::npos) << eff;
  std::string dur = Describe(e, KVB_DESCRIBE_DURABILITY);
  EXPECT_NE(dur.find("WAL sync:"), std::string::npos) << dur;
  EXPECT_EQ(dur.find('\n'), std::string::npos);

  kvb_store* s = nullptr;
  ASSERT_EQ(t_->store_open(e, "idx", 3, &s, nullptr, 0), KVB_OK);
  for (int i = 0; i < 300; ++i) {
    std::string k = "p|" + std::to_string(1000 + i);
    std::string v = "v" + std::to_string(i);
    ASSERT_EQ(t_->put(s, k.data(), k.size(), v.data(), v.size(), nullptr, 0), KVB_OK);
  }
  ASSERT_EQ(t_->put(s, "q|1", 3, "x", 1, nullptr, 0), KVB_OK);
  ASSERT_EQ(t_->remove(s, "p|1005", 6, nullptr, 0), KVB_OK);
  std::string got;
  auto sink = [](void* c, const void* d, size_t n) {
    static_cast<std::string*>(c)->assign(static_cast<const char*>(d), n);
  };
  ASSERT_EQ(t_->get(s, "p|1007", 6, sink, &got, nullptr, 0), KVB_OK);
  EXPECT_EQ(got, "v7");
  EXPECT_EQ(t_->get(s, "p|1005", 6, sink, &got, nullptr, 0), KVB_NOT_FOUND);

  kvb_scan_request r{};
  r.struct_size = sizeof(r);
  r.abi_major = KVB_ABI_MAJOR;
  r.abi_minor = KVB_ABI_MINOR;
  r.flags = KVB_SCAN_BOUND_IS_PREFIX;
  r.start = "p|1003";
  r.start_size = 6;
  r.bound = "p|";
  r.bound_size = 2;
  r.limit = 4;
  std::vector<std::string> keys;
  uint64_t visited = 0;
  ASSERT_EQ(t_->scan(
                s, &r,
                [](void* c, const void* k, size_t kn, const void*, size_t) -> int32_t {
                  static_cast<std::vector<std::string>*>(c)->emplace_back(static_cast<const char*>(k), kn);
                  return 0;
                },
                &keys, &visited, nullptr, 0),
            KVB_OK);
  EXPECT_EQ(visited, 4u);
  EXPECT_EQ(keys, (std::vector<std::string>{"p|1003", "p|1004", "p|1006", "p|1007"}));
  uint64_t count = 0;
  ASSERT_EQ(t_->count(s, &count, nullptr, 0), KVB_OK);
  EXPECT_EQ(count, 300u);
  EXPECT_NE(Describe(e, KVB_DESCRIBE_STATS).find("\"puts\":301"), std::string::npos);
  // MergeThreadNice 10: the store's merge thread runs at nice 10 (field 19 of
  // /proc/self/task/<tid>/stat; the thread sets it when it starts).
  int niced = 0;
  for (int attempt = 0; attempt < 100 && niced == 0; ++attempt) {
    for (const auto& task : std::filesystem::directory_iterator("/proc/self/task")) {
      std::ifstream in(task.path() / "stat");
      std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      std::istringstream fields(stat.substr(stat.rfind(')') + 2));  // after "pid (comm) "
      std::string field;
      for (int i = 3; i <= 19 && fields >> field; ++i) {
      }
      if (field == "10") ++niced;
    }
    if (niced == 0) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_GE(niced, 1);

  ASSERT_EQ(t_->engine_stabilize(e, nullptr, 0), KVB_OK);
  ASSERT_EQ(t_->engine_settle(e, nullptr, 0), KVB_OK);
  t_->store_close(s);
  ASSERT_EQ(t_->engine_close(e, nullptr, 0), KVB_OK);

  ASSERT_EQ(Open(config, &e, &err), KVB_OK) << err;
  ASSERT_EQ(t_->store_open(e, "idx", 3, &s, nullptr, 0), KVB_OK);
  ASSERT_EQ(t_->count(s, &count, nullptr, 0), KVB_OK);
  EXPECT_EQ(count, 300u);
  ASSERT_EQ(t_->get(s, "q|1", 3, sink, &got, nullptr, 0), KVB_OK);
  EXPECT_EQ(got, "x");
  t_->store_close(s);
  ASSERT_EQ(t_->engine_close(e, nullptr, 0), KVB_OK);
}

}  // namespace
