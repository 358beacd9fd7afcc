#include "common/same_file.hpp"

#include <sys/stat.h>

namespace kvbench {

bool SameFile(const std::string& a, const std::string& b) {
  struct stat sa {}, sb {};
  if (::stat(a.c_str(), &sa) != 0 || ::stat(b.c_str(), &sb) != 0) return false;
  return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

Status CheckNotAnInput(const std::string& out, const std::vector<std::string>& inputs) {
  for (const std::string& input : inputs) {
    if (SameFile(out, input)) {
      return Status::InvalidArgument("--out " + out + " is the input " + input +
                                     ": it would be replaced; choose another --out");
    }
  }
  return Status::OK();
}

}  // namespace kvbench
