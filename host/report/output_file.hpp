// Writing the reporter's output files: whole-file writes through a temporary file and a rename
// (common/atomic_file.hpp), so a reader never sees half a file, and a report's files written together or not at
// all, so a failed write never leaves a mix of the new report and an older one.
#ifndef KVBENCH_HOST_REPORT_OUTPUT_FILE_HPP_
#define KVBENCH_HOST_REPORT_OUTPUT_FILE_HPP_

#include <string>
#include <vector>

#include "common/status.hpp"

namespace kvbench::report {

struct OutputFile {
  std::string path;
  std::string content;
};

// All of `files` or none: every target is checked first (a directory cannot be replaced), then every content is
// written to its temporary file, and only when all are complete are they renamed into place; the temporary files
// of a failed attempt are removed and the old files stay as they were. IOError naming the file and the OS reason.
// Only a rename that fails after all that (not expected once the targets were checked) leaves the files before it
// new and the rest old; its temporary file is then kept and named.
Status WriteFilesTogether(const std::vector<OutputFile>& files);

}  // namespace kvbench::report

#endif  // KVBENCH_HOST_REPORT_OUTPUT_FILE_HPP_
