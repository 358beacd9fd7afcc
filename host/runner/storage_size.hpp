// The storage an engine occupies: the sum of the sizes of the regular files under its data directory.
#ifndef KVBENCH_HOST_RUNNER_STORAGE_SIZE_HPP_
#define KVBENCH_HOST_RUNNER_STORAGE_SIZE_HPP_

#include <cstdint>
#include <string>

#include "common/status.hpp"

namespace kvbench::runner {

// Files that vanish while we walk (an engine's background thread deleting an obsolete segment) are skipped.
Status StorageBytes(const std::string& dir, uint64_t* bytes);

}  // namespace kvbench::runner

#endif  // KVBENCH_HOST_RUNNER_STORAGE_SIZE_HPP_
