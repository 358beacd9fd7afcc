// The workload's 64-bit FNV-1a-like checksum (spec §5): h ^= v; h *= prime, one step per 64-bit value, per 32-bit
// value (its unsigned bit pattern widened) and per string character (one UTF-16 code unit, here one ASCII byte).
#ifndef KVBENCH_HOST_WORKLOAD_CHECKSUM_HPP_
#define KVBENCH_HOST_WORKLOAD_CHECKSUM_HPP_

#include <cstdint>
#include <string_view>

namespace kvbench::workload {

class Checksum {
 public:
  static constexpr uint64_t kOffsetBasis = 14695981039346656037ull;
  static constexpr uint64_t kPrime = 1099511628211ull;

  Checksum() = default;
  // Resumes from a state obtained with value().
  explicit Checksum(uint64_t state) : h_(state) {}

  void AddUInt64(uint64_t v) { h_ = (h_ ^ v) * kPrime; }
  void AddInt64(int64_t v) { AddUInt64(static_cast<uint64_t>(v)); }
  void AddInt32(int32_t v) { AddUInt64(static_cast<uint32_t>(v)); }
  // Strings are ASCII in this workload: one byte is one UTF-16 code unit. Bytes >= 0x80 go in as their unsigned
  // value (they never occur in correct data; the checksum then simply differs).
  void AddString(std::string_view s) {
    uint64_t h = h_;
    for (unsigned char c : s) h = (h ^ c) * kPrime;
    h_ = h;
  }

  uint64_t value() const { return h_; }

 private:
  uint64_t h_ = kOffsetBasis;
};

}  // namespace kvbench::workload

#endif  // KVBENCH_HOST_WORKLOAD_CHECKSUM_HPP_
