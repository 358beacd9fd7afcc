#include "util/compression.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace zt {

namespace {
std::string SampleText(size_t n) {
  std::string s;
  while (s.size() < n) s += "profile|user@example.com|DE|active|1672531200000|";
  s.resize(n);
  return s;
}
}  // namespace

TEST(CompressionTest, ZstdRoundTrip) {
  Compressor c;
  std::string input = SampleText(100000);
  std::string out = "prefix";
  ASSERT_TRUE(c.Compress(Compression::kZstd, 1, input, &out).ok());
  ASSERT_EQ(out.substr(0, 6), "prefix");  // appends
  EXPECT_LT(out.size(), input.size() / 4);
  std::string back(input.size(), '\0');
  ASSERT_TRUE(Uncompress(Compression::kZstd, std::string_view(out).substr(6), back.data(), back.size()).ok());
  EXPECT_EQ(back, input);
}

TEST(CompressionTest, NoneCopies) {
  Compressor c;
  std::string out;
  ASSERT_TRUE(c.Compress(Compression::kNone, 0, "abc", &out).ok());
  EXPECT_EQ(out, "abc");
  char buf[3];
  ASSERT_TRUE(Uncompress(Compression::kNone, "abc", buf, 3).ok());
  EXPECT_EQ(std::string(buf, 3), "abc");
  EXPECT_TRUE(Uncompress(Compression::kNone, "abc", buf, 2).IsCorruption());
}

TEST(CompressionTest, GarbageAndWrongSizeAreCorruption) {
  Compressor c;
  std::string input = SampleText(5000), out;
  ASSERT_TRUE(c.Compress(Compression::kZstd, 3, input, &out).ok());
  std::string back(input.size() + 10, '\0');
  EXPECT_TRUE(Uncompress(Compression::kZstd, out, back.data(), input.size() - 1).IsCorruption());
  EXPECT_TRUE(Uncompress(Compression::kZstd, out, back.data(), input.size() + 10).IsCorruption());
  std::string garbage(200, '\x5a');
  EXPECT_TRUE(Uncompress(Compression::kZstd, garbage, back.data(), 100).IsCorruption());
  EXPECT_TRUE(
      Uncompress(Compression::kZstd, std::string_view(out).substr(0, 10), back.data(), input.size()).IsCorruption());
  EXPECT_TRUE(Uncompress(static_cast<Compression>(9), out, back.data(), 10).IsCorruption());
}

TEST(CompressionTest, CheckUncompressedSizeReadsOnlyTheHeaders) {
  Compressor c;
  std::string input = SampleText(5000), out;
  ASSERT_TRUE(c.Compress(Compression::kZstd, 1, input, &out).ok());
  EXPECT_TRUE(CheckUncompressedSize(Compression::kZstd, out, input.size()).ok());
  EXPECT_TRUE(CheckUncompressedSize(Compression::kZstd, out, input.size() - 1).IsCorruption());
  EXPECT_TRUE(CheckUncompressedSize(Compression::kZstd, out, size_t{1} << 30).IsCorruption());
  EXPECT_TRUE(CheckUncompressedSize(Compression::kZstd, "not a zstd frame", 16).IsCorruption());
  EXPECT_TRUE(
      CheckUncompressedSize(Compression::kZstd, std::string_view(out).substr(0, 3), input.size()).IsCorruption());
  EXPECT_TRUE(CheckUncompressedSize(Compression::kNone, "abc", 3).ok());
  EXPECT_TRUE(CheckUncompressedSize(Compression::kNone, "abc", 4).IsCorruption());
}

TEST(CompressionTest, ConcurrentDecompression) {
  Compressor c;
  std::string input = SampleText(20000), out;
  ASSERT_TRUE(c.Compress(Compression::kZstd, 1, input, &out).ok());
  std::vector<std::thread> threads;
  std::vector<int> ok(4, 0);
  for (int t = 0; t < 4; t++) {
    threads.emplace_back([&, t] {
      std::string back(input.size(), '\0');
      for (int i = 0; i < 50; i++) {
        if (!Uncompress(Compression::kZstd, out, back.data(), back.size()).ok() || back != input) {
          return;
        }
      }
      ok[t] = 1;
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t < 4; t++) EXPECT_EQ(ok[t], 1);
}

TEST(CompressionTest, Names) {
  Compression c;
  ASSERT_TRUE(ParseCompression("zstd", &c));
  EXPECT_EQ(c, Compression::kZstd);
  ASSERT_TRUE(ParseCompression("none", &c));
  EXPECT_EQ(c, Compression::kNone);
  EXPECT_FALSE(ParseCompression("snappy", &c));
  EXPECT_STREQ(CompressionName(Compression::kZstd), "zstd");
}

TEST(CompressionTest, Lz4RoundTrip) {
  Compressor c;
  std::string input = SampleText(100000);
  std::string out = "prefix";
  ASSERT_TRUE(c.Compress(Compression::kLz4, 1, input, &out).ok());
  ASSERT_EQ(out.substr(0, 6), "prefix");  // appends
  EXPECT_LT(out.size(), input.size() / 2);
  std::string back(input.size(), '\0');
  ASSERT_TRUE(Uncompress(Compression::kLz4, std::string_view(out).substr(6), back.data(), back.size()).ok());
  EXPECT_EQ(back, input);
  EXPECT_STREQ(CompressionName(Compression::kLz4), "lz4");
  Compression parsed = Compression::kNone;
  ASSERT_TRUE(ParseCompression("lz4", &parsed));
  EXPECT_EQ(parsed, Compression::kLz4);
}

TEST(CompressionTest, Lz4GarbageAndWrongSizeAreCorruption) {
  Compressor c;
  std::string input = SampleText(5000), out;
  ASSERT_TRUE(c.Compress(Compression::kLz4, 1, input, &out).ok());
  std::string back(input.size() + 10, '\0');
  EXPECT_TRUE(Uncompress(Compression::kLz4, out, back.data(), input.size() - 1).IsCorruption());
  EXPECT_TRUE(Uncompress(Compression::kLz4, out, back.data(), input.size() + 10).IsCorruption());
  EXPECT_TRUE(
      Uncompress(Compression::kLz4, std::string_view(out).substr(0, out.size() / 2), back.data(), input.size())
          .IsCorruption());
  EXPECT_TRUE(CheckUncompressedSize(Compression::kLz4, out, input.size()).ok());
  // More than the input can expand to: refused before anything is allocated.
  EXPECT_TRUE(CheckUncompressedSize(Compression::kLz4, out, out.size() * 256 + 100).IsCorruption());
  EXPECT_TRUE(CheckUncompressedSize(Compression::kLz4, "", 1).IsCorruption());
}

}  // namespace zt
