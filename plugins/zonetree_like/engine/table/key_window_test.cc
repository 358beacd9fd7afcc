#include "table/key_window.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace zt {

TEST(KeyWindowTest, WindowIsBigEndianAndZeroPadded) {
  EXPECT_EQ(KeyWindow("", 0), 0u);
  EXPECT_EQ(KeyWindow("\x01", 0), 0x0100000000000000ull);
  EXPECT_EQ(KeyWindow("abcdefghij", 2), KeyWindow("cdefghij", 0));
  EXPECT_EQ(KeyWindow("abc", 5), 0u);
  EXPECT_EQ(CommonPrefix("abcd", "abxy"), 2u);
  EXPECT_EQ(CommonPrefix("ab", "abc"), 2u);
  EXPECT_EQ(CommonPrefix("", "a"), 0u);
}

// LoadKeyWindow reads the same window as KeyWindow at every offset up to
// the key's end, whatever bytes follow the key.
TEST(KeyWindowTest, LoadKeyWindowMatchesKeyWindow) {
  const std::string key("k\0ey-0123456789ab", 17);
  for (char after : {'\0', 'x', '\xff'}) {
    std::string buffer = key + std::string(8, after);
    for (uint32_t size = 0; size <= key.size(); size++) {
      for (uint32_t offset = 0; offset <= size; offset++) {
        ASSERT_EQ(LoadKeyWindow(buffer.data(), size, offset), KeyWindow(key.substr(0, size), offset))
            << size << " " << offset;
      }
    }
  }
}

// CompareKeys orders every pair as a bytewise compare does: keys shorter
// than 8 bytes, equal first words, zero and high bytes.
TEST(KeyWindowTest, CompareKeysAgreesWithBytewiseOrder) {
  std::mt19937 rng(29);
  std::vector<std::string> keys = {"",         "a",         std::string(8, '\0'), std::string(9, '\0'),
                                   "abcdefgh", "abcdefghi", "abcdefgg\xff",       "\xff\xff\xff\xff\xff\xff\xff\xff"};
  for (int i = 0; i < 300; i++) {
    std::string k(rng() % 14, '\0');
    for (char& c : k) c = static_cast<char>(rng() % 3 == 0 ? rng() % 256 : 'a' + rng() % 2);
    keys.push_back(k);
  }
  auto sign = [](int c) { return (c > 0) - (c < 0); };
  for (const auto& a : keys) {
    for (const auto& b : keys) {
      ASSERT_EQ(sign(CompareKeys(a, b)), sign(std::string_view(a).compare(b))) << a.size() << " " << b.size();
    }
  }
}

// WindowLess must agree with bytewise order for every pair sharing the
// prefix, including keys with zero bytes and keys that are prefixes of
// others (where zero padding makes windows tie).
TEST(KeyWindowTest, AgreesWithBytewiseOrder) {
  std::mt19937 rng(17);
  const std::string prefix("pre\0fix", 7);
  std::vector<std::string> keys;
  for (int i = 0; i < 400; i++) {
    std::string k = prefix.substr(0, 3 + rng() % 5);
    size_t len = rng() % 14;
    for (size_t j = 0; j < len; j++) {
      k.push_back(static_cast<char>(rng() % 4 == 0 ? 0 : rng() % 3));
    }
    keys.push_back(k);
  }
  for (const auto& a : keys) {
    for (const auto& b : keys) {
      uint32_t lcp = std::min(CommonPrefix(a, b), 3u);
      bool want = std::string_view(a) < std::string_view(b);
      ASSERT_EQ(WindowLess(KeyWindow(a, lcp), a, KeyWindow(b, lcp), b, lcp), want);
    }
  }
}

}  // namespace zt
