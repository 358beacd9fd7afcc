#include "report/output_file.hpp"

#include "common/atomic_file.hpp"

namespace kvbench::report {

Status WriteFileAtomically(const std::string& path, const std::string& content) {
  return kvbench::WriteFileAtomically(path, content);
}

}  // namespace kvbench::report
