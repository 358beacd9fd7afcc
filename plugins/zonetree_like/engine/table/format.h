// On-disk format of a segment part file and the options shared by the table
// layer.
//
// Part file "<dir>/<file_number>.seg":
//   data block 0 .. data block B-1     (each: stored payload + block trailer)
//   index block                        (same framing as a data block)
//   footer                             (kFooterSize bytes, fixed)
//
// Block trailer (kBlockTrailerSize bytes) after the stored payload:
//   compression type (1 byte) | raw (decompressed) size fixed32 |
//   masked crc32c fixed32 of payload + type + raw size.
//
// Decompressed data block: a key section, a value section, the key
// section's size fixed32, and the entry count fixed32. Key section: per
// entry, varint key length, varint value length, kind (1 byte), key bytes,
// and, if the value has at most the part's inline limit of bytes (footer),
// the value. Value section: the longer values back to back in entry order.
// Keys strictly ascending. A value next to its key arrives with the key a
// search has just read, instead of being one more cache miss; a long value
// is kept apart so that a search does not walk past it. Entry and value
// positions are not stored: both follow from the lengths, and a reader
// derives them once when it parses the block.
//
// Decompressed index block:
//   varint64 entries, varint64 tombstones, varint32 block count,
//   varint32 sparse step (0: no sparse keys), varint32 sparse key count,
//   length-prefixed smallest key, length-prefixed largest key,
//   per block: varint64 offset, varint32 stored size (without trailer),
//              varint32 entry count, length-prefixed first key,
//   per sparse key (ordinal i * step): length-prefixed key, varint32
//              key-section offset of that entry in its decompressed block.
//
// Footer: index offset fixed64 | index stored size fixed64 | version fixed32 |
//   inline value limit fixed32 | magic fixed64 | masked crc32c fixed32 of the
//   first 32 bytes (36 bytes in all).
//
// Versions: 3 as above; 2 (still read) had no values in the key section, and
// the limit's field was a flags word, always 0; 1 (no longer read) stored
// the entry positions.
#ifndef ZT_TABLE_FORMAT_H_
#define ZT_TABLE_FORMAT_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "util/buffer.h"
#include "util/compression.h"
#include "util/status.h"

namespace zt {

class RandomAccessFile;

enum class EntryKind : uint8_t { kValue = 1, kTombstone = 2 };

inline constexpr uint32_t kDefaultInlineValueMax = 256;

struct TableOptions {
  // Uncompressed bytes per block (ZoneTree: 4 MB; RocksDB: 4 KiB), and how
  // blocks are compressed. A point read that misses the block cache reads
  // and decompresses a whole block for one record: once a store outgrows
  // the cache, most reads do. At 2M profiles with 64 KiB zstd blocks read
  // by user id missed 142,055 times in 400,000 gets, each miss ~640K
  // instructions of zstd; a 4 KiB lz4 block costs ~14K (see
  // util/compression.h), its page comes from the small-page pools
  // (util/page_pool.h), and the cache holds the records that are read
  // rather than the 64 KiB around each.
  size_t block_size = 4 * 1024;
  Compression compression = Compression::kLz4;
  int zstd_level = 1;  // zstd's level; lz4's acceleration when above 1
  uint32_t sparse_array_step = 16;        // SparseArrayStepSize; 0 = no sparse array
  uint32_t iterator_prefetch = 16;        // IteratorPrefetchSize (0 is treated as 1)
  uint32_t key_cache_size = 1024;         // KeyCacheSize (slots, per segment; 0 = off)
  uint32_t value_cache_size = 1024;       // ValueCacheSize (slots, per segment; 0 = off)
  uint64_t part_max_entries = 250'000;  // a part is closed at this many entries ...
  uint64_t part_min_entries = 100'000;  // ... and a merge may reuse an untouched part at least this big
  // Values of at most this many bytes are written next to their keys. At
  // the default sparse step (16), a bracket of such records spans about 64
  // cache lines (4 KiB) or fewer, what a point lookup fetches at once; a
  // longer value would make the walk through the bracket wait.
  uint32_t inline_value_max = kDefaultInlineValueMax;
};

struct PartMeta {
  uint64_t file_number = 0;
  uint64_t entries = 0;
  uint64_t tombstones = 0;
  uint64_t file_size = 0;
  std::string smallest_key, largest_key;
};

inline constexpr size_t kBlockTrailerSize = 9;
inline constexpr size_t kFooterSize = 36;
inline constexpr uint64_t kPartMagic = 0x7a74726565736567ull;  // "ztreeseg"
inline constexpr uint32_t kPartFormatVersion = 3;
inline constexpr uint32_t kOldestReadablePartFormatVersion = 2;
// Upper bound on a single decompressed block (guards allocations against
// garbage sizes). A block holds at least one entry, so this bounds entries.
inline constexpr uint32_t kMaxBlockRawSize = 1u << 30;

// "<dir>/<file_number>.seg"
std::string PartFileName(std::string_view dir, uint64_t file_number);
// True if name is "<digits>.seg"; sets *file_number.
bool ParsePartFileName(std::string_view name, uint64_t* file_number);

struct BlockHandle {
  uint64_t offset = 0;
  uint32_t size = 0;  // stored payload bytes, without the trailer
};

struct Footer {
  BlockHandle index;
  uint32_t version = kPartFormatVersion;
  uint32_t inline_value_max = 0;  // of every data block (0 in version 2)

  void EncodeTo(std::string* dst) const;
  // input must be exactly kFooterSize bytes. Corruption on mismatch.
  Status DecodeFrom(std::string_view input);
};

// Appends payload (already compressed as `type`) plus its trailer to *dst.
void AppendBlockTrailer(std::string_view payload, Compression type, uint32_t raw_size, std::string* trailer);

// Reads the block at handle, checks its CRC and decompresses it into
// *raw (allocated to exactly *raw_size bytes). Errors are
// Corruption("file N offset M: ...").
Status ReadRawBlock(const RandomAccessFile& file, uint64_t file_number, const BlockHandle& handle,
                    Buffer* raw, size_t* raw_size);

// "file N offset M: <what>"
Status CorruptionAt(uint64_t file_number, uint64_t offset, std::string_view what);

}  // namespace zt

#endif  // ZT_TABLE_FORMAT_H_
