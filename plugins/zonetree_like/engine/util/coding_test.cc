#include "util/coding.h"

#include <gtest/gtest.h>

#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace zt {

TEST(CodingTest, Fixed32And64RoundTrip) {
  std::string s;
  for (uint32_t v = 0; v < 100000; v += 7) PutFixed32(&s, v);
  PutFixed64(&s, 0);
  PutFixed64(&s, std::numeric_limits<uint64_t>::max());
  PutFixed64(&s, 0x0123456789abcdefull);
  const char* p = s.data();
  for (uint32_t v = 0; v < 100000; v += 7) {
    ASSERT_EQ(DecodeFixed32(p), v);
    p += 4;
  }
  EXPECT_EQ(DecodeFixed64(p), 0u);
  EXPECT_EQ(DecodeFixed64(p + 8), std::numeric_limits<uint64_t>::max());
  EXPECT_EQ(DecodeFixed64(p + 16), 0x0123456789abcdefull);
}

TEST(CodingTest, FixedIsLittleEndian) {
  std::string s;
  PutFixed32(&s, 0x04030201);
  ASSERT_EQ(s.size(), 4u);
  EXPECT_EQ(s, std::string("\x01\x02\x03\x04", 4));
}

TEST(CodingTest, Varint32RoundTrip) {
  std::vector<uint32_t> values;
  for (uint32_t i = 0; i < 32; i++) {
    uint32_t v = 1u << i;
    values.push_back(v - 1);
    values.push_back(v);
    values.push_back(v + 1);
  }
  values.push_back(std::numeric_limits<uint32_t>::max());
  std::string s;
  for (uint32_t v : values) PutVarint32(&s, v);
  std::string_view in(s);
  for (uint32_t v : values) {
    uint32_t got;
    ASSERT_TRUE(GetVarint32(&in, &got));
    ASSERT_EQ(got, v);
  }
  EXPECT_TRUE(in.empty());
}

TEST(CodingTest, Varint64RoundTripAndLength) {
  std::vector<uint64_t> values = {0, 1, 127, 128, 16383, 16384, std::numeric_limits<uint64_t>::max()};
  for (uint32_t i = 0; i < 64; i++) values.push_back(uint64_t{1} << i);
  std::string s;
  for (uint64_t v : values) {
    size_t before = s.size();
    PutVarint64(&s, v);
    ASSERT_EQ(static_cast<int>(s.size() - before), VarintLength(v));
  }
  std::string_view in(s);
  for (uint64_t v : values) {
    uint64_t got;
    ASSERT_TRUE(GetVarint64(&in, &got));
    ASSERT_EQ(got, v);
  }
  EXPECT_TRUE(in.empty());
  EXPECT_EQ(VarintLength(std::numeric_limits<uint64_t>::max()), 10);
}

TEST(CodingTest, TruncatedVarintsFail) {
  std::string s;
  PutVarint64(&s, uint64_t{1} << 40);
  for (size_t len = 0; len < s.size(); len++) {
    uint64_t v;
    EXPECT_EQ(GetVarint64Ptr(s.data(), s.data() + len, &v), nullptr);
  }
  std::string s32;
  PutVarint32(&s32, 1u << 30);
  for (size_t len = 0; len < s32.size(); len++) {
    uint32_t v;
    EXPECT_EQ(GetVarint32Ptr(s32.data(), s32.data() + len, &v), nullptr);
  }
}

TEST(CodingTest, TrustedVarint32MatchesChecked) {
  for (uint32_t v :
       {0u, 1u, 127u, 128u, 300u, 16383u, 16384u, 2097151u, 2097152u, 268435455u, 268435456u, 0xffffffffu}) {
    std::string s;
    PutVarint32(&s, v);
    s += "\xff\xff";  // what follows is not read
    uint32_t checked = 0, trusted = 1;
    const char* end = GetVarint32Ptr(s.data(), s.data() + s.size(), &checked);
    ASSERT_EQ(DecodeTrustedVarint32(s.data(), &trusted), end) << v;
    EXPECT_EQ(trusted, v);
    EXPECT_EQ(checked, v);
  }
  // Five bytes with the high bit set, as a damaged header might hold: five
  // are read, no more (a heap buffer of exactly five, for ASan).
  std::unique_ptr<char[]> five(new char[5]);
  std::memset(five.get(), 0xff, 5);
  uint32_t v;
  EXPECT_EQ(DecodeTrustedVarint32(five.get(), &v), five.get() + 5);
}

TEST(CodingTest, OverlongVarintsFail) {
  // Five bytes whose last carries more than 4 bits: over 32 bits.
  std::string bad32("\xff\xff\xff\xff\x7f", 5);
  uint32_t v32;
  EXPECT_EQ(GetVarint32Ptr(bad32.data(), bad32.data() + bad32.size(), &v32), nullptr);
  std::string bad64(10, '\xff');
  bad64.push_back('\x01');
  uint64_t v64;
  EXPECT_EQ(GetVarint64Ptr(bad64.data(), bad64.data() + bad64.size(), &v64), nullptr);
}

TEST(CodingTest, LengthPrefixed) {
  std::string s;
  PutLengthPrefixed(&s, "");
  PutLengthPrefixed(&s, "hello");
  PutLengthPrefixed(&s, std::string(300, 'x'));
  std::string_view in(s), v;
  ASSERT_TRUE(GetLengthPrefixed(&in, &v));
  EXPECT_EQ(v, "");
  ASSERT_TRUE(GetLengthPrefixed(&in, &v));
  EXPECT_EQ(v, "hello");
  ASSERT_TRUE(GetLengthPrefixed(&in, &v));
  EXPECT_EQ(v, std::string(300, 'x'));
  EXPECT_FALSE(GetLengthPrefixed(&in, &v));
  // Length says 5, only 3 bytes follow.
  std::string trunc(
      "\x05"
      "abc",
      4);
  std::string_view t(trunc);
  EXPECT_FALSE(GetLengthPrefixed(&t, &v));
  EXPECT_EQ(t.size(), 4u);  // input untouched on failure
}

}  // namespace zt
