#include "util/thread_name.h"

#include <pthread.h>

#include <algorithm>
#include <cstring>

namespace zt {

void SetCurrentThreadName(std::string_view prefix, std::string_view detail) {
  constexpr size_t kMax = 15;  // pthread_setname_np's limit without the NUL
  char name[kMax + 1];
  const size_t p = std::min(prefix.size(), kMax);
  std::memcpy(name, prefix.data(), p);
  const size_t d = std::min(detail.size(), kMax - p);
  std::memcpy(name + p, detail.data(), d);
  name[p + d] = '\0';
  (void)pthread_setname_np(pthread_self(), name);
}

}  // namespace zt
