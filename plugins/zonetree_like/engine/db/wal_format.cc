#include "db/wal_format.h"

#include <cstdio>

#include "util/coding.h"
#include "util/crc32c.h"
#include "util/file.h"

namespace zt::wal {

void AppendRecord(std::string* batch_body, EntryKind kind, std::string_view key,
                  std::string_view value) {
  char header[1 + 5 + 5];
  header[0] = static_cast<char>(kind);
  char* p = EncodeVarint32(header + 1, static_cast<uint32_t>(key.size()));
  p = EncodeVarint32(p, static_cast<uint32_t>(value.size()));
  batch_body->append(header, static_cast<size_t>(p - header));
  batch_body->append(key.data(), key.size());
  batch_body->append(value.data(), value.size());
}

void AppendFrame(std::string* out, uint8_t type, std::string_view payload) {
  char header[kFrameHeaderSize];
  header[4] = static_cast<char>(type);
  EncodeFixed32(header + 5, static_cast<uint32_t>(payload.size()));
  uint32_t crc = crc32c::Extend(crc32c::Value(header + 4, 1), payload.data(),
                                payload.size());
  EncodeFixed32(header, crc32c::Mask(crc));
  out->append(header, kFrameHeaderSize);
  out->append(payload.data(), payload.size());
}

std::string LogFileName(const std::string& dir, uint64_t number) {
  char name[32];
  std::snprintf(name, sizeof(name), "%06llu.wal",
                static_cast<unsigned long long>(number));
  return JoinPath(dir, name);
}

std::string TailFileName(const std::string& log_path) {
  return log_path + ".tail";
}

}  // namespace zt::wal
