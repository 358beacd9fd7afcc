#include "rocksdb5_engine.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <thread>

#include "rocksdb5_test_util.hpp"

namespace kvbench::rocksdb5 {
namespace {

using Rocksdb5Engine = Rocksdb5Fixture;

TEST_F(Rocksdb5Engine, PutGetDeleteOverwrite) {
  auto e = OpenEngine();
  auto st = OpenStore(e.get(), "profiles");
  kvb_status code;
  EXPECT_EQ(Get(st.get(), "a", &code), "<1>");
  EXPECT_EQ(code, KVB_NOT_FOUND);
  ASSERT_TRUE(st->Put("a", "1").ok());
  ASSERT_TRUE(st->Put(std::string("b\0c", 3), std::string("\0\xff", 2)).ok());
  EXPECT_EQ(Get(st.get(), "a"), "1");
  EXPECT_EQ(Get(st.get(), std::string("b\0c", 3)), std::string("\0\xff", 2));
  ASSERT_TRUE(st->Put("a", "2").ok());
  EXPECT_EQ(Get(st.get(), "a"), "2");
  ASSERT_TRUE(st->Delete("a").ok());
  ASSERT_TRUE(st->Delete("never-there").ok());
  EXPECT_EQ(Get(st.get(), "a"), "<1>");
  uint64_t n = 0;
  ASSERT_TRUE(st->Count(&n).ok());
  EXPECT_EQ(n, 1u);
}

TEST_F(Rocksdb5Engine, EachStoreIsItsOwnInstanceInItsOwnDirectory) {
  auto e = OpenEngine();
  auto a = OpenStore(e.get(), "profiles");
  auto b = OpenStore(e.get(), "email-index");
  ASSERT_TRUE(a->Put("k", "in-profiles").ok());
  EXPECT_EQ(Get(b.get(), "k"), "<1>");
  EXPECT_TRUE(std::filesystem::exists(dir_.path() + "/profiles/CURRENT"));
  EXPECT_TRUE(std::filesystem::exists(dir_.path() + "/email-index/CURRENT"));
  ASSERT_EQ(e->instance_count(), 2u);
  EXPECT_EQ(e->instance(0).name(), "profiles");
  EXPECT_NE(e->instance(0).db(), e->instance(1).db());
  std::unique_ptr<RocksStore> again;
  EXPECT_EQ(e->OpenStore("profiles", &again).code(), KVB_BUSY);
  a.reset();
  again = OpenStore(e.get(), "profiles");
  EXPECT_EQ(Get(again.get(), "k"), "in-profiles");
  EXPECT_EQ(e->instance_count(), 2u);
  std::unique_ptr<RocksStore> bad;
  EXPECT_EQ(e->OpenStore("..", &bad).code(), KVB_INVALID_ARGUMENT);
}

TEST_F(Rocksdb5Engine, StabilizeCompactsEveryInstance) {
  auto e = OpenEngine();
  auto a = OpenStore(e.get(), "a");
  auto b = OpenStore(e.get(), "b");
  std::string value(200, 'x');
  for (int i = 0; i < 20000; ++i) {
    std::string k = "key" + std::to_string(i);
    ASSERT_TRUE(a->Put(k, value).ok());
    if (i % 2 == 0) {
      ASSERT_TRUE(b->Put(k, value).ok());
    }
  }
  ASSERT_TRUE(e->Stabilize().ok());
  for (size_t i = 0; i < e->instance_count(); ++i) {
    rocksdb::DB* db = e->instance(i).db();
    std::string l0;
    ASSERT_TRUE(db->GetProperty("rocksdb.num-files-at-level0", &l0));
    EXPECT_EQ(l0, "0") << e->instance(i).name();
    uint64_t mem = 0;
    ASSERT_TRUE(db->GetIntProperty("rocksdb.num-entries-active-mem-table", &mem));
    EXPECT_EQ(mem, 0u);
  }
  EXPECT_EQ(Get(a.get(), "key19999"), value);
  EXPECT_EQ(Get(b.get(), "key19998"), value);
  EXPECT_EQ(Get(b.get(), "key19999"), "<1>");
  uint64_t n = 0;
  ASSERT_TRUE(b->Count(&n).ok());
  EXPECT_EQ(n, 10000u);
  std::string stats;
  ASSERT_TRUE(e->Stats(&stats).ok());
  nlohmann::json j = nlohmann::json::parse(stats);
  EXPECT_GT(j["Instances"]["a"]["rocksdb.total-sst-files-size"].get<uint64_t>(), 0u);
  EXPECT_GT(j["Instances"]["a"]["cfstats_sum_write_bytes"].get<uint64_t>(), 0u);
  EXPECT_TRUE(j["Instances"]["a"].contains("rocksdb.estimate-num-keys"));
  EXPECT_FALSE(j["Instances"]["a"].contains("statistics"));
}

TEST_F(Rocksdb5Engine, FlushOnlyStabilizationLeavesLevel0) {
  auto e = OpenEngine(R"({"settings":{"WriteBufferMb":1,"ReadStabilization":"flush"}})");
  auto a = OpenStore(e.get(), "a");
  ASSERT_TRUE(a->Put("k", "v").ok());
  ASSERT_TRUE(e->Stabilize().ok());
  std::string l0;
  ASSERT_TRUE(e->instance(0).db()->GetProperty("rocksdb.num-files-at-level0", &l0));
  EXPECT_EQ(l0, "1");
}

TEST_F(Rocksdb5Engine, CloseAndReopenFindsEverything) {
  for (const char* config :
       {R"({"settings":{"WriteBufferMb":1}})", R"({"settings":{"WriteBufferMb":1},"durability":{"Wal":false}})",
        R"({"settings":{"WriteBufferMb":1},"durability":{"Wal":false,"SyncWrites":true}})",
        R"({"settings":{"WriteBufferMb":1},"durability":{"Wal":true,"SyncWrites":true}})"}) {
    ScratchDir fresh;
    {
      auto e = OpenEngineIn(fresh.path(), config);
      auto a = OpenStore(e.get(), "profiles");
      auto b = OpenStore(e.get(), "email-index");
      for (int i = 0; i < 300; ++i)
        ASSERT_TRUE(a->Put(std::string("k").append(std::to_string(i)), std::to_string(i)).ok());
      ASSERT_TRUE(b->Put("mail", "7").ok());
      ASSERT_TRUE(a->Delete("k5").ok());
      a.reset();
      b.reset();
      ASSERT_TRUE(e->Close().ok()) << config;  // no settle: the WAL (or the close-time flush) must carry it
    }
    auto e = OpenEngineIn(fresh.path(), config);
    auto a = OpenStore(e.get(), "profiles");
    auto b = OpenStore(e.get(), "email-index");
    EXPECT_EQ(Get(a.get(), "k299"), "299") << config;
    EXPECT_EQ(Get(a.get(), "k5"), "<1>") << config;
    EXPECT_EQ(Get(b.get(), "mail"), "7") << config;
    uint64_t n = 0;
    ASSERT_TRUE(a->Count(&n).ok());
    EXPECT_EQ(n, 299u) << config;
    a.reset();
    b.reset();
    ASSERT_TRUE(e->Settle().ok());
    ASSERT_TRUE(e->Close().ok());
  }
}

TEST_F(Rocksdb5Engine, EffectiveOptionsAreReadBackFromRocksDb) {
  auto e = OpenEngine(R"({"settings":{"Compression":"lz4","WriteBufferMb":2,"MaxWriteBufferNumber":3,
      "BlockCacheMb":16,"BloomBitsPerKey":10,"BlockSizeKb":8,"BackgroundJobs":3,"Statistics":true},
      "durability":{"SyncWrites":true}})");
  nlohmann::json before = Effective(e.get());
  EXPECT_EQ(before["Options"]["write_buffer_size"], 2u << 20);
  auto a = OpenStore(e.get(), "profiles");
  auto b = OpenStore(e.get(), "reputation-index");
  nlohmann::json j = Effective(e.get());
  EXPECT_EQ(j["Databases"], "profiles,reputation-index");
  EXPECT_EQ(j["Compression"], "LZ4");
  EXPECT_EQ(j["WriteBufferMb"], 2);
  EXPECT_TRUE(j["WriteBufferMb"].is_number_integer());
  EXPECT_EQ(j["MaxWriteBufferNumber"], 3);
  EXPECT_EQ(j["WriteSync"], true);
  EXPECT_EQ(j["Wal"], true);
  EXPECT_EQ(j["BlockCacheBytes"], 16u << 20);
  EXPECT_EQ(j["BlockCacheShared"], true);
  EXPECT_EQ(j["BloomBitsPerKey"], 10.0);
  EXPECT_EQ(j["BlockSize"], 8192);
  EXPECT_EQ(j["MaxBackgroundJobs"], 3);
  EXPECT_EQ(j["OptimizeLevelStyleCompaction"], false);
  EXPECT_EQ(j["RocksDBVersion"], j["RocksDBHeaderVersion"]);
  EXPECT_EQ(j["Requested"]["settings"]["Compression"], "lz4");
  for (const char* name : {"profiles", "reputation-index"}) {
    const nlohmann::json& inst = j["Instances"][name];
    EXPECT_EQ(inst["write_buffer_size"], 2u << 20);
    EXPECT_EQ(inst["max_write_buffer_number"], 3);
    for (const auto& level : inst["compression_per_level"]) EXPECT_EQ(level, "LZ4");
    EXPECT_EQ(inst["statistics"], true);
    EXPECT_EQ(inst["block_size"], 8192);
  }
  EXPECT_EQ(e->instance(0).Options().write_buffer_size, 2u << 20);
  std::string line;
  ASSERT_TRUE(e->Durability(&line).ok());
  EXPECT_EQ(line,
            "WAL enabled; two separate RocksDB instances; no WriteBatch across indexes; compression=LZ4; "
            "write_buffer_size=2 MB per database; max_write_buffer_number=3; sync=true");
  ASSERT_TRUE(a->Put("k", "v").ok());
  std::string stats;
  ASSERT_TRUE(e->Stats(&stats).ok());
  EXPECT_GT(nlohmann::json::parse(stats)["Instances"]["profiles"]["statistics"]["bytes_written"].get<uint64_t>(), 0u);
}

