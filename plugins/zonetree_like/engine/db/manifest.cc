#include "db/manifest.h"

#include "util/coding.h"
#include "util/crc32c.h"
#include "util/file.h"

namespace zt {
namespace {

constexpr std::string_view kManifestMagic{"ZTMANIF1", 8};

void EncodeParts(const std::vector<PartMeta>& parts, std::string* out) {
  PutVarint32(out, static_cast<uint32_t>(parts.size()));
  for (const PartMeta& p : parts) {
    PutVarint64(out, p.file_number);
    PutVarint64(out, p.entries);
    PutVarint64(out, p.tombstones);
    PutVarint64(out, p.file_size);
    PutLengthPrefixed(out, p.smallest_key);
    PutLengthPrefixed(out, p.largest_key);
  }
}

bool DecodeParts(std::string_view* in, std::vector<PartMeta>* parts) {
  uint32_t n = 0;
  if (!GetVarint32(in, &n) || n > in->size()) return false;
  parts->resize(n);
  for (PartMeta& p : *parts) {
    std::string_view smallest, largest;
    if (!GetVarint64(in, &p.file_number) || !GetVarint64(in, &p.entries) ||
        !GetVarint64(in, &p.tombstones) || !GetVarint64(in, &p.file_size) ||
        !GetLengthPrefixed(in, &smallest) || !GetLengthPrefixed(in, &largest)) {
      return false;
    }
    p.smallest_key.assign(smallest);
    p.largest_key.assign(largest);
  }
  return true;
}

// Parts must be in ascending, non-overlapping key order.
bool PartsOrdered(const std::vector<PartMeta>& parts) {
  for (size_t i = 0; i < parts.size(); ++i) {
    if (parts[i].smallest_key > parts[i].largest_key) return false;
    if (i > 0 && parts[i - 1].largest_key >= parts[i].smallest_key) {
      return false;
    }
  }
  return true;
}

}  // namespace

std::string ManifestFileName(const std::string& dir) {
  return JoinPath(dir, "MANIFEST");
}

void EncodeManifest(const ManifestState& state, std::string* out) {
  out->assign(kManifestMagic);
  PutVarint64(out, state.next_file_number);
  PutVarint64(out, state.wal_floor);
  PutVarint32(out, static_cast<uint32_t>(state.live_wals.size()));
  for (uint64_t w : state.live_wals) PutVarint64(out, w);
  EncodeParts(state.disk, out);
  PutVarint32(out, static_cast<uint32_t>(state.bottoms.size()));
  for (const auto& b : state.bottoms) EncodeParts(b, out);
  PutFixed32(out, crc32c::Mask(crc32c::Value(out->data(), out->size())));
}

Status DecodeManifest(const std::string& path, std::string_view data,
                      ManifestState* state) {
  auto corrupt = [&](const char* what) {
    return Status::Corruption(path + ": " + what);
  };
  if (data.size() < kManifestMagic.size() + 4 ||
      data.substr(0, kManifestMagic.size()) != kManifestMagic) {
    return corrupt("bad manifest magic");
  }
  size_t body_end = data.size() - 4;
  uint32_t stored = crc32c::Unmask(DecodeFixed32(data.data() + body_end));
  if (stored != crc32c::Value(data.data(), body_end)) {
    return corrupt("manifest checksum mismatch");
  }
  std::string_view in = data.substr(kManifestMagic.size(),
                                    body_end - kManifestMagic.size());
  ManifestState s;
  uint32_t wal_count = 0, bottom_count = 0;
  if (!GetVarint64(&in, &s.next_file_number) ||
      !GetVarint64(&in, &s.wal_floor) || !GetVarint32(&in, &wal_count) ||
      wal_count > in.size()) {
    return corrupt("bad manifest header");
  }
  s.live_wals.resize(wal_count);
  for (uint64_t& w : s.live_wals) {
    if (!GetVarint64(&in, &w)) return corrupt("bad manifest wal list");
  }
  if (!DecodeParts(&in, &s.disk) || !GetVarint32(&in, &bottom_count) ||
      bottom_count > in.size()) {
    return corrupt("bad manifest disk segment");
  }
  s.bottoms.resize(bottom_count);
  for (auto& b : s.bottoms) {
    if (!DecodeParts(&in, &b)) return corrupt("bad manifest bottom segment");
  }
  if (!in.empty()) return corrupt("trailing bytes in manifest");
  if (!PartsOrdered(s.disk)) return corrupt("disk segment parts out of order");
  for (const auto& b : s.bottoms) {
    if (b.empty() || !PartsOrdered(b)) return corrupt("bad bottom segment");
  }
  *state = std::move(s);
  return Status::OK();
}

Status WriteManifest(const std::string& dir, const ManifestState& state) {
  std::string data;
  EncodeManifest(state, &data);
  return WriteFileAtomically(ManifestFileName(dir), data);
}

Status ReadManifest(const std::string& dir, ManifestState* state,
                    bool* exists) {
  std::string path = ManifestFileName(dir);
  *exists = FileExists(path);
  if (!*exists) return Status::OK();
  std::string data;
  Status s = ReadFileToString(path, &data);
  if (!s.ok()) return s;
  return DecodeManifest(path, data, state);
}

}  // namespace zt
