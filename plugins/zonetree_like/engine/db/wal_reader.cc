#include "db/wal_reader.h"

#include <unistd.h>

#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>

#include "db/wal_format.h"
#include "util/coding.h"
#include "util/crc32c.h"
#include "util/file.h"

namespace zt {
namespace {

Status Corrupt(const std::string& path, uint64_t offset, const char* what) {
  return Status::Corruption(path + " at offset " + std::to_string(offset) +
                            ": " + what);
}

struct DCtxDeleter {
  void operator()(ZSTD_DCtx* d) const { ZSTD_freeDCtx(d); }
};

// Decompresses a zstd frame that must yield exactly raw_size bytes into
// *raw. The buffer grows only as output is produced: a damaged (or forged,
// checksum and all) size field must not make replay allocate gigabytes the
// payload does not expand to.
Status UncompressFrame(ZSTD_DCtx* dctx, std::string_view payload,
                       uint32_t raw_size, std::string* raw) {
  constexpr size_t kFirstChunk = 64 * 1024;
  ZSTD_DCtx_reset(dctx, ZSTD_reset_session_only);
  raw->clear();
  ZSTD_inBuffer in{payload.data(), payload.size(), 0};
  size_t produced = 0;
  for (;;) {
    if (produced == raw->size() && raw->size() < raw_size) {
      raw->resize(std::min<size_t>(raw_size,
                                   std::max(kFirstChunk, 2 * raw->size())));
    }
    ZSTD_outBuffer out{raw->data(), raw->size(), produced};
    const size_t in_before = in.pos;
    const size_t r = ZSTD_decompressStream(dctx, &out, &in);
    if (ZSTD_isError(r)) return Status::Corruption(ZSTD_getErrorName(r));
    const bool progress = out.pos != produced || in.pos != in_before;
    produced = out.pos;
    if (r == 0) break;  // the frame is complete
    // Out of input, or the frame holds more than raw_size bytes.
    if (!progress) return Status::Corruption("frame does not match its size");
  }
  if (produced != raw_size || in.pos != in.size) {
    return Status::Corruption("frame does not match its size");
  }
  return Status::OK();
}

// Decodes one batch, applying records whose index is >= *next_index.
Status ApplyBatch(const std::string& path, uint64_t offset,
                  std::string_view batch, uint64_t* next_index,
                  const WalApplyFn& apply, WalReplayResult* result) {
  uint64_t first = 0;
  uint32_t count = 0;
  if (!GetFixed64(&batch, &first) || !GetFixed32(&batch, &count)) {
    return Corrupt(path, offset, "short batch header");
  }
  if (first > *next_index) return Corrupt(path, offset, "gap in record indexes");
  for (uint32_t i = 0; i < count; ++i) {
    if (batch.empty()) return Corrupt(path, offset, "truncated record");
    uint8_t kind = static_cast<uint8_t>(batch[0]);
    batch.remove_prefix(1);
    uint32_t key_size = 0, value_size = 0;
    if ((kind != static_cast<uint8_t>(EntryKind::kValue) &&
         kind != static_cast<uint8_t>(EntryKind::kTombstone)) ||
        !GetVarint32(&batch, &key_size) || !GetVarint32(&batch, &value_size) ||
        batch.size() < static_cast<uint64_t>(key_size) + value_size) {
      return Corrupt(path, offset, "bad record");
    }
    std::string_view key = batch.substr(0, key_size);
    std::string_view value = batch.substr(key_size, value_size);
    batch.remove_prefix(key_size + value_size);
    uint64_t index = first + i;
    if (index < *next_index) continue;  // already applied (tail overlap)
    apply(static_cast<EntryKind>(kind), key, value);
    *next_index = index + 1;
    ++result->records;
  }
  if (!batch.empty()) return Corrupt(path, offset, "trailing bytes in batch");
  return Status::OK();
}

// Applies the frames of `data`; *valid_end receives the end of the last whole
// frame. A frame cut off by the end of data (or the last frame failing its
// checksum) sets *torn when allow_torn, else is corruption.
Status ApplyFrames(const std::string& path, std::string_view data,
                   bool allow_torn, uint64_t* next_index,
                   const WalApplyFn& apply, WalReplayResult* result,
                   uint64_t* valid_end, bool* torn) {
  *torn = false;
  if (data.size() < wal::kMagic.size()) {
    *valid_end = 0;
    if (data.empty()) return Status::OK();
    if (allow_torn && wal::kMagic.substr(0, data.size()) == data) {
      *torn = true;
      return Status::OK();
    }
    return Corrupt(path, 0, "bad magic");
  }
  if (data.substr(0, wal::kMagic.size()) != wal::kMagic) {
    return Corrupt(path, 0, "bad magic");
  }
  uint64_t pos = wal::kMagic.size();
  std::string raw;
  std::unique_ptr<ZSTD_DCtx, DCtxDeleter> dctx;
  while (pos < data.size()) {
    *valid_end = pos;
    size_t left = data.size() - pos;
    const char* p = data.data() + pos;
    if (left < wal::kFrameHeaderSize) {
      if (!allow_torn) return Corrupt(path, pos, "truncated frame header");
      *torn = true;
      return Status::OK();
    }
    uint32_t size = DecodeFixed32(p + 5);
    if (size > left - wal::kFrameHeaderSize) {
      if (!allow_torn) return Corrupt(path, pos, "truncated frame");
      *torn = true;
      return Status::OK();
    }
    uint8_t type = static_cast<uint8_t>(p[4]);
    std::string_view payload(p + wal::kFrameHeaderSize, size);
    uint32_t crc = crc32c::Extend(crc32c::Value(p + 4, 1), payload.data(),
                                  payload.size());
    bool last = pos + wal::kFrameHeaderSize + size == data.size();
    if (crc32c::Unmask(DecodeFixed32(p)) != crc) {
      // A kill can leave a final frame with a page of garbage; anything
      // earlier failing its checksum is damage.
      if (last && allow_torn) {
        *torn = true;
        return Status::OK();
      }
      return Corrupt(path, pos, "checksum mismatch");
    }
    Status s;
    if (type == wal::kPlainFrame) {
      s = ApplyBatch(path, pos, payload, next_index, apply, result);
    } else if (type == wal::kCompressedFrame) {
      uint32_t raw_size = 0;
      if (!GetFixed32(&payload, &raw_size)) {
        return Corrupt(path, pos, "short compressed frame");
      }
      if (!dctx) dctx.reset(ZSTD_createDCtx());
      if (!dctx) return Status::IOError("ZSTD_createDCtx");
      s = UncompressFrame(dctx.get(), payload, raw_size, &raw);
      if (!s.ok()) return Corrupt(path, pos, "bad compressed frame");
      s = ApplyBatch(path, pos, raw, next_index, apply, result);
    } else {
      return Corrupt(path, pos, "unknown frame type");
    }
    if (!s.ok()) return s;
    pos += wal::kFrameHeaderSize + size;
  }
  *valid_end = pos;
  return Status::OK();
}

}  // namespace

Status ReplayWal(const std::string& path, const WalApplyFn& apply,
                 WalReplayResult* result) {
  *result = WalReplayResult();
  std::string data;
  Status s = ReadFileToString(path, &data);
  if (!s.ok()) return s;
  uint64_t next_index = 0;
  uint64_t valid_end = 0;
  bool torn = false;
  s = ApplyFrames(path, data, /*allow_torn=*/true, &next_index, apply, result,
                  &valid_end, &torn);
  if (!s.ok()) return s;
  if (torn) {
    result->torn_tail = true;
    result->torn_bytes = data.size() - valid_end;
    if (::truncate(path.c_str(), static_cast<off_t>(valid_end)) != 0) {
      return Status::IOError(path + ": truncate: " + std::strerror(errno));
    }
  }

  std::string tail_path = wal::TailFileName(path);
  if (FileExists(tail_path)) {
    std::string tail;
    s = ReadFileToString(tail_path, &tail);
    if (!s.ok()) return s;
    // The tail file is replaced atomically: it is whole or it is damaged.
    uint64_t tail_end = 0;
    bool tail_torn = false;
    s = ApplyFrames(tail_path, tail, /*allow_torn=*/false, &next_index, apply,
                    result, &tail_end, &tail_torn);
    if (!s.ok()) return s;
  }
  return Status::OK();
}

}  // namespace zt
