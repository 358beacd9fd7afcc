#include "rocksdb5_iterator.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>

#include "rocksdb5_test_util.hpp"

namespace kvbench::rocksdb5 {
namespace {

using Rocksdb5Iterator = Rocksdb5Fixture;

TEST_F(Rocksdb5Iterator, IteratorWalksInBytewiseOrder) {
  auto e = OpenEngine();
  auto st = OpenStore(e.get(), "s");
  for (const std::string& k : std::vector<std::string>{"b", "a", "\xff", "ab", std::string("a\0", 2)})
    ASSERT_TRUE(st->Put(k, "v" + k).ok());
  std::unique_ptr<RocksIterator> it;
  ASSERT_TRUE(st->NewIterator(&it).ok());
  EXPECT_FALSE(it->Valid());
  std::vector<std::string> keys;
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    keys.emplace_back(it->key());
    EXPECT_EQ(it->value(), "v" + keys.back());
  }
  EXPECT_TRUE(it->status().ok());
  EXPECT_EQ(keys, (std::vector<std::string>{"a", std::string("a\0", 2), "ab", "b", "\xff"}));
  it->Seek("aa");
  ASSERT_TRUE(it->Valid());
  EXPECT_EQ(it->key(), "ab");
  it->Seek("\xff\x01");
  EXPECT_FALSE(it->Valid());
  EXPECT_TRUE(it->status().ok());
}

TEST_F(Rocksdb5Iterator, ScanBounds) {
  auto e = OpenEngine();
  auto st = OpenStore(e.get(), "s");
  for (const char* k : {"US|active|1", "US|active|2", "US|banned|1", "UT|x", "a", "b", "c"}) {
    ASSERT_TRUE(st->Put(k, "v").ok());
  }
  using V = std::vector<std::string>;
  EXPECT_EQ(Scan(st.get(), Request("US|active|", "US|active|", true, false)), (V{"US|active|1", "US|active|2"}));
  EXPECT_EQ(Scan(st.get(), Request("US|", "US|", true, false, 2)), (V{"US|active|1", "US|active|2"}));
  EXPECT_EQ(Scan(st.get(), Request("a", "c", false, false)), (V{"a", "b"}));
  EXPECT_EQ(Scan(st.get(), Request("a", "c", false, true)), (V{"a", "b", "c"}));
  EXPECT_EQ(Scan(st.get(), Request("a", "b", false, true)), (V{"a", "b"}));
  EXPECT_EQ(Scan(st.get(), Request("b", "a", false, true)), V{});
  EXPECT_EQ(Scan(st.get(), Request("UT", "", false, false)), V{});
  // Starting before the prefix: the range ends at the first key without it (the SDK's InRange rule).
  EXPECT_EQ(Scan(st.get(), Request("U", "US|banned|", true, false)), V{});
  sdk::ScanRequest all;
  all.from_first = true;
  all.limit = 3;
  EXPECT_EQ(Scan(st.get(), all), (V{"US|active|1", "US|active|2", "US|banned|1"}));
  all.limit = 0;
  EXPECT_EQ(Scan(st.get(), all).size(), 7u);
  uint64_t visited = 0;
  EXPECT_EQ(Scan(st.get(), all, &visited, 2).size(), 2u);  // the sink stopped it
  EXPECT_EQ(visited, 2u);
}

TEST_F(Rocksdb5Iterator, ScanUpperBoundEdgeCases) {
  char buf[8];
  auto upper = [&](const sdk::ScanRequest& r) {
    size_t n = ScanUpperBound(r, buf);
    return n == kNoUpperBound ? std::string("<none>") : std::string(buf, n);
  };
  EXPECT_EQ(upper(Request("", "ab", true, false)), "ac");
  EXPECT_EQ(upper(Request("", "a\xff", true, false)), "b");
  EXPECT_EQ(upper(Request("", "a\xff\xff", true, false)), "b");
  EXPECT_EQ(upper(Request("", "\xfe\xff", true, false)), "\xff");
  EXPECT_EQ(upper(Request("", "\xff\xff", true, false)), "<none>");
  EXPECT_EQ(upper(Request("", "", true, false)), "<none>");
  EXPECT_EQ(upper(Request("", "ab", false, false)), "ab");
  EXPECT_EQ(upper(Request("", "ab", false, true)), std::string("ab\0", 3));
  sdk::ScanRequest none;
  EXPECT_EQ(upper(none), "<none>");
}

TEST_F(Rocksdb5Iterator, ScanWithFfBytes) {
  auto e = OpenEngine();
  auto st = OpenStore(e.get(), "s");
  for (const std::string& k : std::vector<std::string>{"a\xfe", "a\xff", "a\xff\xff", "a\xff\xff\x01", "b", "\xff",
                                                       "\xff\xff", "\xff\xff\xff", std::string("\xff\x00", 2)}) {
    ASSERT_TRUE(st->Put(k, "v").ok());
  }
  using V = std::vector<std::string>;
  EXPECT_EQ(Scan(st.get(), Request("a\xff", "a\xff", true, false)), (V{"a\xff", "a\xff\xff", "a\xff\xff\x01"}));
  EXPECT_EQ(Scan(st.get(), Request("a\xff\xff", "a\xff\xff", true, false)), (V{"a\xff\xff", "a\xff\xff\x01"}));
  EXPECT_EQ(Scan(st.get(), Request("\xff\xff", "\xff\xff", true, false)), (V{"\xff\xff", "\xff\xff\xff"}));
  EXPECT_EQ(Scan(st.get(), Request("\xff", "\xff", true, false)),
            (V{"\xff", std::string("\xff\x00", 2), "\xff\xff", "\xff\xff\xff"}));
  EXPECT_EQ(Scan(st.get(), Request("\xff", "\xff", false, true)), (V{"\xff"}));
  EXPECT_EQ(Scan(st.get(), Request("b", "\xff", false, false)), (V{"b"}));
  EXPECT_EQ(Scan(st.get(), Request("\xff", "\xff\xff", false, true)),
            (V{"\xff", std::string("\xff\x00", 2), "\xff\xff"}));
}

// Random keys over a tiny alphabet rich in 0x00 and 0xFF, random requests, compared with a std::map model.

TEST_F(Rocksdb5Iterator, ScanMatchesModel) {
  auto e = OpenEngine();
  auto st = OpenStore(e.get(), "s");
  std::mt19937 rng(42);
  const char alphabet[] = {'\0', '\x01', 'a', '\xfe', '\xff'};
  auto random_key = [&](size_t max_len) {
    std::string k(rng() % (max_len + 1), '\0');
    for (char& c : k) c = alphabet[rng() % sizeof(alphabet)];
    return k;
  };
  std::map<std::string, std::string> model;
  for (int i = 0; i < 300; ++i) {
    std::string k = random_key(4);
    model.emplace(k, std::string());
    ASSERT_TRUE(st->Put(k, "").ok());
  }
  for (int i = 0; i < 400; ++i) {
    std::string start = random_key(3), bound = random_key(3);
    sdk::ScanRequest r = Request(start, bound, rng() % 2, rng() % 2, rng() % 4 == 0 ? 3 : 0);
    r.from_first = rng() % 5 == 0;
    r.has_bound = rng() % 6 != 0;
    if (i == 200) {
      ASSERT_TRUE(e->Stabilize().ok());  // half the requests against SST files
    }
    std::vector<std::string> expected;
    for (auto it = r.from_first ? model.begin() : model.lower_bound(start);
         it != model.end() && r.InRange(it->first) && (r.limit == 0 || expected.size() < r.limit); ++it) {
      expected.push_back(it->first);
    }
    ASSERT_EQ(Scan(st.get(), r), expected) << "request " << i;
  }
}

}  // namespace
}  // namespace kvbench::rocksdb5