TEST_F(Rocksdb5Engine, DefaultEffectiveSettingsAreTheReportsLabels) {
  auto e = OpenEngine("");
  for (const char* name : {"profiles", "email-index", "country-status-index", "created-at-index", "reputation-index"}) {
    std::unique_ptr<RocksStore> st;
    ASSERT_TRUE(e->OpenStore(name, &st).ok());
  }
  nlohmann::json j = Effective(e.get());
  EXPECT_EQ(j["Databases"], "profiles,email-index,country-status-index,created-at-index,reputation-index");
  EXPECT_EQ(j["Compression"], "Zstd");
  EXPECT_EQ(j["WriteBufferMb"], 1024);
  EXPECT_EQ(j["MaxWriteBufferNumber"], 4);
  EXPECT_EQ(j["WriteSync"], false);
  EXPECT_EQ(j["ReadStabilization"], "compact");
  EXPECT_EQ(j["BlockCacheBytes"], 8u << 20);  // RocksDB's own default cache, made at open
  EXPECT_EQ(j["BlockCacheShared"], false);
  for (const auto& level : j["CompressionPerLevel"]) EXPECT_EQ(level, "Zstd");
  std::string line;
  ASSERT_TRUE(e->Durability(&line).ok());
  EXPECT_EQ(line,
            "WAL enabled; five separate RocksDB instances; no WriteBatch across indexes; compression=Zstd; "
            "write_buffer_size=1024 MB per database; max_write_buffer_number=4; sync=false");
}

