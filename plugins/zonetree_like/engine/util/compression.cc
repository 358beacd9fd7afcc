#include "util/compression.h"

// ZSTD_decompressBound is in zstd's static-linking section since 1.4.0 and
// exported by the shared library (Debian 12: 1.5.4).
#define ZSTD_STATIC_LINKING_ONLY
#include <zstd.h>
#include <lz4.h>

#include <cstring>
#include <limits>

namespace zt {

const char* CompressionName(Compression c) {
  switch (c) {
    case Compression::kNone:
      return "none";
    case Compression::kZstd:
      return "zstd";
    case Compression::kLz4:
      return "lz4";
  }
  return "unknown";
}

bool ParseCompression(std::string_view name, Compression* out) {
  if (name == "none") {
    *out = Compression::kNone;
    return true;
  }
  if (name == "zstd") {
    *out = Compression::kZstd;
    return true;
  }
  if (name == "lz4") {
    *out = Compression::kLz4;
    return true;
  }
  return false;
}

struct Compressor::Impl {
  ZSTD_CCtx* cctx = nullptr;
  ~Impl() { ZSTD_freeCCtx(cctx); }
};

Compressor::Compressor() : impl_(new Impl) {}
Compressor::~Compressor() = default;

void Compressor::Release() {
  ZSTD_freeCCtx(impl_->cctx);
  impl_->cctx = nullptr;
}

Status Compressor::Compress(Compression type, int level, std::string_view input, std::string* out) {
  switch (type) {
    case Compression::kNone:
      out->append(input.data(), input.size());
      return Status::OK();
    case Compression::kZstd: {
      if (impl_->cctx == nullptr) {
        impl_->cctx = ZSTD_createCCtx();
        if (impl_->cctx == nullptr) return Status::IOError("ZSTD_createCCtx");
      }
      size_t old_size = out->size();
      size_t bound = ZSTD_compressBound(input.size());
      out->resize(old_size + bound);
      size_t n = ZSTD_compressCCtx(impl_->cctx, out->data() + old_size, bound, input.data(), input.size(), level);
      if (ZSTD_isError(n)) {
        out->resize(old_size);
        return Status::IOError(std::string("zstd compress: ") + ZSTD_getErrorName(n));
      }
      out->resize(old_size + n);
      return Status::OK();
    }
    case Compression::kLz4: {
      if (input.size() > static_cast<size_t>(LZ4_MAX_INPUT_SIZE)) {
        return Status::InvalidArgument("lz4: input too large");
      }
      const int bound = LZ4_compressBound(static_cast<int>(input.size()));
      size_t old_size = out->size();
      out->resize(old_size + static_cast<size_t>(bound));
      const int n = LZ4_compress_fast(input.data(), out->data() + old_size, static_cast<int>(input.size()), bound,
                                      level > 1 ? level : 1);
      if (n <= 0 && !input.empty()) {
        out->resize(old_size);
        return Status::IOError("lz4 compress failed");
      }
      out->resize(old_size + static_cast<size_t>(n));
      return Status::OK();
    }
  }
  return Status::InvalidArgument("unknown compression type");
}

namespace {

// One decompression context per thread, created on first use.
struct ThreadDCtx {
  ZSTD_DCtx* dctx = nullptr;
  ~ThreadDCtx() { ZSTD_freeDCtx(dctx); }
};

ZSTD_DCtx* GetThreadDCtx() {
  thread_local ThreadDCtx ctx;
  if (ctx.dctx == nullptr) ctx.dctx = ZSTD_createDCtx();
  return ctx.dctx;
}

}  // namespace

Status Uncompress(Compression type, std::string_view input, char* out, size_t raw_size) {
  switch (type) {
    case Compression::kNone:
      if (input.size() != raw_size) {
        return Status::Corruption("uncompressed block size mismatch");
      }
      if (raw_size > 0) std::memcpy(out, input.data(), raw_size);
      return Status::OK();
    case Compression::kZstd: {
      ZSTD_DCtx* dctx = GetThreadDCtx();
      if (dctx == nullptr) return Status::IOError("ZSTD_createDCtx");
      size_t n = ZSTD_decompressDCtx(dctx, out, raw_size, input.data(), input.size());
      if (ZSTD_isError(n)) {
        return Status::Corruption(std::string("zstd: ") + ZSTD_getErrorName(n));
      }
      if (n != raw_size) return Status::Corruption("zstd: size mismatch");
      return Status::OK();
    }
    case Compression::kLz4: {
      if (input.size() > static_cast<size_t>(LZ4_MAX_INPUT_SIZE) ||
          raw_size > static_cast<size_t>(std::numeric_limits<int>::max())) {
        return Status::Corruption("lz4: block too large");
      }
      const int n = LZ4_decompress_safe(input.data(), out, static_cast<int>(input.size()), static_cast<int>(raw_size));
      if (n < 0 || static_cast<size_t>(n) != raw_size) return Status::Corruption("lz4: bad block or size mismatch");
      return Status::OK();
    }
  }
  return Status::Corruption("unknown compression type");
}

Status CheckUncompressedSize(Compression type, std::string_view input, size_t raw_size) {
  switch (type) {
    case Compression::kNone:
      if (input.size() != raw_size) return Status::Corruption("uncompressed block size mismatch");
      return Status::OK();
    case Compression::kZstd: {
      const unsigned long long content = ZSTD_getFrameContentSize(input.data(), input.size());
      if (content == ZSTD_CONTENTSIZE_ERROR) return Status::Corruption("zstd: bad frame header");
      if (content != ZSTD_CONTENTSIZE_UNKNOWN && content != raw_size) {
        return Status::Corruption("zstd: frame size does not match the block size");
      }
      const unsigned long long bound = ZSTD_decompressBound(input.data(), input.size());
      if (bound == ZSTD_CONTENTSIZE_ERROR || bound < raw_size) {
        return Status::Corruption("zstd: frame too short for the block size");
      }
      return Status::OK();
    }
    case Compression::kLz4: {
      // An lz4 sequence expands at most 255 bytes per input byte (a match's
      // length bytes), and a block ends with at least 5 literals.
      if (raw_size > input.size() * 255 + 16 || (raw_size > 0 && input.empty())) {
        return Status::Corruption("lz4: block too short for the block size");
      }
      return Status::OK();
    }
  }
  return Status::Corruption("unknown compression type");
}

}  // namespace zt
