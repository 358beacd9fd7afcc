#include "util/thread_name.h"

#include <gtest/gtest.h>
#include <pthread.h>

#include <string>
#include <string_view>
#include <thread>

namespace zt {
namespace {

// The name a new thread has after SetCurrentThreadName(prefix, detail).
std::string NameAfter(std::string_view prefix, std::string_view detail) {
  std::string name;
  std::thread t([&] {
    SetCurrentThreadName(prefix, detail);
    char buf[64] = {};
    pthread_getname_np(pthread_self(), buf, sizeof(buf));
    name = buf;
  });
  t.join();
  return name;
}

// The name is the prefix and as much of the detail as fits in 15 bytes.
TEST(ThreadNameTest, NamesTheCallingThreadCutToTheLimit) {
  EXPECT_EQ(NameAfter("ztm ", "country-status-index"), "ztm country-sta");
  EXPECT_EQ(NameAfter("zt-cache", ""), "zt-cache");
  EXPECT_EQ(NameAfter("zt-cache", {}), "zt-cache");  // a null view: the default argument
  EXPECT_EQ(NameAfter("a-prefix-longer-than-15", "x"), "a-prefix-longer");
}

}  // namespace
}  // namespace zt
