// CRC32C (Castagnoli): the CPU's crc32 instruction where it has one, else
// software slicing-by-8; with LevelDB-style masking so a CRC stored next to
// the data it covers does not checksum to a fixed point.
#ifndef ZT_UTIL_CRC32C_H_
#define ZT_UTIL_CRC32C_H_

#include <cstddef>
#include <cstdint>

namespace zt::crc32c {

// The crc32c of concat(A, data[0,n)) where init_crc is the crc32c of A.
uint32_t Extend(uint32_t init_crc, const char* data, size_t n);

inline uint32_t Value(const char* data, size_t n) { return Extend(0, data, n); }

// Extend in software alone (what Extend does on a CPU without the
// instruction; the tests check the two agree).
uint32_t ExtendPortable(uint32_t init_crc, const char* data, size_t n);

inline constexpr uint32_t kMaskDelta = 0xa282ead8ul;

inline uint32_t Mask(uint32_t crc) { return ((crc >> 15) | (crc << 17)) + kMaskDelta; }
inline uint32_t Unmask(uint32_t masked) {
  uint32_t rot = masked - kMaskDelta;
  return ((rot >> 17) | (rot << 15));
}

}  // namespace zt::crc32c

#endif  // ZT_UTIL_CRC32C_H_
