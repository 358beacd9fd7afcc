// The write-ahead log's file format, shared by the writer and the replayer.
//
//   file   := magic frame*
//   frame  := masked_crc32c(type .. payload) fixed32 | type u8 |
//             payload_size fixed32 | payload
//   type 1 (plain):      batch
//   type 2 (compressed): raw_size fixed32 | zstd(batch)
//   batch  := first_index fixed64 | count fixed32 | record{count}
//   record := kind u8 | key_size varint32 | value_size varint32 | key | value
//
// Record indexes count from 0 in each log and are contiguous: a replayer
// skips indexes it has already applied, which lets a sync-compressed log keep
// its uncompressed tail in a side file ("<log>.tail", one plain frame) that
// may overlap the log's last block.
#ifndef ZT_DB_WAL_FORMAT_H_
#define ZT_DB_WAL_FORMAT_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "table/format.h"

namespace zt::wal {

inline constexpr std::string_view kMagic{"ZTWAL01\n", 8};
inline constexpr size_t kFrameHeaderSize = 9;
inline constexpr size_t kBatchHeaderSize = 12;
inline constexpr uint8_t kPlainFrame = 1;
inline constexpr uint8_t kCompressedFrame = 2;

// Appends one record to a batch body.
void AppendRecord(std::string* batch_body, EntryKind kind, std::string_view key,
                  std::string_view value);

// Appends a complete frame of `type` around payload.
void AppendFrame(std::string* out, uint8_t type, std::string_view payload);

// "<dir>/<number>.wal" and its tail side file.
std::string LogFileName(const std::string& dir, uint64_t number);
std::string TailFileName(const std::string& log_path);

}  // namespace zt::wal

#endif  // ZT_DB_WAL_FORMAT_H_
