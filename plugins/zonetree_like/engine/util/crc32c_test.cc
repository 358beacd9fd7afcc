#include "util/crc32c.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>

namespace zt::crc32c {

// Known vectors from RFC 3720 (iSCSI) section B.4.
TEST(Crc32cTest, StandardVectors) {
  char buf[32];
  std::memset(buf, 0, sizeof(buf));
  EXPECT_EQ(0x8a9136aau, Value(buf, sizeof(buf)));
  std::memset(buf, 0xff, sizeof(buf));
  EXPECT_EQ(0x62a8ab43u, Value(buf, sizeof(buf)));
  for (int i = 0; i < 32; i++) buf[i] = static_cast<char>(i);
  EXPECT_EQ(0x46dd794eu, Value(buf, sizeof(buf)));
  for (int i = 0; i < 32; i++) buf[i] = static_cast<char>(31 - i);
  EXPECT_EQ(0x113fdb5cu, Value(buf, sizeof(buf)));
  EXPECT_EQ(0xe3069283u, Value("123456789", 9));
  EXPECT_EQ(0u, Value("", 0));
}

TEST(Crc32cTest, PortableStandardVectors) {
  char buf[32];
  std::memset(buf, 0, sizeof(buf));
  EXPECT_EQ(0x8a9136aau, ExtendPortable(0, buf, sizeof(buf)));
  EXPECT_EQ(0xe3069283u, ExtendPortable(0, "123456789", 9));
  EXPECT_EQ(0u, ExtendPortable(0, "", 0));
}

// Extend takes the CPU's crc32 instruction where it has one: it must agree
// with the software path on every length, alignment and starting crc.
TEST(Crc32cTest, ExtendAgreesWithPortable) {
  std::string data(1100, '\0');
  uint32_t x = 12345;
  for (char& c : data) {
    x = x * 1103515245u + 12345u;
    c = static_cast<char>(x >> 16);
  }
  for (size_t offset = 0; offset < 9; offset++) {
    for (size_t n = 0; n + offset <= 300; n++) {
      ASSERT_EQ(Extend(0, data.data() + offset, n), ExtendPortable(0, data.data() + offset, n)) << offset << " " << n;
    }
  }
  for (uint32_t init : {0u, 1u, 0xdeadbeefu, 0xffffffffu}) {
    EXPECT_EQ(Extend(init, data.data() + 3, 1093), ExtendPortable(init, data.data() + 3, 1093)) << init;
  }
}

TEST(Crc32cTest, ExtendEqualsWhole) {
  std::string data;
  for (int i = 0; i < 1000; i++) data.push_back(static_cast<char>(i * 31 + 7));
  uint32_t whole = Value(data.data(), data.size());
  for (size_t split : {0, 1, 7, 8, 9, 500, 999, 1000}) {
    uint32_t crc = Extend(Value(data.data(), split), data.data() + split, data.size() - split);
    EXPECT_EQ(crc, whole) << split;
  }
}

TEST(Crc32cTest, DetectsSingleBitFlips) {
  std::string data(257, 'a');
  uint32_t base = Value(data.data(), data.size());
  for (size_t i = 0; i < data.size(); i += 13) {
    std::string copy = data;
    copy[i] ^= 0x10;
    EXPECT_NE(Value(copy.data(), copy.size()), base);
  }
}

TEST(Crc32cTest, Mask) {
  uint32_t crc = Value("foo", 3);
  EXPECT_NE(crc, Mask(crc));
  EXPECT_NE(crc, Mask(Mask(crc)));
  EXPECT_EQ(crc, Unmask(Mask(crc)));
  EXPECT_EQ(crc, Unmask(Unmask(Mask(Mask(crc)))));
}

}  // namespace zt::crc32c
