// Block compression: none, zstd or lz4. Compression contexts are owned by a
// Compressor (one per writer thread); decompression reuses a per-thread
// context (zstd; lz4 needs none).
//
// zstd packs tighter; lz4 decompresses in a fraction of the instructions,
// which is what a point read that misses the block cache pays. Callgrind,
// Debian 12's libraries, blocks of profile-store records (zstd level 1):
// a 4 KiB block costs zstd ~63.6K instructions to decompress (4.2x smaller)
// and lz4 ~13.9K (2.45x); a 64 KiB block ~640K and ~202K (5.4x, 2.8x).
#ifndef ZT_UTIL_COMPRESSION_H_
#define ZT_UTIL_COMPRESSION_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "util/status.h"

namespace zt {

// The values are the block trailer's type byte (table/format.h): never renumber.
enum class Compression : uint8_t { kNone = 0, kZstd = 1, kLz4 = 2 };

// "none" / "zstd" / "lz4".
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
  // level: zstd's level; lz4's acceleration when above 1 (below: lz4's
  // default, 1).
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
// when it records one, is raw_size, and its blocks can hold that many bytes.
// For lz4, whose blocks record no size: raw_size is within what input can
// expand to.)
Status CheckUncompressedSize(Compression type, std::string_view input, size_t raw_size);

}  // namespace zt

#endif  // ZT_UTIL_COMPRESSION_H_
