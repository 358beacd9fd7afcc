#include "table/record_cache.h"

#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "util/testing.h"

namespace zt {

namespace {
void Collect(void* ctx, std::string_view v) { static_cast<std::string*>(ctx)->assign(v.data(), v.size()); }
}  // namespace

TEST(RecordCacheTest, HashKeySpreads) {
  std::set<uint64_t> seen;
  for (int i = 0; i < 10000; i++) seen.insert(HashKey(testing::Cat("key", i)));
  EXPECT_EQ(seen.size(), 10000u);
  EXPECT_EQ(HashKey("abc"), HashKey(std::string("abc")));
  EXPECT_NE(HashKey(""), HashKey(std::string(1, '\0')));
  // Slots of near-identical keys must spread over a 1024-slot cache.
  std::set<size_t> slots;
  for (int i = 0; i < 1000; i++) {
    slots.insert(internal::ScaleHash(HashKey(testing::Cat("user", i)), 1024));
  }
  EXPECT_GT(slots.size(), 500u);
}

TEST(RecordCacheTest, ValueCacheHitMissAndReplace) {
  ValueCache cache(64);
  std::string out;
  EntryKind kind;
  uint64_t h = HashKey("alice");
  EXPECT_FALSE(cache.Lookup(h, "alice", &kind, Collect, &out));
  cache.Insert(h, "alice", EntryKind::kValue, "profile-a");
  ASSERT_TRUE(cache.Lookup(h, "alice", &kind, Collect, &out));
  EXPECT_EQ(kind, EntryKind::kValue);
  EXPECT_EQ(out, "profile-a");
  // Same hash but another key (forced): miss, not a wrong value.
  EXPECT_FALSE(cache.Lookup(h, "mallory", &kind, Collect, &out));
  cache.Insert(h, "alice", EntryKind::kTombstone, "");
  out = "untouched";
  ASSERT_TRUE(cache.Lookup(h, "alice", &kind, Collect, &out));
  EXPECT_EQ(kind, EntryKind::kTombstone);
  EXPECT_EQ(out, "untouched");  // no sink call for tombstones
  EXPECT_EQ(cache.hits(), 2u);
  // Too big records are not cached.
  std::string big(ValueCache::kMaxRecordBytes, 'x');
  cache.Insert(HashKey("big"), "big", EntryKind::kValue, big);
  EXPECT_FALSE(cache.Lookup(HashKey("big"), "big", &kind, Collect, &out));
}

// One bucket of two ways, least recently used out: two keys read in turn
// both stay, whatever was there before them; a key being read survives a
// stream of others.
TEST(RecordCacheTest, TwoWayBucketKeepsTheRecordsBeingRead) {
  ValueCache cache(2);  // every key maps to the single bucket
  std::string out;
  EntryKind kind;
  auto has = [&](const char* k) { return cache.Lookup(HashKey(k), k, &kind, Collect, &out); };
  cache.Insert(HashKey("old1"), "old1", EntryKind::kValue, "-");
  cache.Insert(HashKey("old2"), "old2", EntryKind::kValue, "-");
  ASSERT_TRUE(has("old1"));
  ASSERT_TRUE(has("old2"));
  // Two hot keys arrive: each insert evicts the least recently used way.
  cache.Insert(HashKey("a"), "a", EntryKind::kValue, "1");
  cache.Insert(HashKey("b"), "b", EntryKind::kValue, "2");
  EXPECT_FALSE(has("old1"));
  EXPECT_FALSE(has("old2"));
  for (int round = 0; round < 3; round++) {
    ASSERT_TRUE(has("a"));
    EXPECT_EQ(out, "1");
    ASSERT_TRUE(has("b"));
    EXPECT_EQ(out, "2");
  }
  // a read between inserts of others: only the other way turns over.
  for (const char* k : {"c", "d", "e"}) {
    ASSERT_TRUE(has("a"));
    cache.Insert(HashKey(k), k, EntryKind::kValue, "x");
  }
  EXPECT_TRUE(has("a"));
  EXPECT_TRUE(has("e"));
  EXPECT_FALSE(has("b"));
  // Re-inserting a present key replaces it in place.
  cache.Insert(HashKey("a"), "a", EntryKind::kValue, "1b");
  ASSERT_TRUE(has("a"));
  EXPECT_EQ(out, "1b");
  EXPECT_TRUE(has("e"));
}

TEST(RecordCacheTest, KeyCache) {
  KeyCache cache(128);
  KeyCache::Location loc;
  EXPECT_FALSE(cache.Lookup(HashKey("k"), &loc));
  cache.Insert(HashKey("k"), KeyCache::Location{1, 2, 3});
  ASSERT_TRUE(cache.Lookup(HashKey("k"), &loc));
  EXPECT_EQ(loc.part, 1u);
  EXPECT_EQ(loc.block, 2u);
  EXPECT_EQ(loc.index, 3u);
  EXPECT_FALSE(cache.Lookup(HashKey("other"), &loc));
  cache.Insert(HashKey("k"), KeyCache::Location{4, 5, 6});
  ASSERT_TRUE(cache.Lookup(HashKey("k"), &loc));
  EXPECT_EQ(loc.part, 4u);
  EXPECT_EQ(cache.hits(), 2u);
  EXPECT_LE(cache.MemoryUsage(), 128u * 40);  // no keys: a small fixed slot each
}

TEST(RecordCacheTest, ConcurrentReadersAndWritersSeeWholeRecords) {
  ValueCache cache(16);
  std::atomic<bool> bad{false};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; t++) {
    threads.emplace_back([&, t] {
      std::string out;
      EntryKind kind;
      for (int i = 0; i < 50000; i++) {
        std::string key = testing::Cat("k", (i + t) % 64);
        uint64_t h = HashKey(key);
        if (cache.Lookup(h, key, &kind, Collect, &out)) {
          if (out != std::string("value-of-").append(key)) bad = true;
        } else {
          cache.Insert(h, key, EntryKind::kValue, std::string("value-of-").append(key));
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_FALSE(bad);
}

}  // namespace zt
