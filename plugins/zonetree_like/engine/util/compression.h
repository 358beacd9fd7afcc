// Block compression: none or zstd. Compression contexts are owned by a
// Compressor (one per writer thread); decompression reuses a per-thread
// context.
#ifndef ZT_UTIL_COMPRESSION_H_
#define ZT_UTIL_COMPRESSION_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "util/status.h"

namespace zt {

enum class Compression : uint8_t { kNone = 0, kZstd = 1 };

// "none" / "zstd".
const char* CompressionName(Compression c);
bool ParseCompression(std::string_view name, Compression* out);

// Reusable compressor. Not thread-safe: use one per thread.
class Compressor {
 public:
  Compressor();
  ~Compressor();
  Compressor(const Compressor&) = delete;
  Compressor& operator=(const Compressor&) = delete;

  // Appends the compressed form of input to *out (for kNone: input itself).
  Status Compress(Compression type, int level, std::string_view input, std::string* out);
  // Frees the compression context (about 0.5 MiB at zstd's fast levels); the
  // next Compress creates it again.
  void Release();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Decompresses input into exactly raw_size bytes at out. Any mismatch (bad
// frame, wrong size) is Status::Corruption. Thread-safe.
Status Uncompress(Compression type, std::string_view input, char* out, size_t raw_size);

// Corruption unless input can uncompress to raw_size bytes, checked from its
// headers alone: a reader calls it before allocating raw_size bytes, so a
// damaged size field costs no memory. (For zstd: the frame's content size,
// when it records one, is raw_size, and its blocks can hold that many bytes.)
Status CheckUncompressedSize(Compression type, std::string_view input, size_t raw_size);

}  // namespace zt

#endif  // ZT_UTIL_COMPRESSION_H_
