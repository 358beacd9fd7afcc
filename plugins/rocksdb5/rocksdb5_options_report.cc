#include "rocksdb5_options_report.hpp"

#include <rocksdb/convenience.h>
#include <rocksdb/filter_policy.h>
#include <rocksdb/table.h>

#include <cstdlib>

namespace kvbench::rocksdb5 {
namespace {

constexpr uint64_t kMiB = uint64_t{1} << 20;

// "bloomfilter:10:false" (RocksDB's serialised Bloom policy) → 10. Null when there is no filter, the raw text
// when it is another policy.
nlohmann::json BloomBitsPerKey(const rocksdb::FilterPolicy* policy) {
  if (policy == nullptr) return 0;
  rocksdb::ConfigOptions config;
  std::string text = policy->ToString(config);
  constexpr std::string_view kBloom = "bloomfilter:";
  if (text.compare(0, kBloom.size(), kBloom) == 0) {
    return std::strtod(text.c_str() + kBloom.size(), nullptr);
  }
  return text;
}

std::string_view CountWord(size_t n) {
  static constexpr std::string_view kWords[] = {"zero", "one",   "two",   "three", "four", "five",
                                                "six",  "seven", "eight", "nine",  "ten"};
  return n < std::size(kWords) ? kWords[n] : std::string_view();
}

}  // namespace

std::string CompressionLabel(rocksdb::CompressionType type) {
  switch (type) {
    case rocksdb::kNoCompression:
      return "None";
    case rocksdb::kSnappyCompression:
      return "Snappy";
    case rocksdb::kLZ4Compression:
      return "LZ4";
    case rocksdb::kZSTD:
      return "Zstd";
    default:
      break;
  }
  std::string name;
  rocksdb::GetStringFromCompressionType(&name, type);
  return name;
}

nlohmann::json CompressionPerLevel(const rocksdb::Options& o) {
  nlohmann::json levels = nlohmann::json::array();
  for (int level = 0; level < o.num_levels; ++level) {
    rocksdb::CompressionType t = o.compression;
    if (!o.compression_per_level.empty()) {
      size_t i = std::min(static_cast<size_t>(level), o.compression_per_level.size() - 1);
      t = o.compression_per_level[i];
    }
    if (level == o.num_levels - 1 && o.bottommost_compression != rocksdb::kDisableCompressionOption) {
      t = o.bottommost_compression;
    }
    levels.push_back(CompressionLabel(t));
  }
  return levels;
}

nlohmann::json DescribeOptions(const rocksdb::Options& o) {
  nlohmann::json j;
  j["write_buffer_size"] = o.write_buffer_size;
  // Whole MiB as an integer (the configuration's spelling), else the exact fraction.
  j["write_buffer_size_mb"] = o.write_buffer_size % kMiB == 0
                                  ? nlohmann::json(o.write_buffer_size / kMiB)
                                  : nlohmann::json(static_cast<double>(o.write_buffer_size) / kMiB);
  j["max_write_buffer_number"] = o.max_write_buffer_number;
  j["min_write_buffer_number_to_merge"] = o.min_write_buffer_number_to_merge;
  j["compression"] = CompressionLabel(o.compression);
  j["compression_per_level"] = CompressionPerLevel(o);
  j["max_background_jobs"] = o.max_background_jobs;
  j["num_levels"] = o.num_levels;
  j["level0_file_num_compaction_trigger"] = o.level0_file_num_compaction_trigger;
  j["target_file_size_base"] = o.target_file_size_base;
  j["max_bytes_for_level_base"] = o.max_bytes_for_level_base;
  j["compaction_style"] = o.compaction_style == rocksdb::kCompactionStyleLevel ? "level" : "other";
  j["statistics"] = o.statistics != nullptr;
  j["table_factory"] = o.table_factory ? o.table_factory->Name() : "none";
  const auto* table = o.table_factory ? o.table_factory->GetOptions<rocksdb::BlockBasedTableOptions>() : nullptr;
  if (table != nullptr) {
    if (table->no_block_cache) {
      j["block_cache_capacity"] = 0;
    } else if (table->block_cache) {
      j["block_cache_capacity"] = table->block_cache->GetCapacity();
    } else {
      j["block_cache_capacity"] = nullptr;  // not created yet (RocksDB makes an 8 MB one at open)
    }
    j["bloom_bits_per_key"] = BloomBitsPerKey(table->filter_policy.get());
    j["block_size"] = table->block_size;
    j["format_version"] = table->format_version;
    j["cache_index_and_filter_blocks"] = table->cache_index_and_filter_blocks;
  }
  return j;
}

nlohmann::json DescribeWriteOptions(const rocksdb::WriteOptions& w) {
  return {{"disableWAL", w.disableWAL}, {"sync", w.sync}};
}

std::string DurabilityLine(const rocksdb::Options& o, const rocksdb::WriteOptions& w, size_t instances,
                           bool sync_requested) {
  std::string line =
      w.disableWAL ? "WAL disabled (a crash loses every write not yet flushed to an SST file)" : "WAL enabled";
  std::string_view word = CountWord(instances);
  if (instances == 0) {
    line += "; one separate RocksDB instance per store";
  } else if (instances == 1) {
    line += "; one RocksDB instance";
  } else {
    line += "; " + (word.empty() ? std::to_string(instances) : std::string(word)) + " separate RocksDB instances";
  }
  line += "; no WriteBatch across indexes";
  nlohmann::json levels = CompressionPerLevel(o);
  bool uniform = true;
  for (const auto& l : levels) uniform &= l == levels.front();
  line += "; compression=" + (uniform && !levels.empty() ? levels.front().get<std::string>() : levels.dump());
  uint64_t wbs = o.write_buffer_size;
  line +=
      "; write_buffer_size=" + (wbs % kMiB == 0 ? std::to_string(wbs / kMiB) + " MB" : std::to_string(wbs) + " bytes") +
      " per database";
  line += "; max_write_buffer_number=" + std::to_string(o.max_write_buffer_number);
  line += std::string("; sync=") + (w.sync ? "true" : "false");
  if (sync_requested && !w.sync) line += " (SyncWrites has no effect without the WAL)";
  return line;
}

}  // namespace kvbench::rocksdb5
