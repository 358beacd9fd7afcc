#include "workload/kv/key_codec.hpp"

#include <cstring>

#include "workload/kv/zipfian.hpp"

namespace kvbench::workload::kv {

KeyCodec::KeyCodec(const KeySpec& spec) : spec_(spec), buffer_(MaxSize()) {}

std::string_view KeyCodec::Key(uint64_t id) { return {buffer_.data(), Encode(id, buffer_.data())}; }

size_t KeyCodec::Encode(uint64_t id, char* out) const {
  if (spec_.format == KeyFormat::kFixed) {
    const size_t n = spec_.size;
    std::memset(out, 0, n - 8);
    for (size_t i = 0; i < 8; ++i) out[n - 1 - i] = static_cast<char>((id >> (8 * i)) & 0xff);
    return n;
  }
  std::memcpy(out, "user", 4);
  uint64_t h = YcsbFnv64(id);
  char digits[20];
  size_t d = 0;
  do {
    digits[d++] = static_cast<char>('0' + h % 10);
    h /= 10;
  } while (h != 0);
  for (size_t i = 0; i < d; ++i) out[4 + i] = digits[d - 1 - i];
  return 4 + d;
}

}  // namespace kvbench::workload::kv
