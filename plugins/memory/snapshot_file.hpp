// Whole-store snapshot files of the memory plugin: written atomically at settle and close, read at open.
// Format: "KVBMEM01", u64 entry count, then per entry u32 key size, u32 value size, key, value; then the u64
// FNV-1a hash of everything before it. All integers little-endian.
#ifndef KVBENCH_PLUGINS_MEMORY_SNAPSHOT_FILE_HPP_
#define KVBENCH_PLUGINS_MEMORY_SNAPSHOT_FILE_HPP_

#include <kvbench/sdk.hpp>
#include <string>

#include "ordered_store.hpp"

namespace kvbench::memory {

// Writes `store` to `path` through a temporary file and a rename, so a crash leaves the old or the new snapshot.
sdk::Status WriteSnapshot(const OrderedStore& store, const std::string& path);

// Replaces the contents of `store` with the snapshot at `path`. A missing file is an empty store.
sdk::Status ReadSnapshot(const std::string& path, OrderedStore* store);

}  // namespace kvbench::memory

#endif  // KVBENCH_PLUGINS_MEMORY_SNAPSHOT_FILE_HPP_
