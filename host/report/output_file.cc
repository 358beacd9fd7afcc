#include "report/output_file.hpp"

#include "common/atomic_file.hpp"

namespace kvbench::report {

Status WriteFilesTogether(const std::vector<OutputFile>& files) {
  for (const OutputFile& file : files) {
    if (Status s = CheckReplaceable(file.path); !s.ok()) return s;
  }
  std::vector<AtomicFile> staged;  // removes its temporary files when a later one fails
  staged.reserve(files.size());
  for (const OutputFile& file : files) {
    staged.emplace_back(file.path);
    if (Status s = staged.back().Write(file.content); !s.ok()) return s;
  }
  for (AtomicFile& file : staged) {
    if (Status s = file.Commit(); !s.ok()) return s;
  }
  return Status::OK();
}

}  // namespace kvbench::report
