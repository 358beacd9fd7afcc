// The value of record i at version v (v >= 1 counts the writes of record i), so that any value read can be checked
// against what was written. Layout:
//   bytes 0..7    i, little-endian
//   bytes 8..11   v, little-endian
//   bytes 12..15  a check of (seed, i, v)
//   then `fields` fields of equal size (the first ones one byte longer when it does not divide), each a random run
//   of ceil(compressibility x its size) bytes drawn from (seed, i, v, field) and repeated to fill it.
// The size is value.size, or drawn from (seed, i, v): uniform in [16, size], or zipfian (θ 0.99) from 16 up.
#ifndef KVBENCH_HOST_WORKLOAD_KV_VALUE_CODEC_HPP_
#define KVBENCH_HOST_WORKLOAD_KV_VALUE_CODEC_HPP_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "workload/kv/kv_spec.hpp"
#include "workload/kv/zipfian.hpp"

namespace kvbench::workload::kv {

inline constexpr size_t kValueHeaderBytes = 16;

enum class ValueVerdict {
  kOk,     // exactly the value of (i, v)
  kStale,  // exactly the value of (i, w) for an older version w < v
  kWrong,  // anything else: another record's value, a newer version, damaged bytes
};

class ValueCodec {
 public:
  ValueCodec(const ValueSpec& spec, int32_t seed);

  size_t SizeOf(uint64_t id, uint32_t version) const;
  // Writes the value of (id, version) into *out (resized; no allocation once its capacity is MaxSize()).
  void Encode(uint64_t id, uint32_t version, std::string* out) const;
  // Checks `got` against the value of (id, version); `scratch` is reused for the expected bytes.
  ValueVerdict Check(uint64_t id, uint32_t version, std::string_view got, std::string* scratch) const;
  // The record number and version a value's header claims; false when it is too short or its check fails.
  bool ReadHeader(std::string_view value, uint64_t* id, uint32_t* version) const;

  size_t MaxSize() const { return spec_.size; }

 private:
  uint64_t HeaderCheck(uint64_t id, uint32_t version) const;

  ValueSpec spec_;
  uint64_t seed_;
  std::optional<Zipfian> size_zipfian_;
};

}  // namespace kvbench::workload::kv

#endif  // KVBENCH_HOST_WORKLOAD_KV_VALUE_CODEC_HPP_
