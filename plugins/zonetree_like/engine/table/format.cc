#include "table/format.h"

#include <charconv>

#include "util/coding.h"
#include "util/crc32c.h"
#include "util/file.h"

namespace zt {

std::string PartFileName(std::string_view dir, uint64_t file_number) {
  return JoinPath(dir, std::to_string(file_number) + ".seg");
}

bool ParsePartFileName(std::string_view name, uint64_t* file_number) {
  constexpr std::string_view kSuffix = ".seg";
  if (name.size() <= kSuffix.size() || name.substr(name.size() - kSuffix.size()) != kSuffix) {
    return false;
  }
  std::string_view digits = name.substr(0, name.size() - kSuffix.size());
  for (char c : digits) {
    if (c < '0' || c > '9') return false;
  }
  auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), *file_number);
  return ec == std::errc() && ptr == digits.data() + digits.size();
}

Status CorruptionAt(uint64_t file_number, uint64_t offset, std::string_view what) {
  std::string msg = "file " + std::to_string(file_number) + " offset " + std::to_string(offset) + ": ";
  msg.append(what.data(), what.size());
  return Status::Corruption(msg);
}

void Footer::EncodeTo(std::string* dst) const {
  size_t start = dst->size();
  PutFixed64(dst, index.offset);
  PutFixed64(dst, index.size);
  PutFixed32(dst, version);
  PutFixed32(dst, inline_value_max);
  PutFixed64(dst, kPartMagic);
  PutFixed32(dst, crc32c::Mask(crc32c::Value(dst->data() + start, 32)));
}

Status Footer::DecodeFrom(std::string_view input) {
  if (input.size() != kFooterSize) return Status::Corruption("bad footer size");
  const char* p = input.data();
  if (DecodeFixed64(p + 24) != kPartMagic) {
    return Status::Corruption("bad magic (not a segment part file)");
  }
  uint32_t stored = crc32c::Unmask(DecodeFixed32(p + 32));
  if (stored != crc32c::Value(p, 32)) {
    return Status::Corruption("footer checksum mismatch");
  }
  index.offset = DecodeFixed64(p);
  uint64_t size = DecodeFixed64(p + 8);
  version = DecodeFixed32(p + 16);
  if (version < kOldestReadablePartFormatVersion || version > kPartFormatVersion) {
    return Status::Corruption("unsupported part format version " + std::to_string(version));
  }
  inline_value_max = DecodeFixed32(p + 20);
  if (version == 2 && inline_value_max != 0) return Status::Corruption("version 2 footer with nonzero flags");
  if (size > kMaxBlockRawSize) return Status::Corruption("bad index size");
  index.size = static_cast<uint32_t>(size);
  return Status::OK();
}

void AppendBlockTrailer(std::string_view payload, Compression type, uint32_t raw_size, std::string* trailer) {
  char buf[kBlockTrailerSize];
  buf[0] = static_cast<char>(type);
  EncodeFixed32(buf + 1, raw_size);
  uint32_t crc = crc32c::Value(payload.data(), payload.size());
  crc = crc32c::Extend(crc, buf, 5);
  EncodeFixed32(buf + 5, crc32c::Mask(crc));
  trailer->append(buf, kBlockTrailerSize);
}

Status ReadRawBlock(const RandomAccessFile& file, uint64_t file_number, const BlockHandle& handle, Buffer* raw,
                    size_t* raw_size) {
  uint64_t stored = uint64_t{handle.size} + kBlockTrailerSize;
  if (handle.offset > file.size() || stored > file.size() - handle.offset) {
    return CorruptionAt(file_number, handle.offset, "block extends past end of file");
  }
  Buffer buf = NewBuffer(stored);
  Status s = file.Read(handle.offset, stored, buf.get());
  if (!s.ok()) {
    if (s.IsCorruption()) {
      return CorruptionAt(file_number, handle.offset, "truncated block");
    }
    return s;
  }
  const char* trailer = buf.get() + handle.size;
  uint32_t expected = crc32c::Unmask(DecodeFixed32(trailer + 5));
  uint32_t actual = crc32c::Extend(crc32c::Value(buf.get(), handle.size), trailer, 5);
  if (expected != actual) {
    return CorruptionAt(file_number, handle.offset, "block checksum mismatch");
  }
  auto type = static_cast<Compression>(trailer[0]);
  uint32_t size = DecodeFixed32(trailer + 1);
  if (size > kMaxBlockRawSize) {
    return CorruptionAt(file_number, handle.offset, "bad block size");
  }
  if (type == Compression::kNone) {
    if (size != handle.size) {
      return CorruptionAt(file_number, handle.offset, "block size mismatch");
    }
    *raw = std::move(buf);  // the trailer bytes past `size` are ignored
    *raw_size = size;
    return Status::OK();
  }
  if (type != Compression::kZstd && type != Compression::kLz4) {
    return CorruptionAt(file_number, handle.offset, "unknown compression");
  }
  // Before allocating `size` bytes: a damaged size must not cost memory
  // (up to kMaxBlockRawSize on every read of the block).
  s = CheckUncompressedSize(type, std::string_view(buf.get(), handle.size), size);
  if (!s.ok()) return CorruptionAt(file_number, handle.offset, s.message());
  Buffer out = NewBuffer(size);
  s = Uncompress(type, std::string_view(buf.get(), handle.size), out.get(), size);
  if (!s.ok()) return CorruptionAt(file_number, handle.offset, s.message());
  *raw = std::move(out);
  *raw_size = size;
  return Status::OK();
}

}  // namespace zt
