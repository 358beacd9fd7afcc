// An output must not replace an input: `kvbench compare A B --out B` used to replace B with the comparison.
#ifndef KVBENCH_HOST_COMMON_SAME_FILE_HPP_
#define KVBENCH_HOST_COMMON_SAME_FILE_HPP_

#include <string>
#include <vector>

#include "common/status.hpp"

namespace kvbench {

// True when both paths exist and are the same file (device and inode, symlinks followed: a link or a hard link to
// an input is that input).
bool SameFile(const std::string& a, const std::string& b);

// InvalidArgument "--out <out> is the input <input>: it would be replaced; choose another --out" when `out` is one
// of `inputs`.
Status CheckNotAnInput(const std::string& out, const std::vector<std::string>& inputs);

}  // namespace kvbench

#endif  // KVBENCH_HOST_COMMON_SAME_FILE_HPP_
