#include "measure/process_stats.hpp"

#include <gtest/gtest.h>
#include <time.h>

#include <chrono>
#include <cstring>
#include <memory>

namespace kvbench::measure {
namespace {

TEST(ProcessStatsTest, ParsesProcIo) {
  const char* text =
      "rchar: 6976\nwchar: 120\nsyscr: 10\nsyscw: 2\nread_bytes: 4096\nwrite_bytes: 81920\n"
      "cancelled_write_bytes: 512\n";
  IoCounters io;
  ParseProcIo(text, &io);
  EXPECT_TRUE(io.available);
  EXPECT_EQ(io.rchar, 6976u);
  EXPECT_EQ(io.wchar, 120u);
  EXPECT_EQ(io.read_bytes, 4096u);
  EXPECT_EQ(io.write_bytes, 81920u);
  EXPECT_EQ(io.cancelled_write_bytes, 512u);
}

TEST(ProcessStatsTest, ProcIoWithoutStorageCountersIsUnavailable) {
  IoCounters io;
  ParseProcIo("rchar: 1\nwchar: 2\nread_bytes: 3\n", &io);  // no write_bytes
  EXPECT_FALSE(io.available);
  ParseProcIo("", &io);
  EXPECT_FALSE(io.available);
  ParseProcIo("write_bytesX: 5\nread_bytes: 3\n", &io);  // a longer key is not write_bytes
  EXPECT_FALSE(io.available);
}

TEST(ProcessStatsTest, RssFollowsTouchedMemory) {
  const uint64_t before = CurrentRssBytes();
  ASSERT_GT(before, 0u);
  constexpr size_t kSize = 32 << 20;
  std::unique_ptr<char[]> block(new char[kSize]);
  std::memset(block.get(), 1, kSize);  // touch every page
  const uint64_t during = CurrentRssBytes();
  EXPECT_GE(during, before + kSize * 3 / 4);
  EXPECT_GE(PeakRssBytes(), during * 9 / 10);  // ru_maxrss is kept at a coarser grain than statm
  volatile char sink = block[kSize / 2];
  (void)sink;
}

// Spins until this thread has used `seconds` of CPU (by its own CPU clock), so a loaded machine only slows it.
void SpinCpu(double seconds) {
  auto thread_cpu = [] {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
  };
  const double start = thread_cpu();
  volatile uint64_t x = 0;
  while (thread_cpu() - start < seconds) x = x + 1;
}

TEST(ProcessStatsTest, CpuTimeAdvancesWhileSpinning) {
  const CpuTimes before = ProcessCpuTimes();
  SpinCpu(0.05);
  const CpuTimes after = ProcessCpuTimes();
  EXPECT_GE((after.user_s + after.system_s) - (before.user_s + before.system_s), 0.045);
  EXPECT_GE(after.user_s, before.user_s);
  EXPECT_GE(after.system_s, before.system_s);
}

TEST(ProcessStatsTest, ProcessIoCountsSyscallWrites) {
  const IoCounters io = ProcessIoCounters();
  if (!io.available) GTEST_SKIP() << "/proc/self/io is not readable here";
  EXPECT_GT(io.rchar, 0u);  // reading /proc/self/io itself counts
}

}  // namespace
}  // namespace kvbench::measure
