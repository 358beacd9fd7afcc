// The manifest: the durable record of one tree's segment layout. It is
// rewritten whole and atomically (temp file, fsync, rename, directory fsync)
// on every layout change, so a reopen after a crash at any point finds either
// the old or the new layout, never a mix.
//
//   file := magic "ZTMANIF1" | body | masked crc32c(magic .. body) fixed32
//   body := next_file_number varint64 | wal_floor varint64 |
//           live wal count varint32 | wal number varint64 ... |
//           disk parts | bottom count varint32 | bottom parts ...
//   parts := count varint32 | (file_number, entries, tombstones, file_size
//            varint64 | smallest, largest length-prefixed) ...
#ifndef ZT_DB_MANIFEST_H_
#define ZT_DB_MANIFEST_H_

#include <cstdint>
#include <string>
#include <vector>

#include "table/format.h"
#include "util/status.h"

namespace zt {

struct ManifestState {
  uint64_t next_file_number = 1;
  // Logs numbered below this were merged into disk segments (deletable).
  uint64_t wal_floor = 0;
  // Live logs, oldest first: the frozen segments' and last the mutable one's.
  // Logs created after the manifest was written (numbers above these) are
  // live too; recovery finds them in the directory.
  std::vector<uint64_t> live_wals;
  std::vector<PartMeta> disk;                 // the disk segment's parts
  std::vector<std::vector<PartMeta>> bottoms;  // bottom segments, newest first
};

std::string ManifestFileName(const std::string& dir);

void EncodeManifest(const ManifestState& state, std::string* out);
// Corruption naming `path` when the checksum or the layout does not hold.
Status DecodeManifest(const std::string& path, std::string_view data,
                      ManifestState* state);

Status WriteManifest(const std::string& dir, const ManifestState& state);
// *exists = false (and OK) when the directory has no manifest yet.
Status ReadManifest(const std::string& dir, ManifestState* state,
                    bool* exists);

}  // namespace zt

#endif  // ZT_DB_MANIFEST_H_
