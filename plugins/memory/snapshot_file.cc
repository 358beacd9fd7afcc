#include "snapshot_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <vector>

namespace kvbench::memory {
namespace {

constexpr char kMagic[8] = {'K', 'V', 'B', 'M', 'E', 'M', '0', '1'};

class Fnv64 {
 public:
  void Add(const char* p, size_t n) {
    for (size_t i = 0; i < n; ++i) {
      h_ ^= static_cast<unsigned char>(p[i]);
      h_ *= 1099511628211ULL;
    }
  }
  uint64_t value() const { return h_; }

 private:
  uint64_t h_ = 14695981039346656037ULL;
};

void AppendU32(std::string* out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out->push_back(static_cast<char>(v >> (8 * i)));
}
void AppendU64(std::string* out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out->push_back(static_cast<char>(v >> (8 * i)));
}
uint64_t LoadLE(const char* p, int bytes) {
  uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= static_cast<uint64_t>(static_cast<unsigned char>(p[i])) << (8 * i);
  return v;
}

}  // namespace

sdk::Status WriteSnapshot(const OrderedStore& store, const std::string& path) {
  const std::string tmp = path + ".tmp";
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (f == nullptr) return sdk::Status::IOError("cannot create " + tmp + ": " + std::strerror(errno));
  Fnv64 hash;
  std::string buf;
  buf.reserve(1 << 20);
  buf.append(kMagic, sizeof(kMagic));
  AppendU64(&buf, store.size());
  bool ok = true;
  auto flush = [&] {
    hash.Add(buf.data(), buf.size());
    ok = ok && std::fwrite(buf.data(), 1, buf.size(), f) == buf.size();
    buf.clear();
  };
  for (auto it = store.begin(); it != store.end(); ++it) {
    const std::string_view k = it.key(), v = it.value();
    AppendU32(&buf, static_cast<uint32_t>(k.size()));
    AppendU32(&buf, static_cast<uint32_t>(v.size()));
    buf += k;
    buf += v;
    if (buf.size() >= (1 << 20)) flush();
  }
  flush();
  AppendU64(&buf, hash.value());
  ok = ok && std::fwrite(buf.data(), 1, buf.size(), f) == buf.size();
  // On the device before the rename makes it the snapshot: a power cut must leave the old one or the new one,
  // never a name pointing at data still in the page cache.
  ok = ok && std::fflush(f) == 0 && ::fsync(::fileno(f)) == 0;
  ok = (std::fclose(f) == 0) && ok;
  if (!ok) {
    std::remove(tmp.c_str());
    return sdk::Status::IOError("cannot write " + tmp);
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    return sdk::Status::IOError("cannot rename " + tmp + ": " + std::strerror(errno));
  }
  // The rename itself: the directory entry.
  const size_t slash = path.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : (slash == 0 ? "/" : path.substr(0, slash));
  const int dir_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd < 0) return sdk::Status::IOError("cannot open " + dir + ": " + std::strerror(errno));
  const bool synced = ::fsync(dir_fd) == 0;
  const int saved = errno;
  ::close(dir_fd);
  if (!synced) return sdk::Status::IOError("cannot sync " + dir + ": " + std::strerror(saved));
  return sdk::Status::OK();
}

sdk::Status ReadSnapshot(const std::string& path, OrderedStore* store) {
  store->Clear();
  std::ifstream in(path, std::ios::binary);
  if (!in) return sdk::Status::OK();
  std::vector<char> data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto corrupt = [&](const std::string& what) { return sdk::Status::Corruption(path + ": " + what); };
  if (data.size() < sizeof(kMagic) + 16 || std::memcmp(data.data(), kMagic, sizeof(kMagic)) != 0) {
    return corrupt("not a memory-plugin snapshot");
  }
  const size_t body = data.size() - 8;
  Fnv64 hash;
  hash.Add(data.data(), body);
  if (hash.value() != LoadLE(data.data() + body, 8)) return corrupt("checksum mismatch");
  uint64_t count = LoadLE(data.data() + sizeof(kMagic), 8);
  size_t pos = sizeof(kMagic) + 8;
  for (uint64_t i = 0; i < count; ++i) {
    if (body - pos < 8) return corrupt("truncated entry header");
    size_t ks = LoadLE(data.data() + pos, 4), vs = LoadLE(data.data() + pos + 4, 4);
    pos += 8;
    if (body - pos < ks + vs) return corrupt("truncated entry");
    store->Put({data.data() + pos, ks}, {data.data() + pos + ks, vs});
    pos += ks + vs;
  }
  if (pos != body) return corrupt("trailing bytes");
  return sdk::Status::OK();
}

}  // namespace kvbench::memory
