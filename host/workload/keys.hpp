// The key encodings of the five stores (spec §3). Every key is written into a caller's stack buffer: no
// allocation. Index keys are ASCII with fixed-width zero-padded numbers, so bytewise order is the reference's
// ordinal string order.
#ifndef KVBENCH_HOST_WORKLOAD_KEYS_HPP_
#define KVBENCH_HOST_WORKLOAD_KEYS_HPP_

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace kvbench::workload {

// Room for the longest key of any store, even for out-of-domain numbers (a '-' and 20 digits per number).
struct KeyBuffer {
  static constexpr size_t kCapacity = 64;
  char data[kCapacity];
  size_t size = 0;
  std::string_view view() const { return {data, size}; }
};

// Decimal digits of `value`, at least `width` of them (zero-padded), more when the value needs them, '-' first
// when negative: .NET's "D<width>" format. Returns the end. REQUIRES: room for max(width, 19) + 1 chars.
char* WritePadded(char* p, int64_t value, int width);
// Plain decimal ("D0"). Returns the end. REQUIRES: room for 20 chars.
char* WriteDecimal(char* p, int64_t value);

// `profiles`: the user id as 8 bytes big-endian.
inline constexpr size_t kUserIdKeySize = 8;
void EncodeUserId(int64_t id, char out[kUserIdKeySize]);
// False unless `bytes` is exactly 8 bytes.
inline bool DecodeUserId(std::string_view bytes, int64_t* id) {
  if (bytes.size() != kUserIdKeySize) return false;
  uint64_t v = 0;
  for (size_t i = 0; i < kUserIdKeySize; ++i) v = (v << 8) | static_cast<unsigned char>(bytes[i]);
  *id = static_cast<int64_t>(v);
  return true;
}

// `email-index`: user{id:D12}@example{id mod 97:D2}.com (also the profile's Email field).
void EmailKey(int64_t id, KeyBuffer* out);
// `country-status-index`: {Country}|{Status}|{id:D20}; the prefix is {Country}|{Status}|.
// REQUIRES: country and status are entries of kCountries / kStatuses (they bound the buffer).
void CountryStatusPrefix(std::string_view country, std::string_view status, KeyBuffer* out);
void CountryStatusKey(std::string_view country, std::string_view status, int64_t id, KeyBuffer* out);
// `created-at-index`: {created_at:D20}|{id:D20}.
void CreatedAtKey(int64_t created_at, int64_t id, KeyBuffer* out);
// `reputation-index`: {1000000 - reputation:D10}|{id:D20} (highest reputation first).
void ReputationKey(int32_t reputation, int64_t id, KeyBuffer* out);

}  // namespace kvbench::workload

#endif  // KVBENCH_HOST_WORKLOAD_KEYS_HPP_
