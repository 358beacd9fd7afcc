// Replay of a write-ahead log written by WalWriter in any mode.
#ifndef ZT_DB_WAL_READER_H_
#define ZT_DB_WAL_READER_H_

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "table/format.h"
#include "util/status.h"

namespace zt {

struct WalReplayResult {
  uint64_t records = 0;     // records handed to apply
  bool torn_tail = false;   // the log ended inside a frame (cut off)
  uint64_t torn_bytes = 0;  // bytes cut off
};

using WalApplyFn =
    std::function<void(EntryKind kind, std::string_view key,
                       std::string_view value)>;

// Reads the log at path (and its sync-compressed tail file, if any), calling
// apply for every record in order. A torn final frame (a kill during the
// write) is cut off: the file is truncated to its last whole frame and
// result->torn_tail is set. A checksum or format failure anywhere else is
// Status::Corruption naming the file and offset.
Status ReplayWal(const std::string& path, const WalApplyFn& apply,
                 WalReplayResult* result);

}  // namespace zt

#endif  // ZT_DB_WAL_READER_H_
