// Checksum fix-ups for the zonetree_like fuzz targets. Every block, frame and
// manifest carries a CRC32C, which a mutating fuzzer practically never gets
// right, so it would only ever test the checksum checks. When an input's
// selector asks for it, the target first rewrites every checksum it can
// locate in the (mutated) bytes, so the decoders behind the checks see
// structured garbage. The fix-ups trust nothing: offsets and sizes are
// bounds-checked, and what cannot be located is left alone.
#ifndef KVBENCH_TESTS_FUZZ_ZT_FIXUPS_H_
#define KVBENCH_TESTS_FUZZ_ZT_FIXUPS_H_

#include <string>

namespace kvbench::fuzz {

// Part file: the footer's CRC, the index block's trailer CRC and, as far as
// the index can be decoded, every data block's trailer CRC.
void FixPartChecksums(std::string* file);

// Log or tail file: the CRC of every frame whose size field fits the file.
void FixWalChecksums(std::string* file);

// Manifest: the trailing CRC of everything before it.
void FixManifestChecksum(std::string* file);

}  // namespace kvbench::fuzz

#endif  // KVBENCH_TESTS_FUZZ_ZT_FIXUPS_H_
