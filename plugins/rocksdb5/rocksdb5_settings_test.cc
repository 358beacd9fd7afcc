#include "rocksdb5_settings.hpp"

#include <gtest/gtest.h>
#include <rocksdb/filter_policy.h>
#include <rocksdb/table.h>

#include "rocksdb5_options_report.hpp"

namespace kvbench::rocksdb5 {
namespace {

constexpr size_t kMiB = size_t{1} << 20;

const rocksdb::BlockBasedTableOptions& Table(const rocksdb::Options& o) {
  const auto* t = o.table_factory->GetOptions<rocksdb::BlockBasedTableOptions>();
  EXPECT_NE(t, nullptr);
  return *t;
}

TEST(Rocksdb5Settings, DefaultsAreTheReportsConfiguration) {
  Settings s;
  ASSERT_TRUE(ParseSettings("", &s).ok());
  EXPECT_EQ(s.compression, "zstd");
  EXPECT_EQ(s.write_buffer_mb, 1024);
  EXPECT_EQ(s.max_write_buffer_number, 4);
  EXPECT_EQ(s.read_stabilization, ReadStabilization::kCompact);
  EXPECT_FALSE(s.block_cache_mb.has_value());
  EXPECT_EQ(s.bloom_bits_per_key, 0);
  EXPECT_FALSE(s.block_size_kb.has_value());
  EXPECT_FALSE(s.background_jobs.has_value());
  EXPECT_TRUE(s.options_string.empty());
  EXPECT_FALSE(s.statistics);
  EXPECT_TRUE(s.wal);
  EXPECT_FALSE(s.sync_writes);

  Settings empty_sections;
  ASSERT_TRUE(ParseSettings(R"({"settings":{},"durability":{}})", &empty_sections).ok());
  EXPECT_EQ(empty_sections.write_buffer_mb, 1024);
}

TEST(Rocksdb5Settings, ReadsEveryKey) {
  Settings s;
  Status st = ParseSettings(R"({"settings":{"Compression":"lz4","WriteBufferMb":8,"MaxWriteBufferNumber":3,
      "ReadStabilization":"flush","BlockCacheMb":16,"BloomBitsPerKey":10,"BlockSizeKb":8,"BackgroundJobs":3,
      "OptionsString":"level0_file_num_compaction_trigger=6","Statistics":true},
      "durability":{"Wal":false,"SyncWrites":true}})",
                            &s);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(s.compression, "lz4");
  EXPECT_EQ(s.write_buffer_mb, 8);
  EXPECT_EQ(s.max_write_buffer_number, 3);
  EXPECT_EQ(s.read_stabilization, ReadStabilization::kFlush);
  EXPECT_EQ(s.block_cache_mb, 16);
  EXPECT_EQ(s.bloom_bits_per_key, 10);
  EXPECT_EQ(s.block_size_kb, 8);
  EXPECT_EQ(s.background_jobs, 3);
  EXPECT_EQ(s.options_string, "level0_file_num_compaction_trigger=6");
  EXPECT_TRUE(s.statistics);
  EXPECT_FALSE(s.wal);
  EXPECT_TRUE(s.sync_writes);
}

void ExpectRefused(const char* json, const char* named) {
  Settings s;
  Status st = ParseSettings(json, &s);
  EXPECT_EQ(st.code(), KVB_INVALID_ARGUMENT) << json;
  EXPECT_NE(st.message().find(named), std::string::npos) << st.message();
}

TEST(Rocksdb5Settings, RefusesUnknownKeysByName) {
  ExpectRefused(R"({"settings":{"WriteBufferMB":64}})", "settings.WriteBufferMB");
  ExpectRefused(R"({"durability":{"WriteSync":false}})", "durability.WriteSync");
  ExpectRefused(R"({"settings":{"Compression":"zstd"},"tuning":{}})", "tuning");
}

TEST(Rocksdb5Settings, RefusesBadValuesByName) {
  ExpectRefused(R"({"settings":{"Compression":"gzip"}})", "settings.Compression");
  ExpectRefused(R"({"settings":{"Compression":"Zstd"}})", "settings.Compression");
  ExpectRefused(R"({"settings":{"WriteBufferMb":"big"}})", "settings.WriteBufferMb");
  ExpectRefused(R"({"settings":{"WriteBufferMb":0}})", "settings.WriteBufferMb");
  ExpectRefused(R"({"settings":{"MaxWriteBufferNumber":1}})", "settings.MaxWriteBufferNumber");
  ExpectRefused(R"({"settings":{"ReadStabilization":"settle"}})", "settings.ReadStabilization");
  ExpectRefused(R"({"settings":{"BloomBitsPerKey":-1}})", "settings.BloomBitsPerKey");
  ExpectRefused(R"({"settings":{"OptionsString":7}})", "settings.OptionsString");
  ExpectRefused(R"({"durability":{"Wal":"yes"}})", "durability.Wal");
  ExpectRefused("{not json", "not valid JSON");
}

