// Little-endian fixed-width and LEB128 varint encoding. Decoders that take a
// limit never read past it and return nullptr (or false) on truncated input.
#ifndef ZT_UTIL_CODING_H_
#define ZT_UTIL_CODING_H_

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace zt {

inline void EncodeFixed32(char* dst, uint32_t v) {
  uint8_t b[4] = {static_cast<uint8_t>(v), static_cast<uint8_t>(v >> 8), static_cast<uint8_t>(v >> 16),
                  static_cast<uint8_t>(v >> 24)};
  std::memcpy(dst, b, 4);
}
inline void EncodeFixed64(char* dst, uint64_t v) {
  EncodeFixed32(dst, static_cast<uint32_t>(v));
  EncodeFixed32(dst + 4, static_cast<uint32_t>(v >> 32));
}
inline uint32_t DecodeFixed32(const char* p) {
  uint8_t b[4];
  std::memcpy(b, p, 4);
  return static_cast<uint32_t>(b[0]) | (static_cast<uint32_t>(b[1]) << 8) | (static_cast<uint32_t>(b[2]) << 16) |
         (static_cast<uint32_t>(b[3]) << 24);
}
inline uint64_t DecodeFixed64(const char* p) {
  return static_cast<uint64_t>(DecodeFixed32(p)) | (static_cast<uint64_t>(DecodeFixed32(p + 4)) << 32);
}

void PutFixed32(std::string* dst, uint32_t v);
void PutFixed64(std::string* dst, uint64_t v);
void PutVarint32(std::string* dst, uint32_t v);
void PutVarint64(std::string* dst, uint64_t v);
// Varint length followed by the bytes.
void PutLengthPrefixed(std::string* dst, std::string_view value);

// Writes a varint at dst (which must have room for 10 bytes); returns the end.
char* EncodeVarint32(char* dst, uint32_t v);
char* EncodeVarint64(char* dst, uint64_t v);
int VarintLength(uint64_t v);

// Decode from [p, limit). Return the byte after the varint, or nullptr if the
// varint is truncated or overlong.
const char* GetVarint32Ptr(const char* p, const char* limit, uint32_t* v);
const char* GetVarint64Ptr(const char* p, const char* limit, uint64_t* v);

// Consume from the front of *input; false on truncated input.
bool GetVarint32(std::string_view* input, uint32_t* v);
bool GetVarint64(std::string_view* input, uint64_t* v);
bool GetFixed32(std::string_view* input, uint32_t* v);
bool GetFixed64(std::string_view* input, uint64_t* v);
bool GetLengthPrefixed(std::string_view* input, std::string_view* result);

// A varint32 known to be complete (checked by GetVarint32Ptr when its block
// was parsed), decoded without bounds checks: sets *v to the value
// GetVarint32Ptr gives and returns the byte after it. Reads at most 5 bytes
// whatever they hold.
inline const char* DecodeTrustedVarint32(const char* p, uint32_t* v) {
  uint32_t byte = static_cast<uint8_t>(*p);
  if (byte < 128) {
    *v = byte;
    return p + 1;
  }
  uint32_t result = byte & 127;
  for (uint32_t shift = 7; shift <= 28; shift += 7) {
    byte = static_cast<uint8_t>(*++p);
    result |= (byte & 127) << shift;
    if (byte < 128) break;
  }
  *v = result;
  return p + 1;
}

}  // namespace zt

#endif  // ZT_UTIL_CODING_H_