TEST_F(Rocksdb5Engine, OpenRefusesBadConfigurationAndMissingDirectory) {
  std::unique_ptr<RocksEngine> e;
  EXPECT_EQ(RocksEngine::Open({dir_.path(), R"({"settings":{"Bogus":1}})"}, &e).code(), KVB_INVALID_ARGUMENT);
  EXPECT_EQ(RocksEngine::Open({dir_.path(), R"({"settings":{"OptionsString":"nope=1"}})"}, &e).code(),
            KVB_INVALID_ARGUMENT);
  EXPECT_EQ(RocksEngine::Open({dir_.path() + "/missing", ""}, &e).code(), KVB_INVALID_ARGUMENT);
  EXPECT_EQ(e, nullptr);
}

TEST_F(Rocksdb5Engine, ConcurrentDataCalls) {
  auto e = OpenEngine();
  auto st = OpenStore(e.get(), "s");
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 2000; ++i) {
        std::string k = std::to_string(t) + ":" + std::to_string(i);
        if (!st->Put(k, k).ok() || Get(st.get(), k) != k) ++failures;
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(failures.load(), 0);
  uint64_t n = 0;
  ASSERT_TRUE(st->Count(&n).ok());
  EXPECT_EQ(n, 8000u);
}

}  // namespace
}  // namespace kvbench::rocksdb5