TEST(Rocksdb5Settings, BuildOptionsDoesWhatTheSettingsSay) {
  Settings s;
  ASSERT_TRUE(ParseSettings(R"({"settings":{"Compression":"snappy","WriteBufferMb":8,"MaxWriteBufferNumber":3,
      "BlockCacheMb":16,"BloomBitsPerKey":10,"BlockSizeKb":8,"BackgroundJobs":3,"Statistics":true}})",
                            &s)
                  .ok());
  auto cache = MakeSharedBlockCache(s);
  ASSERT_NE(cache, nullptr);
  EXPECT_EQ(cache->GetCapacity(), 16 * kMiB);
  rocksdb::Options o;
  ASSERT_TRUE(BuildOptions(s, cache, &o).ok());
  EXPECT_EQ(o.write_buffer_size, 8 * kMiB);
  EXPECT_EQ(o.max_write_buffer_number, 3);
  EXPECT_EQ(o.compression, rocksdb::kSnappyCompression);
  EXPECT_TRUE(o.compression_per_level.empty());
  EXPECT_EQ(o.max_background_jobs, 3);
  EXPECT_NE(o.statistics, nullptr);
  EXPECT_TRUE(o.create_if_missing);
  EXPECT_EQ(Table(o).block_cache, cache);
  EXPECT_EQ(Table(o).block_size, 8u * 1024);
  ASSERT_NE(Table(o).filter_policy, nullptr);
  nlohmann::json d = DescribeOptions(o);
  EXPECT_EQ(d["bloom_bits_per_key"], 10.0);
  EXPECT_EQ(d["block_cache_capacity"], 16 * kMiB);
  EXPECT_EQ(d["compression_per_level"].size(), static_cast<size_t>(o.num_levels));
  for (const auto& level : d["compression_per_level"]) EXPECT_EQ(level, "Snappy");
}

TEST(Rocksdb5Settings, DefaultsLeaveRocksDbDefaultsAlone) {
  Settings s;
  rocksdb::Options o;
  ASSERT_TRUE(BuildOptions(s, MakeSharedBlockCache(s), &o).ok());
  rocksdb::Options stock;
  rocksdb::BlockBasedTableOptions stock_table;
  EXPECT_EQ(o.write_buffer_size, 1024 * kMiB);
  EXPECT_EQ(o.max_write_buffer_number, 4);
  EXPECT_EQ(o.compression, rocksdb::kZSTD);
  // Nothing like OptimizeLevelStyleCompaction rewrote the level layout or the per-level compression.
  EXPECT_TRUE(o.compression_per_level.empty());
  EXPECT_EQ(o.min_write_buffer_number_to_merge, stock.min_write_buffer_number_to_merge);
  EXPECT_EQ(o.max_bytes_for_level_base, stock.max_bytes_for_level_base);
  EXPECT_EQ(o.target_file_size_base, stock.target_file_size_base);
  EXPECT_EQ(o.level0_file_num_compaction_trigger, stock.level0_file_num_compaction_trigger);
  EXPECT_EQ(o.max_background_jobs, stock.max_background_jobs);
  EXPECT_EQ(o.statistics, nullptr);
  // RocksDB's table factory makes its own 8 MB cache, one per instance.
  ASSERT_NE(Table(o).block_cache, nullptr);
  EXPECT_EQ(Table(o).block_cache->GetCapacity(), 8 * kMiB);
  rocksdb::Options other;
  ASSERT_TRUE(BuildOptions(s, MakeSharedBlockCache(s), &other).ok());
  EXPECT_NE(Table(other).block_cache, Table(o).block_cache);
  EXPECT_FALSE(Table(o).no_block_cache);
  EXPECT_EQ(Table(o).filter_policy, nullptr);
  EXPECT_EQ(Table(o).block_size, stock_table.block_size);
}

