#include "util/thread_name.h"

#include <gtest/gtest.h>
#include <pthread.h>

#include <string>
#include <thread>

namespace zt {
namespace {

TEST(ThreadNameTest, LastPathComponent) {
  EXPECT_EQ(LastPathComponent("/data/zt/profiles"), "profiles");
  EXPECT_EQ(LastPathComponent("/data/zt/profiles/"), "profiles");
  EXPECT_EQ(LastPathComponent("profiles"), "profiles");
  EXPECT_EQ(LastPathComponent("/"), "");
  EXPECT_EQ(LastPathComponent(""), "");
}

// The name is the prefix and as much of the detail as fits in 15 bytes.
TEST(ThreadNameTest, NamesTheCallingThreadCutToTheLimit) {
  std::string name;
  std::thread t([&] {
    SetCurrentThreadName("ztm ", "country-status-index");
    char buf[64] = {};
    pthread_getname_np(pthread_self(), buf, sizeof(buf));
    name = buf;
  });
  t.join();
  EXPECT_EQ(name, "ztm country-sta");
  std::thread u([&] {
    SetCurrentThreadName("zt-cache");
    char buf[64] = {};
    pthread_getname_np(pthread_self(), buf, sizeof(buf));
    name = buf;
  });
  u.join();
  EXPECT_EQ(name, "zt-cache");
}

}  // namespace
}  // namespace zt
