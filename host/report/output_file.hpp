// Writing the reporter's output files: whole-file writes through a temporary file and a rename
// (common/atomic_file.hpp), so a reader never sees half a report.
#ifndef KVBENCH_HOST_REPORT_OUTPUT_FILE_HPP_
#define KVBENCH_HOST_REPORT_OUTPUT_FILE_HPP_

#include <string>

#include "common/status.hpp"

namespace kvbench::report {

// Creates the parent directory if needed. IOError naming the path and the OS reason on failure.
Status WriteFileAtomically(const std::string& path, const std::string& content);

}  // namespace kvbench::report

#endif  // KVBENCH_HOST_REPORT_OUTPUT_FILE_HPP_
