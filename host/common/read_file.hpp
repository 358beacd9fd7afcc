// Reading a whole input file (a run config, a results file) with a message that says why it could not be read.
#ifndef KVBENCH_HOST_COMMON_READ_FILE_HPP_
#define KVBENCH_HOST_COMMON_READ_FILE_HPP_

#include <cstdint>
#include <string>

#include "common/status.hpp"

namespace kvbench {

// The largest input file read: the biggest committed results.json is under 2 MB.
inline constexpr uint64_t kMaxInputFileBytes = uint64_t{256} << 20;

// The file's bytes in *text. InvalidArgument "<path>: cannot read: <reason>" (no such file, permission denied,
// is a directory, not a regular file (a device, a FIFO, a socket), larger than kMaxInputFileBytes, ...) otherwise.
// Never blocks on a FIFO.
Status ReadWholeFile(const std::string& path, std::string* text);

}  // namespace kvbench

#endif  // KVBENCH_HOST_COMMON_READ_FILE_HPP_
