// zonetree_like's manifest decoder (zt::DecodeManifest) on arbitrary bytes
// (after one flag byte: bit 0 set = fix the checksum first, zt_fixups.h):
// OK or Corruption naming the file, never a crash or a huge allocation. A
// decoded manifest keeps the invariants recovery relies on (parts ordered
// and non-overlapping, no empty bottom segment) and re-encodes to a
// manifest that decodes to the same state.
#include <cstdint>
#include <string>

#include "db/manifest.h"
#include "fuzz_check.h"
#include "zt_fixups.h"

namespace {

constexpr char kPath[] = "fuzzdir/MANIFEST";

bool Ordered(const std::vector<zt::PartMeta>& parts) {
  for (size_t i = 0; i < parts.size(); i++) {
    if (parts[i].largest_key < parts[i].smallest_key) return false;
    if (i > 0 && !(parts[i - 1].largest_key < parts[i].smallest_key)) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  std::string bytes(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (data[0] & 1) kvbench::fuzz::FixManifestChecksum(&bytes);
  const std::string_view input(bytes);
  zt::ManifestState state;
  zt::Status s = zt::DecodeManifest(kPath, input, &state);
  if (!s.ok()) {
    FUZZ_CHECK(s.IsCorruption(), s.ToString());
    FUZZ_CHECK(s.message().rfind(std::string(kPath) + ": ", 0) == 0, "corruption does not name the file: " + s.ToString());
    return 0;
  }
  FUZZ_CHECK(Ordered(state.disk), "disk parts out of order");
  for (const auto& bottom : state.bottoms) {
    FUZZ_CHECK(!bottom.empty() && Ordered(bottom), "bad bottom segment accepted");
  }
  std::string encoded;
  zt::EncodeManifest(state, &encoded);
  FUZZ_CHECK(encoded.size() <= input.size(), "re-encoding is longer than the input");
  zt::ManifestState again;
  s = zt::DecodeManifest(kPath, encoded, &again);
  FUZZ_CHECK(s.ok(), "re-encoded manifest refused: " + s.ToString());
  std::string encoded_again;
  zt::EncodeManifest(again, &encoded_again);
  FUZZ_CHECK(encoded_again == encoded, "manifest round trip changes the state");
  return 0;
}
