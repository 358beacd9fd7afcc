// Slicing-by-8 CRC32C. The eight 256-entry tables are generated at compile
// time from the reflected Castagnoli polynomial.
#include "util/crc32c.h"

#include <array>

#include "util/coding.h"

namespace zt::crc32c {

namespace {

constexpr uint32_t kPoly = 0x82f63b78u;  // reflected 0x1EDC6F41

using Tables = std::array<std::array<uint32_t, 256>, 8>;

constexpr Tables MakeTables() {
  Tables t{};
  for (uint32_t i = 0; i < 256; i++) {
    uint32_t crc = i;
    for (int k = 0; k < 8; k++) crc = (crc >> 1) ^ ((crc & 1) ? kPoly : 0);
    t[0][i] = crc;
  }
  for (uint32_t i = 0; i < 256; i++) {
    for (int s = 1; s < 8; s++) {
      t[s][i] = (t[s - 1][i] >> 8) ^ t[0][t[s - 1][i] & 0xff];
    }
  }
  return t;
}

constexpr Tables kTables = MakeTables();

}  // namespace

uint32_t Extend(uint32_t init_crc, const char* data, size_t n) {
  const uint8_t* p = reinterpret_cast<const uint8_t*>(data);
  uint32_t crc = init_crc ^ 0xffffffffu;
  while (n >= 8) {
    uint32_t lo = DecodeFixed32(reinterpret_cast<const char*>(p)) ^ crc;
    uint32_t hi = DecodeFixed32(reinterpret_cast<const char*>(p + 4));
    crc = kTables[7][lo & 0xff] ^ kTables[6][(lo >> 8) & 0xff] ^ kTables[5][(lo >> 16) & 0xff] ^ kTables[4][lo >> 24] ^
          kTables[3][hi & 0xff] ^ kTables[2][(hi >> 8) & 0xff] ^ kTables[1][(hi >> 16) & 0xff] ^ kTables[0][hi >> 24];
    p += 8;
    n -= 8;
  }
  while (n > 0) {
    crc = kTables[0][(crc ^ *p) & 0xff] ^ (crc >> 8);
    p++;
    n--;
  }
  return crc ^ 0xffffffffu;
}

}  // namespace zt::crc32c
