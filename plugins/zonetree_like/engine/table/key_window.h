// Key windows: 8 bytes of a key, from a known offset, as a big-endian
// integer (zero padded). Keys of a range [lo, hi] all share the common
// prefix of lo and hi; comparing their windows just past that prefix
// decides most comparisons with one integer compare instead of a memcmp.
#ifndef ZT_TABLE_KEY_WINDOW_H_
#define ZT_TABLE_KEY_WINDOW_H_

#include <cstdint>
#include <cstring>
#include <string_view>

namespace zt {

inline uint64_t KeyWindow(std::string_view key, uint32_t offset) {
  uint8_t buf[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  if (offset < key.size()) {
    size_t n = key.size() - offset;
    std::memcpy(buf, key.data() + offset, n < 8 ? n : 8);
  }
  uint64_t w;
  std::memcpy(&w, buf, 8);
  return __builtin_bswap64(w);
}

// KeyWindow(key, offset) for a key of `size` bytes at `key`, read with one
// load. REQUIRES: offset <= size, and 8 bytes readable at key + offset (a
// key inside a block: its key section is followed by an 8-byte trailer).
inline uint64_t LoadKeyWindow(const char* key, uint32_t size, uint32_t offset) {
  uint64_t w;
  std::memcpy(&w, key + offset, 8);
  w = __builtin_bswap64(w);
  const uint32_t n = size - offset;  // the key's bytes in the window
  return n >= 8 ? w : w & ~(~uint64_t{0} >> (8 * n));
}

// Bytewise three-way compare (as std::string_view::compare, by sign) that
// decides on the first 8 bytes as one integer when both keys have them and
// they differ, without a call to memcmp.
inline int CompareKeys(std::string_view a, std::string_view b) {
  if (a.size() >= 8 && b.size() >= 8) {
    uint64_t x, y;
    std::memcpy(&x, a.data(), 8);
    std::memcpy(&y, b.data(), 8);
    if (x != y) return __builtin_bswap64(x) < __builtin_bswap64(y) ? -1 : 1;
  }
  return a.compare(b);
}

inline uint32_t CommonPrefix(std::string_view a, std::string_view b) {
  size_t n = a.size() < b.size() ? a.size() : b.size();
  size_t i = 0;
  while (i < n && a[i] == b[i]) i++;
  return static_cast<uint32_t>(i);
}

// a < b, for keys sharing their first `offset` bytes, with wa/wb their
// windows at that offset. Windows that differ decide; equal ones fall back
// to comparing the bytes after the window.
inline bool WindowLess(uint64_t wa, std::string_view a, uint64_t wb, std::string_view b, uint32_t offset) {
  if (wa != wb) return wa < wb;
  size_t skip = offset + 8;
  std::string_view ta = a.size() > skip ? a.substr(skip) : std::string_view();
  std::string_view tb = b.size() > skip ? b.substr(skip) : std::string_view();
  if (ta.empty() && tb.empty()) return a.size() < b.size();
  return ta < tb || (ta == tb && a.size() < b.size());
}

}  // namespace zt

#endif  // ZT_TABLE_KEY_WINDOW_H_
