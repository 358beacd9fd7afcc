// The key of record i. "ycsb": "user" followed by YcsbFnv64(i) in decimal, YCSB's key for insertorder=hashed
// (zeropadding 1), so consecutive records land all over the key order. "fixed": `size` bytes, zeros and then i
// big-endian in the last 8, so record order is key order (db_bench's keys).
#ifndef KVBENCH_HOST_WORKLOAD_KV_KEY_CODEC_HPP_
#define KVBENCH_HOST_WORKLOAD_KV_KEY_CODEC_HPP_

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "workload/kv/kv_spec.hpp"

namespace kvbench::workload::kv {

class KeyCodec {
 public:
  explicit KeyCodec(const KeySpec& spec);

  // The key of record `id`, in this codec's buffer (valid until the next call). Never allocates.
  std::string_view Key(uint64_t id);

  // The key written into `out` (at least MaxSize() bytes); returns its size. Never allocates.
  size_t Encode(uint64_t id, char* out) const;
  size_t MaxSize() const { return spec_.format == KeyFormat::kYcsb ? 4 + 20 : spec_.size; }

 private:
  KeySpec spec_;
  std::vector<char> buffer_;
};

}  // namespace kvbench::workload::kv

#endif  // KVBENCH_HOST_WORKLOAD_KV_KEY_CODEC_HPP_