TEST(Rocksdb5Settings, ZeroBlockCacheMeansNone) {
  Settings s;
  ASSERT_TRUE(ParseSettings(R"({"settings":{"BlockCacheMb":0}})", &s).ok());
  EXPECT_EQ(MakeSharedBlockCache(s), nullptr);
  rocksdb::Options o;
  ASSERT_TRUE(BuildOptions(s, nullptr, &o).ok());
  EXPECT_TRUE(Table(o).no_block_cache);
  EXPECT_EQ(DescribeOptions(o)["block_cache_capacity"], 0);
}

TEST(Rocksdb5Settings, OptionsStringAppliesOnTop) {
  Settings s;
  ASSERT_TRUE(ParseSettings(R"({"settings":{"WriteBufferMb":8,"BlockCacheMb":4,"Statistics":true,
      "OptionsString":"max_background_jobs=5;write_buffer_size=3145728;block_based_table_factory={block_size=16384}"}})",
                            &s)
                  .ok());
  auto cache = MakeSharedBlockCache(s);
  rocksdb::Options o;
  Status st = BuildOptions(s, cache, &o);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(o.max_background_jobs, 5);
  EXPECT_EQ(o.write_buffer_size, 3 * kMiB);
  EXPECT_EQ(o.compression, rocksdb::kZSTD);  // untouched by the string
  EXPECT_EQ(Table(o).block_size, 16384u);
  EXPECT_EQ(Table(o).block_cache, cache);  // the table factory was configured, not replaced
  EXPECT_NE(o.statistics, nullptr);
}

TEST(Rocksdb5Settings, OptionsStringErrorsCarryRocksDbsMessage) {
  Settings s;
  s.options_string = "no_such_option=1";
  rocksdb::Options o;
  Status st = BuildOptions(s, nullptr, &o);
  EXPECT_EQ(st.code(), KVB_INVALID_ARGUMENT);
  EXPECT_NE(st.message().find("settings.OptionsString"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("no_such_option"), std::string::npos) << st.message();

  s.options_string = "write_buffer_size=lots";
  EXPECT_EQ(BuildOptions(s, nullptr, &o).code(), KVB_INVALID_ARGUMENT);
}

TEST(Rocksdb5Settings, WriteOptionsFollowWalAndSync) {
  Settings s;
  EXPECT_FALSE(MakeWriteOptions(s).disableWAL);
  EXPECT_FALSE(MakeWriteOptions(s).sync);
  s.sync_writes = true;
  EXPECT_TRUE(MakeWriteOptions(s).sync);
  s.wal = false;
  EXPECT_TRUE(MakeWriteOptions(s).disableWAL);
  EXPECT_FALSE(MakeWriteOptions(s).sync);  // RocksDB refuses sync without a WAL
  s.sync_writes = false;
  EXPECT_FALSE(MakeWriteOptions(s).sync);
}

TEST(Rocksdb5Settings, DurabilityLineMatchesTheReport) {
  Settings s;
  rocksdb::Options o;
  ASSERT_TRUE(BuildOptions(s, nullptr, &o).ok());
  EXPECT_EQ(DurabilityLine(o, MakeWriteOptions(s), 5, s.sync_writes),
            "WAL enabled; five separate RocksDB instances; no WriteBatch across indexes; compression=Zstd; "
            "write_buffer_size=1024 MB per database; max_write_buffer_number=4; sync=false");
  s.wal = false;
  s.sync_writes = true;
  std::string line = DurabilityLine(o, MakeWriteOptions(s), 12, s.sync_writes);
  EXPECT_EQ(line.rfind("WAL disabled", 0), 0u) << line;
  EXPECT_NE(line.find("; 12 separate RocksDB instances;"), std::string::npos) << line;
  EXPECT_NE(line.find("sync=false (SyncWrites has no effect without the WAL)"), std::string::npos) << line;
}

TEST(Rocksdb5Settings, SettingsToJsonSpellsTheConfiguration) {
  Settings s;
  nlohmann::json j = SettingsToJson(s);
  EXPECT_EQ(j["settings"]["Compression"], "zstd");
  EXPECT_EQ(j["settings"]["WriteBufferMb"], 1024);
  EXPECT_TRUE(j["settings"]["BlockCacheMb"].is_null());
  EXPECT_EQ(j["settings"]["ReadStabilization"], "compact");
  EXPECT_EQ(j["durability"]["Wal"], true);
  // What SettingsToJson writes, ParseSettings reads back (nulls aside).
  j["settings"].erase("BlockCacheMb");
  j["settings"].erase("BlockSizeKb");
  j["settings"].erase("BackgroundJobs");
  Settings back;
  EXPECT_TRUE(ParseSettings(j.dump(), &back).ok());
}

}  // namespace
}  // namespace kvbench::rocksdb5
