#include "ordered_store.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <string>

#include "snapshot_file.hpp"

namespace kvbench::memory {
namespace {

TEST(OrderedStore, PutFindDeleteKeepOrder) {
  OrderedStore s;
  s.Put("b", "2");
  s.Put("a", "1");
  s.Put("c", "3");
  s.Put("b", "22");
  ASSERT_TRUE(s.Find("b").has_value());
  EXPECT_EQ(*s.Find("b"), "22");
  s.Delete("a");
  s.Delete("zz");
  EXPECT_FALSE(s.Find("a").has_value());
  std::string order;
  for (auto it = s.begin(); it != s.end(); ++it) order += it.key();
  EXPECT_EQ(order, "bc");
  EXPECT_EQ(s.size(), 2u);
}

// Random puts (growing, shrinking and large values), deletes and seeks against std::map as the model, with
// enough keys for many leaf splits, hash growth and emptied leaves.
TEST(OrderedStore, MatchesStdMapUnderRandomOperations) {
  OrderedStore s;
  std::map<std::string, std::string> model;
  std::mt19937_64 rng(12345);
  auto random_key = [&] {
    // Short keys, keys sharing long prefixes and keys that differ only past 8 bytes or in length.
    switch (rng() % 4) {
      case 0:
        return std::to_string(rng() % 5000);
      case 1:
        return "prefix|shared|" + std::to_string(rng() % 5000);
      case 2:
        return std::string(rng() % 12, 'a');
      default:
        return std::string("k\0", 2) + std::to_string(rng() % 300);
    }
  };
  for (int op = 0; op < 200000; ++op) {
    const std::string key = random_key();
    const uint64_t what = rng() % 10;
    if (what < 6) {
      const size_t size = rng() % 100 == 0 ? 70000 + rng() % 1000 : rng() % 200;
      std::string value(size, static_cast<char>('a' + rng() % 26));
      s.Put(key, value);
      model[key] = value;
    } else if (what < 9) {
      s.Delete(key);
      model.erase(key);
    } else {
      auto it = s.LowerBound(key);
      auto mit = model.lower_bound(key);
      for (int i = 0; i < 5 && mit != model.end(); ++i, ++it, ++mit) {
        ASSERT_NE(it, s.end());
        ASSERT_EQ(it.key(), mit->first);
        ASSERT_EQ(it.value(), mit->second);
      }
      if (mit == model.end()) {
        ASSERT_EQ(it, s.end());
      }
    }
    auto found = s.Find(key);
    auto mfound = model.find(key);
    ASSERT_EQ(found.has_value(), mfound != model.end()) << key;
    if (found) {
      ASSERT_EQ(*found, mfound->second);
    }
  }
  ASSERT_EQ(s.size(), model.size());
  auto it = s.begin();
  for (const auto& [k, v] : model) {
    ASSERT_NE(it, s.end());
    ASSERT_EQ(it.key(), k);
    ASSERT_EQ(it.value(), v);
    ++it;
  }
  EXPECT_EQ(it, s.end());
  s.Clear();
  EXPECT_EQ(s.size(), 0u);
  EXPECT_EQ(s.begin(), s.end());
  s.Put("again", "1");
  EXPECT_EQ(*s.Find("again"), "1");
}

// Keys that all share a long prefix (as the workload's email and created-at keys do) are ordered by the bytes after
// it; lookups of keys without that prefix, or with a shorter or longer common part, land where std::map's do; a key
// that shortens the shared prefix later is ordered correctly too.
TEST(OrderedStore, KeysSharingALongPrefixMatchStdMap) {
  OrderedStore s;
  std::map<std::string, std::string> model;
  std::mt19937_64 rng(99);
  auto check_lower_bound = [&](const std::string& key) {
    auto it = s.LowerBound(key);
    auto mit = model.lower_bound(key);
    for (int i = 0; i < 3 && mit != model.end(); ++i, ++it, ++mit) {
      ASSERT_NE(it, s.end()) << key;
      ASSERT_EQ(it.key(), mit->first) << key;
    }
    if (mit == model.end()) {
      ASSERT_EQ(it, s.end()) << key;
    }
  };
  const std::string probes[] = {"",
                                "a",
                                "user",
                                "user0000",
                                "user00000",
                                "user00001",
                                "user0000\xff",
                                "user000000009999",
                                "user00000000000000000",
                                "usf",
                                "z",
                                "user000000005000@x"};
  for (int round = 0; round < 2; ++round) {
    for (int i = 0; i < 20000; ++i) {
      char key[48];
      std::snprintf(key, sizeof(key), "user%012llu@example%02llu.com",
                    static_cast<unsigned long long>(rng() % (round == 0 ? 10000 : 1000000)),
                    static_cast<unsigned long long>(rng() % 97));
      if (rng() % 5 == 0) {
        s.Delete(key);
        model.erase(key);
      } else {
        s.Put(key, std::to_string(i));
        model[key] = std::to_string(i);
      }
      if (i % 1000 == 0) {
        for (const std::string& probe : probes) check_lower_bound(probe);
      }
    }
    // A key that shares less: every window is recomputed.
    s.Put("user1", "shorter shared prefix");
    model["user1"] = "shorter shared prefix";
    for (const std::string& probe : probes) check_lower_bound(probe);
  }
  auto it = s.begin();
  for (const auto& [k, v] : model) {
    ASSERT_NE(it, s.end());
    ASSERT_EQ(it.key(), k);
    ASSERT_EQ(it.value(), v);
    ++it;
  }
  EXPECT_EQ(it, s.end());
  for (const auto& [k, v] : model) ASSERT_EQ(*s.Find(k), v);
}

// Keys written in order fill leaves completely (no half-empty leaves from splits) and read back in order.
TEST(OrderedStore, SequentialInsertsReadBackInOrder) {
  OrderedStore s;
  char key[8];
  for (uint64_t i = 0; i < 100000; ++i) {
    for (int b = 0; b < 8; ++b) key[b] = static_cast<char>(i >> (56 - 8 * b));
    s.Put(std::string_view(key, 8), std::to_string(i));
  }
  uint64_t i = 0;
  for (auto it = s.begin(); it != s.end(); ++it, ++i) ASSERT_EQ(it.value(), std::to_string(i));
  EXPECT_EQ(i, 100000u);
}

struct CountingListener : OrderedStore::ChangeListener {
  int told = 0;
  void BeforeChange() override { ++told; }
};

TEST(OrderedStore, AListenerIsToldOnceBeforeTheNextChange) {
  OrderedStore s;
  s.Put("a", "1");
  CountingListener listener, gone;
  s.Listen(&listener);
  s.Listen(&gone);
  s.Unlisten(&gone);
  s.Delete("absent");  // not a change
  EXPECT_EQ(listener.told, 0);
  // Told before the change: the store still holds the old value then.
  struct Checking : OrderedStore::ChangeListener {
    OrderedStore* store = nullptr;
    std::string seen;
    void BeforeChange() override { seen = std::string(*store->Find("a")); }
  } checking;
  checking.store = &s;
  s.Listen(&checking);
  s.Put("a", "2");
  EXPECT_EQ(listener.told, 1);
  EXPECT_EQ(checking.seen, "1");
  s.Put("b", "3");
  s.Delete("a");
  s.Clear();
  EXPECT_EQ(listener.told, 1);  // forgotten once told
  EXPECT_EQ(gone.told, 0);
  s.Listen(&listener);
  s.Clear();
  EXPECT_EQ(listener.told, 2);
}

TEST(SnapshotFile, RoundTripAndCorruption) {
  auto dir = std::filesystem::temp_directory_path() / ("kvb_mem_snap_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::string path = (dir / "s.kvsnap").string();
  OrderedStore s;
  for (int i = 0; i < 1000; ++i) s.Put("key" + std::to_string(i), std::string(i % 50, 'x'));
  ASSERT_TRUE(WriteSnapshot(s, path).ok());
  OrderedStore r;
  ASSERT_TRUE(ReadSnapshot(path, &r).ok());
  EXPECT_EQ(r.size(), 1000u);
  EXPECT_EQ(*r.Find("key7"), std::string(7, 'x'));
  {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(100);
    f.put('\x7f');
  }
  sdk::Status st = ReadSnapshot(path, &r);
  EXPECT_EQ(st.code(), KVB_CORRUPTION);
  EXPECT_NE(st.message().find("s.kvsnap"), std::string::npos);
  EXPECT_TRUE(ReadSnapshot((dir / "missing").string(), &r).ok());
  EXPECT_EQ(r.size(), 0u);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace kvbench::memory
