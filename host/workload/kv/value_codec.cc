#include "workload/kv/value_codec.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "workload/kv/random.hpp"

namespace kvbench::workload::kv {
namespace {

void PutLe(char* out, uint64_t v, size_t bytes) {
  for (size_t i = 0; i < bytes; ++i) out[i] = static_cast<char>((v >> (8 * i)) & 0xff);
}

uint64_t GetLe(const char* in, size_t bytes) {
  uint64_t v = 0;
  for (size_t i = 0; i < bytes; ++i) v |= static_cast<uint64_t>(static_cast<unsigned char>(in[i])) << (8 * i);
  return v;
}

uint64_t Key3(uint64_t seed, uint64_t id, uint32_t version, uint64_t salt) {
  return Mix64(seed ^ Mix64(id * 0x9E3779B97F4A7C15ull ^ Mix64((uint64_t{version} << 20) ^ salt)));
}

}  // namespace

ValueCodec::ValueCodec(const ValueSpec& spec, int32_t seed) : spec_(spec), seed_(Mix64(static_cast<uint32_t>(seed))) {
  if (spec.size_distribution == SizeDistribution::kZipfian) {
    size_zipfian_.emplace(spec.size - kValueHeaderBytes + 1, kYcsbZipfianTheta);
  }
}

uint64_t ValueCodec::HeaderCheck(uint64_t id, uint32_t version) const { return Key3(seed_, id, version, 1) >> 32; }

size_t ValueCodec::SizeOf(uint64_t id, uint32_t version) const {
  const size_t span = spec_.size - kValueHeaderBytes + 1;
  switch (spec_.size_distribution) {
    case SizeDistribution::kConstant:
      return spec_.size;
    case SizeDistribution::kUniform:
      return kValueHeaderBytes + Key3(seed_, id, version, 2) % span;
    case SizeDistribution::kZipfian:
      return kValueHeaderBytes +
             size_zipfian_->Next(static_cast<double>(Key3(seed_, id, version, 2) >> 11) * 0x1.0p-53);
  }
  return spec_.size;
}

void ValueCodec::Encode(uint64_t id, uint32_t version, std::string* out) const {
  const size_t size = SizeOf(id, version);
  out->resize(size);
  char* p = out->data();
  PutLe(p, id, 8);
  PutLe(p + 8, version, 4);
  PutLe(p + 12, HeaderCheck(id, version), 4);
  const size_t body = size - kValueHeaderBytes;
  const size_t fields = spec_.fields;
  size_t at = kValueHeaderBytes;
  for (size_t f = 0; f < fields; ++f) {
    const size_t len = body / fields + (f < body % fields ? 1 : 0);
    if (len == 0) continue;
    const size_t random = std::max<size_t>(1, static_cast<size_t>(std::ceil(spec_.compressibility * len)));
    Rng rng(Key3(seed_, id, version, 16 + f));
    size_t i = 0;
    while (i < random) {
      uint64_t r = rng.Next();
      for (int b = 0; b < 8 && i < random; ++b, ++i, r >>= 8) p[at + i] = static_cast<char>(r & 0xff);
    }
    for (; i < len; ++i) p[at + i] = p[at + i - random];
    at += len;
  }
}

bool ValueCodec::ReadHeader(std::string_view value, uint64_t* id, uint32_t* version) const {
  if (value.size() < kValueHeaderBytes) return false;
  *id = GetLe(value.data(), 8);
  *version = static_cast<uint32_t>(GetLe(value.data() + 8, 4));
  return GetLe(value.data() + 12, 4) == HeaderCheck(*id, *version);
}

ValueVerdict ValueCodec::Check(uint64_t id, uint32_t version, std::string_view got, std::string* scratch) const {
  uint64_t got_id = 0;
  uint32_t got_version = 0;
  if (!ReadHeader(got, &got_id, &got_version) || got_id != id || got_version == 0 || got_version > version) {
    return ValueVerdict::kWrong;
  }
  Encode(id, got_version, scratch);
  if (got != std::string_view(*scratch)) return ValueVerdict::kWrong;
  return got_version == version ? ValueVerdict::kOk : ValueVerdict::kStale;
}

}  // namespace kvbench::workload::kv
