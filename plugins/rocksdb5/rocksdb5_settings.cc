#include "rocksdb5_settings.hpp"

#include <rocksdb/convenience.h>
#include <rocksdb/filter_policy.h>
#include <rocksdb/statistics.h>
#include <rocksdb/table.h>

#include <kvbench/sdk_config.hpp>

#include "rocksdb5_status.hpp"

namespace kvbench::rocksdb5 {
namespace {

constexpr int64_t kMiB = int64_t{1} << 20;

rocksdb::CompressionType CompressionFromName(std::string_view name) {
  if (name == "none") return rocksdb::kNoCompression;
  if (name == "lz4") return rocksdb::kLZ4Compression;
  if (name == "snappy") return rocksdb::kSnappyCompression;
  return rocksdb::kZSTD;
}

// An optional integer setting: stays absent unless the key is present.
void OptionalInt(sdk::ConfigReader* config, std::string_view key, std::optional<int64_t>* out, int64_t min,
                 int64_t max) {
  bool present = config->Has("settings", key);
  int64_t v = min;
  config->Int("settings", key, &v, min, max);
  if (present) *out = v;
}

}  // namespace

Status ParseSettings(std::string_view config_json, Settings* s) {
  sdk::ConfigReader config(config_json);
  config.Choice("settings", "Compression", &s->compression, {"zstd", "lz4", "snappy", "none"});
  config.Int("settings", "WriteBufferMb", &s->write_buffer_mb, 1, 1 << 20);
  // RocksDB silently raises max_write_buffer_number below 2 to 2; refuse it so the label is what runs.
  config.Int("settings", "MaxWriteBufferNumber", &s->max_write_buffer_number, 2, 1024);
  std::string stabilization(ReadStabilizationName(s->read_stabilization));
  config.Choice("settings", "ReadStabilization", &stabilization, {"compact", "flush", "none"});
  s->read_stabilization = stabilization == "compact" ? ReadStabilization::kCompact
                          : stabilization == "flush" ? ReadStabilization::kFlush
                                                     : ReadStabilization::kNone;
  OptionalInt(&config, "BlockCacheMb", &s->block_cache_mb, 0, 1 << 24);
  config.Int("settings", "BloomBitsPerKey", &s->bloom_bits_per_key, 0, 100);
  OptionalInt(&config, "BlockSizeKb", &s->block_size_kb, 1, 1 << 20);
  OptionalInt(&config, "BackgroundJobs", &s->background_jobs, 1, 1024);
  config.String("settings", "OptionsString", &s->options_string);
  config.Bool("settings", "Statistics", &s->statistics);
  config.Bool("durability", "Wal", &s->wal);
  config.Bool("durability", "SyncWrites", &s->sync_writes);
  return config.Finish();
}

std::string_view ReadStabilizationName(ReadStabilization r) {
  switch (r) {
    case ReadStabilization::kCompact:
      return "compact";
    case ReadStabilization::kFlush:
      return "flush";
    case ReadStabilization::kNone:
      break;
  }
  return "none";
}

nlohmann::json SettingsToJson(const Settings& s) {
  auto optional = [](const std::optional<int64_t>& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); };
  nlohmann::json settings = {
      {"Compression", s.compression},
      {"WriteBufferMb", s.write_buffer_mb},
      {"MaxWriteBufferNumber", s.max_write_buffer_number},
      {"ReadStabilization", ReadStabilizationName(s.read_stabilization)},
      {"BlockCacheMb", optional(s.block_cache_mb)},
      {"BloomBitsPerKey", s.bloom_bits_per_key},
      {"BlockSizeKb", optional(s.block_size_kb)},
      {"BackgroundJobs", optional(s.background_jobs)},
      {"OptionsString", s.options_string},
      {"Statistics", s.statistics},
  };
  nlohmann::json durability = {{"Wal", s.wal}, {"SyncWrites", s.sync_writes}};
  return {{"settings", settings}, {"durability", durability}};
}

std::shared_ptr<rocksdb::Cache> MakeSharedBlockCache(const Settings& s) {
  if (!s.block_cache_mb || *s.block_cache_mb == 0) return nullptr;
  return rocksdb::NewLRUCache(static_cast<size_t>(*s.block_cache_mb * kMiB));
}

Status BuildOptions(const Settings& s, const std::shared_ptr<rocksdb::Cache>& shared_cache, rocksdb::Options* out) {
  rocksdb::Options o;
  o.create_if_missing = true;
  o.compression = CompressionFromName(s.compression);
  o.write_buffer_size = static_cast<size_t>(s.write_buffer_mb * kMiB);
  o.max_write_buffer_number = static_cast<int>(s.max_write_buffer_number);
  if (s.background_jobs) o.max_background_jobs = static_cast<int>(*s.background_jobs);
  if (s.statistics) o.statistics = rocksdb::CreateDBStatistics();

  rocksdb::BlockBasedTableOptions table;
  if (s.block_cache_mb) {
    if (*s.block_cache_mb == 0) {
      table.no_block_cache = true;
    } else {
      table.block_cache = shared_cache;
    }
  }
  if (s.bloom_bits_per_key > 0) {
    table.filter_policy.reset(rocksdb::NewBloomFilterPolicy(static_cast<double>(s.bloom_bits_per_key), false));
  }
  if (s.block_size_kb) table.block_size = static_cast<size_t>(*s.block_size_kb * 1024);
  o.table_factory.reset(rocksdb::NewBlockBasedTableFactory(table));

  if (!s.options_string.empty()) {
    rocksdb::ConfigOptions config;
    config.ignore_unknown_options = false;
    config.input_strings_escaped = false;
    rocksdb::Options parsed;
    rocksdb::Status rs = rocksdb::GetOptionsFromString(config, o, s.options_string, &parsed);
    if (!rs.ok()) return FromRocks(rs, "settings.OptionsString \"" + s.options_string + "\"");
    // The parser rebuilds the options from strings; keep what strings cannot carry.
    if (!parsed.statistics) parsed.statistics = o.statistics;
    parsed.create_if_missing = true;
    o = std::move(parsed);
  }

  bool supported = false;
  for (rocksdb::CompressionType t : rocksdb::GetSupportedCompressions()) supported |= t == o.compression;
  if (!supported && o.compression != rocksdb::kNoCompression) {
    return Status::NotSupported("settings.Compression: this RocksDB build has no " + s.compression + " support");
  }
  *out = std::move(o);
  return Status::OK();
}

rocksdb::WriteOptions MakeWriteOptions(const Settings& s) {
  rocksdb::WriteOptions w;
  w.disableWAL = !s.wal;
  w.sync = s.wal && s.sync_writes;
  return w;
}

}  // namespace kvbench::rocksdb5
