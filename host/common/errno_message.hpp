// "what: <strerror(errno)>", for the messages of failed system calls. Reads errno: call it right after the
// failing call, before anything else can change errno.
#ifndef KVBENCH_HOST_COMMON_ERRNO_MESSAGE_HPP_
#define KVBENCH_HOST_COMMON_ERRNO_MESSAGE_HPP_

#include <cerrno>
#include <cstring>
#include <string>
#include <string_view>

namespace kvbench {

inline std::string ErrnoMessage(std::string_view what) {
  const int error = errno;
  return std::string(what) + ": " + std::strerror(error);
}

}  // namespace kvbench

#endif  // KVBENCH_HOST_COMMON_ERRNO_MESSAGE_HPP_
