#include "workload/keys.hpp"

#include <cstring>

namespace kvbench::workload {

namespace {

// Writes the decimal digits of v right-aligned in [p, p + width') where width' = max(width, digits(v)).
char* WriteUnsignedPadded(char* p, uint64_t v, int width) {
  char tmp[20];
  int n = 0;
  do {
    tmp[n++] = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v != 0);
  for (int i = n; i < width; ++i) *p++ = '0';
  while (n > 0) *p++ = tmp[--n];
  return p;
}

char* Append(char* p, std::string_view s) {
  std::memcpy(p, s.data(), s.size());
  return p + s.size();
}

}  // namespace

char* WritePadded(char* p, int64_t value, int width) {
  uint64_t magnitude = static_cast<uint64_t>(value);
  if (value < 0) {
    *p++ = '-';
    magnitude = 0 - magnitude;
  }
  return WriteUnsignedPadded(p, magnitude, width);
}

char* WriteDecimal(char* p, int64_t value) { return WritePadded(p, value, 1); }

void EncodeUserId(int64_t id, char out[kUserIdKeySize]) {
  uint64_t v = static_cast<uint64_t>(id);
  for (int i = static_cast<int>(kUserIdKeySize) - 1; i >= 0; --i) {
    out[i] = static_cast<char>(v & 0xff);
    v >>= 8;
  }
}

void EmailKey(int64_t id, KeyBuffer* out) {
  char* p = Append(out->data, "user");
  p = WritePadded(p, id, 12);
  p = Append(p, "@example");
  p = WritePadded(p, id % 97, 2);
  p = Append(p, ".com");
  out->size = static_cast<size_t>(p - out->data);
}

void CountryStatusPrefix(std::string_view country, std::string_view status, KeyBuffer* out) {
  char* p = Append(out->data, country);
  *p++ = '|';
  p = Append(p, status);
  *p++ = '|';
  out->size = static_cast<size_t>(p - out->data);
}

void CountryStatusKey(std::string_view country, std::string_view status, int64_t id, KeyBuffer* out) {
  CountryStatusPrefix(country, status, out);
  char* p = WritePadded(out->data + out->size, id, 20);
  out->size = static_cast<size_t>(p - out->data);
}

void CreatedAtKey(int64_t created_at, int64_t id, KeyBuffer* out) {
  char* p = WritePadded(out->data, created_at, 20);
  *p++ = '|';
  p = WritePadded(p, id, 20);
  out->size = static_cast<size_t>(p - out->data);
}

void ReputationKey(int32_t reputation, int64_t id, KeyBuffer* out) {
  char* p = WritePadded(out->data, int64_t{1000000} - reputation, 10);
  *p++ = '|';
  p = WritePadded(p, id, 20);
  out->size = static_cast<size_t>(p - out->data);
}

}  // namespace kvbench::workload
