#include "util/thread_name.h"

#include <pthread.h>

namespace zt {

void SetCurrentThreadName(std::string_view prefix, std::string_view detail) {
  constexpr size_t kMax = 15;  // pthread_setname_np's limit without the NUL
  char name[kMax + 1];
  // string_view::copy, not memcpy: a default-constructed view has a null data(), which memcpy must not be given
  // even for 0 bytes (UBSan reports it).
  const size_t p = prefix.copy(name, kMax);
  const size_t d = detail.copy(name + p, kMax - p);
  name[p + d] = '\0';
  (void)pthread_setname_np(pthread_self(), name);
}

}  // namespace zt
