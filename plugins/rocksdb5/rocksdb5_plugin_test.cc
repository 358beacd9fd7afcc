// The exported C table of rocksdb5.so, called through kvbench_plugin_entry (the plugin's sources are linked into
// this test, so no loader is involved).
#include <gtest/gtest.h>
#include <kvbench/plugin.h>
#include <rocksdb/version.h>

#include <cstring>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "rocksdb5_test_util.hpp"

extern "C" kvb_status kvbench_plugin_entry(const kvb_host_services* host, const kvb_plugin_table** table);

namespace kvbench::rocksdb5 {
namespace {

kvb_host_services Host(uint16_t major = KVB_ABI_MAJOR) {
  kvb_host_services h{};
  h.struct_size = sizeof(h);
  h.abi_major = major;
  h.abi_minor = KVB_ABI_MINOR;
  return h;
}

const kvb_plugin_table* Table() {
  static kvb_host_services host = Host();
  const kvb_plugin_table* t = nullptr;
  EXPECT_EQ(kvbench_plugin_entry(&host, &t), KVB_OK);
  return t;
}

void AppendSink(void* ctx, const void* data, size_t size) {
  static_cast<std::string*>(ctx)->append(static_cast<const char*>(data), size);
}

class Rocksdb5Plugin : public ::testing::Test {
 protected:
  kvb_status Open(const std::string& config, kvb_engine** engine) {
    kvb_open_params p{};
    p.struct_size = sizeof(p);
    p.abi_major = KVB_ABI_MAJOR;
    p.abi_minor = KVB_ABI_MINOR;
    p.data_dir = dir_.path().data();
    p.data_dir_size = dir_.path().size();
    p.config_json = config.data();
    p.config_json_size = config.size();
    err_[0] = '\0';
    return t_->engine_open(&p, engine, err_, sizeof(err_));
  }
  std::string Describe(kvb_engine* e, int32_t kind) {
    std::string out;
    EXPECT_EQ(t_->engine_describe(e, kind, &AppendSink, &out, err_, sizeof(err_)), KVB_OK) << err_;
    return out;
  }
  std::string Get(kvb_store* s, const std::string& key, kvb_status* code) {
    std::string out;
    *code = t_->get(s, key.data(), key.size(), &AppendSink, &out, err_, sizeof(err_));
    return out;
  }

