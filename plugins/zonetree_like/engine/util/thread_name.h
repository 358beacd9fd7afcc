// Names the calling thread (Linux: at most 15 bytes are kept), so that
// `top -H`, /proc/<pid>/task/*/comm and debuggers tell the engine's
// background threads apart. Best effort: failures are ignored.
#ifndef ZT_UTIL_THREAD_NAME_H_
#define ZT_UTIL_THREAD_NAME_H_

#include <string_view>

namespace zt {

// Sets the name to prefix + detail, cut to the system's limit.
void SetCurrentThreadName(std::string_view prefix, std::string_view detail = {});

}  // namespace zt

#endif  // ZT_UTIL_THREAD_NAME_H_
