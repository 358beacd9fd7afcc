#include "workload/keys.hpp"

#include <gtest/gtest.h>

#include <climits>
#include <string>

namespace kvbench::workload {
namespace {

TEST(KeysTest, UserIdIsBigEndian) {
  char buf[kUserIdKeySize];
  EncodeUserId(0x0102030405060708, buf);
  EXPECT_EQ(std::string(buf, 8), std::string("\x01\x02\x03\x04\x05\x06\x07\x08", 8));
  int64_t id = 0;
  ASSERT_TRUE(DecodeUserId(std::string_view(buf, 8), &id));
  EXPECT_EQ(id, 0x0102030405060708);
  EncodeUserId(1, buf);
  EXPECT_EQ(std::string(buf, 8), std::string("\0\0\0\0\0\0\0\x01", 8));
  EXPECT_FALSE(DecodeUserId(std::string_view(buf, 7), &id));
}

TEST(KeysTest, Email) {
  KeyBuffer k;
  EmailKey(1, &k);
  EXPECT_EQ(k.view(), "user000000000001@example01.com");
  EmailKey(100000, &k);
  EXPECT_EQ(k.view(), "user000000100000@example90.com");
  EmailKey(97, &k);
  EXPECT_EQ(k.view(), "user000000000097@example00.com");
}

TEST(KeysTest, CountryStatus) {
  KeyBuffer k;
  CountryStatusPrefix("NO", "suspended", &k);
  EXPECT_EQ(k.view(), "NO|suspended|");
  CountryStatusKey("NO", "suspended", 42, &k);
  EXPECT_EQ(k.view(), "NO|suspended|00000000000000000042");
}

TEST(KeysTest, CreatedAtPadsInt64MaxToTwentyDigits) {
  KeyBuffer k;
  CreatedAtKey(1672531201300, 0, &k);
  EXPECT_EQ(k.view(), "00000001672531201300|00000000000000000000");
  CreatedAtKey(1672531201300, INT64_MAX, &k);
  EXPECT_EQ(k.view(), "00000001672531201300|09223372036854775807");
  KeyBuffer id1;
  CreatedAtKey(1672531201300, 1, &id1);
  EXPECT_LT(id1.view(), k.view());
}

TEST(KeysTest, ReputationSortsHighestFirst) {
  KeyBuffer hi, lo;
  ReputationKey(999999, 7, &hi);
  EXPECT_EQ(hi.view(), "0000000001|00000000000000000007");
  ReputationKey(0, 7, &lo);
  EXPECT_EQ(lo.view(), "0001000000|00000000000000000007");
  EXPECT_LT(hi.view(), lo.view());
}

TEST(KeysTest, PaddingWidensAndSigns) {
  char buf[32];
  EXPECT_EQ(std::string(buf, WritePadded(buf, 123, 2)), "123");
  EXPECT_EQ(std::string(buf, WritePadded(buf, -5, 3)), "-005");
  EXPECT_EQ(std::string(buf, WritePadded(buf, INT64_MIN, 20)), "-09223372036854775808");
  EXPECT_EQ(std::string(buf, WriteDecimal(buf, 0)), "0");
  EXPECT_EQ(std::string(buf, WriteDecimal(buf, 1672531201300)), "1672531201300");
}

}  // namespace
}  // namespace kvbench::workload
