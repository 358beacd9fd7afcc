// The rocksdb5 plugin's settings: what the run configuration may say, their defaults (the published report's
// RocksDB configuration), and how they become rocksdb::Options and rocksdb::WriteOptions.
#ifndef KVBENCH_PLUGINS_ROCKSDB5_ROCKSDB5_SETTINGS_HPP_
#define KVBENCH_PLUGINS_ROCKSDB5_ROCKSDB5_SETTINGS_HPP_

#include <rocksdb/cache.h>
#include <rocksdb/options.h>

#include <cstdint>
#include <kvbench/sdk.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace kvbench::rocksdb5 {

using Status = sdk::Status;

// How engine_stabilize brings each instance to its read-ready state.
enum class ReadStabilization {
  kCompact,  // flush memtables, then CompactRange over the whole key space (the report's "compact")
  kFlush,    // flush memtables only
  kNone,     // nothing
};

struct Settings {
  // "settings" section.
  std::string compression = "zstd";  // none | lz4 | snappy | zstd
  int64_t write_buffer_mb = 1024;
  int64_t max_write_buffer_number = 4;
  ReadStabilization read_stabilization = ReadStabilization::kCompact;
  std::optional<int64_t> block_cache_mb;   // absent: RocksDB's default cache per instance; 0: no block cache
  int64_t bloom_bits_per_key = 0;          // 0: no filter
  std::optional<int64_t> block_size_kb;    // absent: RocksDB's default
  std::optional<int64_t> background_jobs;  // absent: RocksDB's default
  std::string options_string;              // applied last, by RocksDB's own parser
  bool statistics = false;                 // rocksdb::Statistics per instance (costs a little per operation)
  // "durability" section.
  bool wal = true;
  bool sync_writes = false;
};

// Reads {"settings": {...}, "durability": {...}} strictly: an unknown key, a wrong type or a bad value is
// INVALID_ARGUMENT naming the key. An empty text means every default.
Status ParseSettings(std::string_view config_json, Settings* settings);

// The settings as the configuration would spell them, defaults filled in (absent optional values are null).
nlohmann::json SettingsToJson(const Settings& settings);

std::string_view ReadStabilizationName(ReadStabilization r);

// The cache every instance of one engine shares when BlockCacheMb is given (null otherwise, or when it is 0).
std::shared_ptr<rocksdb::Cache> MakeSharedBlockCache(const Settings& settings);

// Builds the options of one instance: the settings, then OptionsString on top (its errors carry RocksDB's
// message). Never calls OptimizeLevelStyleCompaction or any other helper that rewrites what the settings say.
// REQUIRES: settings came from ParseSettings.
Status BuildOptions(const Settings& settings, const std::shared_ptr<rocksdb::Cache>& shared_cache,
                    rocksdb::Options* options);

// The write options of every Put/Delete. RocksDB refuses sync writes without a WAL, so SyncWrites has no effect
// when Wal is false (the effective settings and the durability line say so).
rocksdb::WriteOptions MakeWriteOptions(const Settings& settings);

}  // namespace kvbench::rocksdb5

#endif  // KVBENCH_PLUGINS_ROCKSDB5_ROCKSDB5_SETTINGS_HPP_
