// Reading a whole input file (a run config, a results file) with a message that says why it could not be read.
#ifndef KVBENCH_HOST_COMMON_READ_FILE_HPP_
#define KVBENCH_HOST_COMMON_READ_FILE_HPP_

#include <string>

#include "common/status.hpp"

namespace kvbench {

// The file's bytes in *text. InvalidArgument "<path>: cannot read: <reason>" (no such file, permission denied,
// is a directory, ...) otherwise.
Status ReadWholeFile(const std::string& path, std::string* text);

}  // namespace kvbench

#endif  // KVBENCH_HOST_COMMON_READ_FILE_HPP_
