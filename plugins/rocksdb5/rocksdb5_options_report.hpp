// What RocksDB really runs with, read back from options (an open instance's DB::GetOptions(), or the options an
// instance would be opened with), as JSON for the results and as the one-line durability description.
#ifndef KVBENCH_PLUGINS_ROCKSDB5_ROCKSDB5_OPTIONS_REPORT_HPP_
#define KVBENCH_PLUGINS_ROCKSDB5_ROCKSDB5_OPTIONS_REPORT_HPP_

#include <rocksdb/options.h>

#include <nlohmann/json.hpp>
#include <string>

namespace kvbench::rocksdb5 {

// "Zstd", "LZ4", "Snappy", "None", ... (the report's spelling), or RocksDB's own name for other types.
std::string CompressionLabel(rocksdb::CompressionType type);

// The compression of each level 0..num_levels-1 as RocksDB applies it (compression_per_level when set, else
// `compression`, with bottommost_compression on the last level when set).
nlohmann::json CompressionPerLevel(const rocksdb::Options& options);

// write_buffer_size, max_write_buffer_number, compression per level, block cache capacity, bloom bits per key,
// block size, max_background_jobs and a few neighbours, from `options` and its block-based table factory.
nlohmann::json DescribeOptions(const rocksdb::Options& options);

// The write path: {"disableWAL": ..., "sync": ...}.
nlohmann::json DescribeWriteOptions(const rocksdb::WriteOptions& write_options);

// E.g. "WAL enabled; five separate RocksDB instances; no WriteBatch across indexes; compression=Zstd;
// write_buffer_size=1024 MB per database; max_write_buffer_number=4; sync=false". `instances` is the number of
// open instances (0: not known yet). `sync_requested` tells whether SyncWrites asked for sync (it cannot act
// without a WAL).
std::string DurabilityLine(const rocksdb::Options& options, const rocksdb::WriteOptions& write_options,
                           size_t instances, bool sync_requested);

}  // namespace kvbench::rocksdb5

#endif  // KVBENCH_PLUGINS_ROCKSDB5_ROCKSDB5_OPTIONS_REPORT_HPP_
