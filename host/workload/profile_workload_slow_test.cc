// The 500K and 1M reference runs on memory.so (minutes in total: label `slow`).
#include <gtest/gtest.h>

#include "workload/profile_workload_test_util.hpp"

namespace kvbench::workload {
namespace {

TEST(ProfileWorkloadSlowTest, MemoryPlugin500KMatchesPublishedChecksums) {
  testing::RunAndCheckAgainstReference(MEMORY_PLUGIN_PATH, 500000);
}

TEST(ProfileWorkloadSlowTest, MemoryPlugin1MMatchesPublishedChecksums) {
  testing::RunAndCheckAgainstReference(MEMORY_PLUGIN_PATH, 1000000);
}

}  // namespace
}  // namespace kvbench::workload
