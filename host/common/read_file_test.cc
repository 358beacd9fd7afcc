#include "common/read_file.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <future>

#include "common/temp_dir.hpp"

namespace kvbench {
namespace {

// Issue 41, case 9: /dev/zero was read until memory ran out.
TEST(ReadWholeFileTest, RefusesADevice) {
  std::string text;
  const Status s = ReadWholeFile("/dev/zero", &text);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "/dev/zero: cannot read: not a regular file");
}

// Issue 41, case 9: a FIFO blocked for ever (in open, waiting for a writer).
TEST(ReadWholeFileTest, RefusesAFifoWithoutWaitingForAWriter) {
  TempDir dir;
  ASSERT_TRUE(TempDir::Create("kvbench-read-file-test-", &dir).ok());
  const std::string fifo = dir.path() + "/config.json";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  auto read = std::async(std::launch::async, [&] {
    std::string text;
    return ReadWholeFile(fifo, &text);
  });
  if (read.wait_for(std::chrono::seconds(10)) != std::future_status::ready) {
    // Lets the blocked reader go (and reach end of file once the writer is closed), so the test can end.
    ::close(::open(fifo.c_str(), O_WRONLY));
    read.wait();
    FAIL() << "ReadWholeFile blocked on a FIFO";
  }
  const Status s = read.get();
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), fifo + ": cannot read: not a regular file");
}

TEST(ReadWholeFileTest, RefusesAFileOverTheLimit) {
  TempDir dir;
  ASSERT_TRUE(TempDir::Create("kvbench-read-file-test-", &dir).ok());
  const std::string big = dir.path() + "/results.json";
  const int fd = ::open(big.c_str(), O_WRONLY | O_CREAT, 0600);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::ftruncate(fd, static_cast<off_t>(kMaxInputFileBytes + 1)), 0);  // sparse: no disk used
  ::close(fd);
  std::string text;
  const Status s = ReadWholeFile(big, &text);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), big + ": cannot read: larger than 256 MiB (268435457 bytes)");
  EXPECT_TRUE(text.empty());
}

TEST(ReadWholeFileTest, ReadsARegularFile) {
  TempDir dir;
  ASSERT_TRUE(TempDir::Create("kvbench-read-file-test-", &dir).ok());
  const std::string path = dir.path() + "/config.json";
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT, 0600);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::write(fd, "{}\n", 3), 3);
  ::close(fd);
  std::string text;
  ASSERT_TRUE(ReadWholeFile(path, &text).ok());
  EXPECT_EQ(text, "{}\n");
}

}  // namespace
}  // namespace kvbench
