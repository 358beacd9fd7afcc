#include "workload/checksum.hpp"

#include <gtest/gtest.h>

#include "workload/profile_workload.hpp"

namespace kvbench::workload {
namespace {

TEST(ChecksumTest, StringIsOneStepPerCharacter) {
  Checksum empty;
  EXPECT_EQ(empty.value(), 14695981039346656037ull);
  Checksum a;
  a.AddString("a");
  EXPECT_EQ(a.value(), 0xAF63DC4C8601EC8Cull);  // FNV-1a 64 of "a"
  Checksum foobar;
  foobar.AddString("foobar");
  EXPECT_EQ(foobar.value(), 0x85944171F73967E8ull);
  Checksum chars;
  for (char c : std::string_view("foobar")) chars.AddUInt64(static_cast<unsigned char>(c));
  EXPECT_EQ(chars.value(), foobar.value());
}

TEST(ChecksumTest, Int32GoesInAsItsUnsignedPattern) {
  Checksum i32, u64, i64;
  i32.AddInt32(-1);
  u64.AddUInt64(0xFFFFFFFFull);
  i64.AddInt64(-1);
  EXPECT_EQ(i32.value(), u64.value());
  EXPECT_NE(i32.value(), i64.value());
}

TEST(ChecksumTest, InsertOfFirstHundredThousandIds) {
  Checksum c;
  for (int64_t id = 1; id <= 100000; ++id) c.AddInt64(id);
  EXPECT_EQ(FormatChecksum(c.value()), "37C6E9056D5AC045");  // spec §7: the published insert checksum
}

TEST(ChecksumTest, FormatIsSixteenUpperCaseHexDigits) {
  EXPECT_EQ(FormatChecksum(0), "0000000000000000");
  EXPECT_EQ(FormatChecksum(0xabcdef0123456789ull), "ABCDEF0123456789");
}

}  // namespace
}  // namespace kvbench::workload