  const kvb_plugin_table* t_ = Table();
  ScratchDir dir_;
  char err_[512];
};

TEST_F(Rocksdb5Plugin, TableDescribesThePlugin) {
  ASSERT_NE(t_, nullptr);
  EXPECT_EQ(t_->struct_size, sizeof(kvb_plugin_table));
  EXPECT_EQ(t_->abi_major, KVB_ABI_MAJOR);
  EXPECT_STREQ(t_->name, "rocksdb5");
  std::string version = t_->version;
  std::string rocks = "RocksDB " + std::to_string(ROCKSDB_MAJOR) + "." + std::to_string(ROCKSDB_MINOR) + "." +
                      std::to_string(ROCKSDB_PATCH);
  EXPECT_NE(version.find(rocks), std::string::npos) << version;
  uint64_t want = KVB_CAP_CONCURRENT_DATA_CALLS | KVB_CAP_SCAN | KVB_CAP_COUNT | KVB_CAP_STATS_JSON |
                  KVB_CAP_EFFECTIVE_SETTINGS | KVB_CAP_PERSISTENT;
  EXPECT_EQ(t_->capabilities, want);
  EXPECT_NE(t_->scan, nullptr);
  EXPECT_NE(t_->count, nullptr);
}

TEST_F(Rocksdb5Plugin, RefusesAnotherAbiMajor) {
  kvb_host_services host = Host(KVB_ABI_MAJOR + 1);
  const kvb_plugin_table* t = nullptr;
  EXPECT_EQ(kvbench_plugin_entry(&host, &t), KVB_ABI_MISMATCH);
  EXPECT_NE(t, nullptr);  // still handed back, so the host can name both versions
}

TEST_F(Rocksdb5Plugin, OpenRefusesUnknownKeysAndBadOptionsStrings) {
  kvb_engine* e = reinterpret_cast<kvb_engine*>(1);
  EXPECT_EQ(Open(R"({"settings":{"WriteBufferMb":8,"Turbo":true}})", &e), KVB_INVALID_ARGUMENT);
  EXPECT_EQ(e, nullptr);
  EXPECT_NE(std::strstr(err_, "settings.Turbo"), nullptr) << err_;
  EXPECT_EQ(Open(R"({"settings":{"Compression":"brotli"}})", &e), KVB_INVALID_ARGUMENT);
  EXPECT_NE(std::strstr(err_, "settings.Compression"), nullptr) << err_;
  EXPECT_EQ(Open(R"({"settings":{"OptionsString":"frobnicate=2"}})", &e), KVB_INVALID_ARGUMENT);
  EXPECT_NE(std::strstr(err_, "frobnicate"), nullptr) << err_;
}

TEST_F(Rocksdb5Plugin, RoundTripThroughTheCTable) {
  const std::string config = R"({"settings":{"WriteBufferMb":1},"durability":{"Wal":true}})";
  kvb_engine* e = nullptr;
  ASSERT_EQ(Open(config, &e), KVB_OK) << err_;
  kvb_store* s = nullptr;
  ASSERT_EQ(t_->store_open(e, "profiles", 8, &s, err_, sizeof(err_)), KVB_OK) << err_;
  for (const char* k : {"p|1", "p|2", "p|3", "q|1"}) {
    ASSERT_EQ(t_->put(s, k, std::strlen(k), "val", 3, err_, sizeof(err_)), KVB_OK);
  }
  kvb_status code;
  EXPECT_EQ(Get(s, "p|2", &code), "val");
  EXPECT_EQ(code, KVB_OK);
  EXPECT_EQ(t_->remove(s, "p|2", 3, err_, sizeof(err_)), KVB_OK);
  EXPECT_EQ(Get(s, "p|2", &code), "");
  EXPECT_EQ(code, KVB_NOT_FOUND);

  kvb_scan_request r{};
  r.struct_size = sizeof(r);
  r.abi_major = KVB_ABI_MAJOR;
  r.abi_minor = KVB_ABI_MINOR;
  r.flags = KVB_SCAN_BOUND_IS_PREFIX;
  r.start = "p|";
  r.start_size = 2;
  r.bound = "p|";
  r.bound_size = 2;
  std::vector<std::string> keys;
  uint64_t visited = 0;
  auto collect = [](void* ctx, const void* k, size_t ks, const void*, size_t) -> int32_t {
    static_cast<std::vector<std::string>*>(ctx)->emplace_back(static_cast<const char*>(k), ks);
    return 0;
  };
  ASSERT_EQ(t_->scan(s, &r, collect, &keys, &visited, err_, sizeof(err_)), KVB_OK) << err_;
  EXPECT_EQ(keys, (std::vector<std::string>{"p|1", "p|3"}));
  EXPECT_EQ(visited, 2u);
  uint64_t n = 0;
  ASSERT_EQ(t_->count(s, &n, err_, sizeof(err_)), KVB_OK);
  EXPECT_EQ(n, 3u);

  kvb_iterator* it = nullptr;
  ASSERT_EQ(t_->iterator_create(s, &it, err_, sizeof(err_)), KVB_OK);
  t_->iterator_seek(it, "p|2", 3);
  ASSERT_EQ(t_->iterator_valid(it), 1);
  const void* key;
  size_t key_size;
  t_->iterator_key(it, &key, &key_size);
  EXPECT_EQ(std::string(static_cast<const char*>(key), key_size), "p|3");
  t_->iterator_next(it);
  t_->iterator_next(it);
  EXPECT_EQ(t_->iterator_valid(it), 0);
  EXPECT_EQ(t_->iterator_status(it, err_, sizeof(err_)), KVB_OK);
  t_->iterator_destroy(it);

  nlohmann::json eff = nlohmann::json::parse(Describe(e, KVB_DESCRIBE_EFFECTIVE_SETTINGS));
  EXPECT_EQ(eff["Instances"]["profiles"]["write_buffer_size"], 1u << 20);
  EXPECT_EQ(Describe(e, KVB_DESCRIBE_DURABILITY).rfind("WAL enabled; one RocksDB instance;", 0), 0u);
  nlohmann::json stats = nlohmann::json::parse(Describe(e, KVB_DESCRIBE_STATS));
  EXPECT_TRUE(stats["Instances"]["profiles"].contains("rocksdb.cur-size-all-mem-tables"));
  std::string ignored;
  EXPECT_EQ(t_->engine_describe(e, 99, &AppendSink, &ignored, err_, sizeof(err_)), KVB_NOT_SUPPORTED);

  EXPECT_EQ(t_->engine_stabilize(e, err_, sizeof(err_)), KVB_OK) << err_;
  EXPECT_EQ(Get(s, "q|1", &code), "val");
  EXPECT_EQ(t_->engine_settle(e, err_, sizeof(err_)), KVB_OK) << err_;
  t_->store_close(s);
  ASSERT_EQ(t_->engine_close(e, err_, sizeof(err_)), KVB_OK) << err_;

  ASSERT_EQ(Open(config, &e), KVB_OK) << err_;
  ASSERT_EQ(t_->store_open(e, "profiles", 8, &s, err_, sizeof(err_)), KVB_OK) << err_;
  EXPECT_EQ(Get(s, "p|3", &code), "val");
  EXPECT_EQ(code, KVB_OK);
  EXPECT_EQ(Get(s, "p|2", &code), "");
  EXPECT_EQ(code, KVB_NOT_FOUND);
  t_->store_close(s);
  ASSERT_EQ(t_->engine_close(e, err_, sizeof(err_)), KVB_OK) << err_;
}

}  // namespace
}  // namespace kvbench::rocksdb5
