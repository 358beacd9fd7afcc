#include "zt_fixups.h"

#include <memory>
#include <string_view>

#include "db/wal_format.h"
#include "table/format.h"
#include "util/coding.h"
#include "util/compression.h"
#include "util/crc32c.h"

namespace kvbench::fuzz {
namespace {

// Rewrites the trailer CRC of the block at [offset, offset + size); false if
// the block does not fit.
bool FixBlock(std::string* file, uint64_t offset, uint64_t size) {
  if (offset > file->size() || size > file->size() - offset ||
      zt::kBlockTrailerSize > file->size() - offset - size) {
    return false;
  }
  char* payload = file->data() + offset;
  char* trailer = payload + size;
  uint32_t crc = zt::crc32c::Extend(zt::crc32c::Value(payload, size), trailer, 5);
  zt::EncodeFixed32(trailer + 5, zt::crc32c::Mask(crc));
  return true;
}

// The decompressed payload of the block at [offset, offset + size) (after
// FixBlock succeeded), or false.
bool BlockContents(const std::string& file, uint64_t offset, uint64_t size, std::string* raw) {
  const char* trailer = file.data() + offset + size;
  uint32_t raw_size = zt::DecodeFixed32(trailer + 1);
  std::string_view payload(file.data() + offset, size);
  if (static_cast<zt::Compression>(trailer[0]) == zt::Compression::kNone) {
    raw->assign(payload);
    return true;
  }
  if (raw_size > (1u << 22)) return false;  // bounded: this is test code
  raw->resize(raw_size);
  return zt::Uncompress(zt::Compression::kZstd, payload, raw->data(), raw_size).ok();
}

}  // namespace

void FixPartChecksums(std::string* file) {
  if (file->size() < zt::kFooterSize) return;
  char* footer = file->data() + file->size() - zt::kFooterSize;
  const uint64_t footer_offset = file->size() - zt::kFooterSize;
  const uint64_t index_offset = zt::DecodeFixed64(footer);
  const uint64_t index_size = zt::DecodeFixed64(footer + 8);
  std::string index;
  if (index_offset < footer_offset && index_size < footer_offset - index_offset &&
      FixBlock(file, index_offset, index_size) && BlockContents(*file, index_offset, index_size, &index)) {
    // The index header, then one record per block (see table/format.h).
    std::string_view in(index);
    uint64_t entries, tombstones, offset;
    uint32_t blocks, step, sparse, size, block_entries;
    std::string_view smallest, largest, first_key;
    if (zt::GetVarint64(&in, &entries) && zt::GetVarint64(&in, &tombstones) && zt::GetVarint32(&in, &blocks) &&
        zt::GetVarint32(&in, &step) && zt::GetVarint32(&in, &sparse) && zt::GetLengthPrefixed(&in, &smallest) &&
        zt::GetLengthPrefixed(&in, &largest)) {
      for (uint32_t b = 0; b < blocks; b++) {
        if (!zt::GetVarint64(&in, &offset) || !zt::GetVarint32(&in, &size) ||
            !zt::GetVarint32(&in, &block_entries) || !zt::GetLengthPrefixed(&in, &first_key)) {
          break;
        }
        if (offset >= index_offset) break;
        FixBlock(file, offset, size);
      }
    }
  }
  zt::EncodeFixed32(footer + 32, zt::crc32c::Mask(zt::crc32c::Value(footer, 32)));
}

void FixWalChecksums(std::string* file) {
  size_t pos = zt::wal::kMagic.size();
  while (pos < file->size() && file->size() - pos >= zt::wal::kFrameHeaderSize) {
    char* p = file->data() + pos;
    uint32_t size = zt::DecodeFixed32(p + 5);
    if (size > file->size() - pos - zt::wal::kFrameHeaderSize) break;
    uint32_t crc = zt::crc32c::Extend(zt::crc32c::Value(p + 4, 1), p + zt::wal::kFrameHeaderSize, size);
    zt::EncodeFixed32(p, zt::crc32c::Mask(crc));
    pos += zt::wal::kFrameHeaderSize + size;
  }
}

void FixManifestChecksum(std::string* file) {
  if (file->size() < 4) return;
  const size_t body = file->size() - 4;
  zt::EncodeFixed32(file->data() + body, zt::crc32c::Mask(zt::crc32c::Value(file->data(), body)));
}

}  // namespace kvbench::fuzz
