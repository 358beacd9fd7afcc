#include "table/block_cache.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <thread>
#include <vector>

#include "table/block.h"
#include "table/block_builder.h"
#include "util/testing.h"

namespace zt {

namespace {

// A parsed block of about `bytes` bytes whose single key is `tag`.
std::unique_ptr<Block> MakeBlock(const std::string& tag, size_t bytes) {
  BlockBuilder b(kDefaultInlineValueMax);
  b.Add(tag, EntryKind::kValue, std::string(bytes, 'v'));
  std::string_view raw = b.Finish();
  Buffer data = NewBuffer(raw.size());
  std::memcpy(data.get(), raw.data(), raw.size());
  std::unique_ptr<Block> block;
  EXPECT_TRUE(Block::Parse(std::move(data), raw.size(), kDefaultInlineValueMax, &block).ok());
  return block;
}

std::string KeyOf(BlockCache::Handle* h) { return std::string(BlockCache::Value(h)->KeyAt(0)); }

}  // namespace

TEST(BlockCacheTest, InsertLookupRelease) {
  BlockCache cache(1 << 20, std::chrono::milliseconds(0));
  EXPECT_EQ(cache.Lookup(1, 0), nullptr);
  BlockCache::Handle* h = cache.Insert(1, 0, MakeBlock("a", 1000));
  ASSERT_NE(h, nullptr);
  EXPECT_EQ(KeyOf(h), "a");
  cache.Release(h);
  h = cache.Lookup(1, 0);
  ASSERT_NE(h, nullptr);
  EXPECT_EQ(KeyOf(h), "a");
  cache.Release(h);
  EXPECT_EQ(cache.Lookup(1, 4096), nullptr);
  EXPECT_EQ(cache.Lookup(2, 0), nullptr);  // other part, same offset
  EXPECT_EQ(cache.entries(), 1u);
  EXPECT_GE(cache.charge(), 1000u + BlockCache::kEntryOverhead);
  BlockCache::Stats st = cache.stats();
  EXPECT_EQ(st.hits, 1u);
  EXPECT_EQ(st.misses, 3u);
  EXPECT_EQ(st.inserts, 1u);
}

TEST(BlockCacheTest, DuplicateInsertReturnsExisting) {
  BlockCache cache(1 << 20, std::chrono::milliseconds(0));
  BlockCache::Handle* h1 = cache.Insert(1, 0, MakeBlock("first", 10));
  BlockCache::Handle* h2 = cache.Insert(1, 0, MakeBlock("second", 10));
  EXPECT_EQ(KeyOf(h2), "first");
  EXPECT_EQ(cache.entries(), 1u);
  cache.Release(h1);
  cache.Release(h2);
}

TEST(BlockCacheTest, LruWithinBudget) {
  const uint64_t per = MakeBlock("b", 9980)->MemoryUsage() + BlockCache::kEntryOverhead;
  BlockCache cache(per * 5 + 100, std::chrono::milliseconds(0));
  for (int i = 0; i < 5; i++) {
    cache.Release(cache.Insert(1, i, MakeBlock(testing::Cat("b", i), 9980)));
  }
  EXPECT_EQ(cache.entries(), 5u);
  // Touch block 0 so that block 1 is the least recently used.
  cache.Release(cache.Lookup(1, 0));
  cache.Release(cache.Insert(1, 5, MakeBlock("b5", 9980)));
  EXPECT_EQ(cache.entries(), 5u);
  EXPECT_LE(cache.charge(), cache.budget());
  BlockCache::Handle* h = cache.Lookup(1, 1);
  EXPECT_EQ(h, nullptr);
  for (int i : {0, 2, 3, 4, 5}) {
    h = cache.Lookup(1, i);
    ASSERT_NE(h, nullptr) << i;
    cache.Release(h);
  }
  EXPECT_EQ(cache.stats().evictions, 1u);
}

// Demote: a block not used since `unused_since_ms` becomes the next to go, ahead of blocks used as long ago and of
// one inserted after it; a block used since then is left where CLOCK has it.
TEST(BlockCacheTest, DemotedBlockIsEvictedFirst) {
  const uint64_t per = MakeBlock("b", 9980)->MemoryUsage() + BlockCache::kEntryOverhead;
  BlockCache cache(per * 4 + 100, std::chrono::milliseconds(0));
  for (int i = 0; i < 4; i++) cache.Release(cache.Insert(1, i, MakeBlock(testing::Cat("b", i), 9980)));
  for (int i = 0; i < 4; i++) cache.Release(cache.Lookup(1, i));  // all used
  cache.Demote(1, 2, /*unused_since_ms=*/0);                      // used since: stays
  cache.Demote(1, 9, BlockCache::NowMs() + 1000);                 // not cached: nothing
  EXPECT_EQ(cache.stats().demoted, 0u);
  cache.Demote(1, 2, BlockCache::NowMs() + 1000);
  EXPECT_EQ(cache.stats().demoted, 1u);
  cache.Release(cache.Insert(1, 4, MakeBlock("b4", 9980)));
  EXPECT_EQ(cache.entries(), 4u);
  for (int i : {0, 1, 3, 4}) {
    BlockCache::Handle* h = cache.Lookup(1, i);
    ASSERT_NE(h, nullptr) << i;
    cache.Release(h);
  }
  EXPECT_EQ(cache.Lookup(1, 2), nullptr);
}

// A Lookup with use off (a read that will not keep the block) does not protect it from eviction: b0, read that way,
// goes before b1, never read (read with use on, b0 would get CLOCK's second chance and b1 would go).
TEST(BlockCacheTest, LookupWithoutUseLeavesTheBlockUnused) {
  const uint64_t per = MakeBlock("b", 9980)->MemoryUsage() + BlockCache::kEntryOverhead;
  BlockCache cache(per * 2 + 100, std::chrono::milliseconds(0));
  cache.Release(cache.Insert(1, 0, MakeBlock("b0", 9980)));
  cache.Release(cache.Insert(1, 1, MakeBlock("b1", 9980)));
  BlockCache::Handle* h = cache.Lookup(1, 0, nullptr, /*use=*/false);
  ASSERT_NE(h, nullptr);
  cache.Release(h);
  EXPECT_EQ(cache.stats().hits, 1u);  // a hit all the same
  cache.Release(cache.Insert(1, 2, MakeBlock("b2", 9980)));
  EXPECT_EQ(cache.Lookup(1, 0), nullptr);
  h = cache.Lookup(1, 1);
  ASSERT_NE(h, nullptr);
  cache.Release(h);
}

TEST(BlockCacheTest, PinnedBlockSurvivesEviction) {
  BlockCache cache(30000, std::chrono::milliseconds(0));
  BlockCache::Handle* pinned = cache.Insert(1, 0, MakeBlock("pinned", 9900));
  for (int i = 1; i < 20; i++) {
    cache.Release(cache.Insert(1, i, MakeBlock("x", 9900)));
  }
  EXPECT_EQ(cache.Lookup(1, 0), nullptr);  // evicted from the table ...
  EXPECT_EQ(KeyOf(pinned), "pinned");      // ... but still readable
  EXPECT_EQ(BlockCache::Value(pinned)->EntryAt(0).value.size(), 9900u);
  EXPECT_LE(cache.charge(), cache.budget());
  cache.Release(pinned);
}

TEST(BlockCacheTest, OversizedBlockIsNotRetained) {
  BlockCache cache(5000, std::chrono::milliseconds(0));
  cache.Release(cache.Insert(1, 0, MakeBlock("small", 1000)));
  BlockCache::Handle* h = cache.Insert(1, 1, MakeBlock("big", 100000));
  EXPECT_EQ(KeyOf(h), "big");
  EXPECT_LE(cache.charge(), 5000u);
  cache.Release(h);
  EXPECT_EQ(cache.Lookup(1, 1), nullptr);
  // ... and nothing was evicted for it: it could never have stayed.
  h = cache.Lookup(1, 0);
  ASSERT_NE(h, nullptr);
  EXPECT_EQ(KeyOf(h), "small");
  cache.Release(h);
}

TEST(BlockCacheTest, ZeroBudgetRetainsNothing) {
  BlockCache cache(0, std::chrono::milliseconds(0));
  BlockCache::Handle* h = cache.Insert(1, 0, MakeBlock("a", 100));
  EXPECT_EQ(KeyOf(h), "a");
  cache.Release(h);
  EXPECT_EQ(cache.entries(), 0u);
  EXPECT_EQ(cache.charge(), 0u);
  EXPECT_EQ(cache.Lookup(1, 0), nullptr);
}

TEST(BlockCacheTest, WrapIsPrivate) {
  BlockCache cache(1 << 20, std::chrono::milliseconds(0));
  BlockCache::Handle* h = cache.Wrap(MakeBlock("w", 10));
  EXPECT_EQ(KeyOf(h), "w");
  EXPECT_EQ(cache.entries(), 0u);
  cache.Release(h);
}

TEST(BlockCacheTest, LifetimeExpiry) {
  BlockCache cache(BlockCache::kUnbounded, std::chrono::milliseconds(60));
  cache.Release(cache.Insert(1, 0, MakeBlock("old", 100)));
  cache.Release(cache.Insert(1, 1, MakeBlock("kept", 100)));
  std::this_thread::sleep_for(std::chrono::milliseconds(40));
  cache.Release(cache.Lookup(1, 1));  // refresh "kept"
  cache.EvictExpired();
  EXPECT_EQ(cache.entries(), 2u);  // nothing older than 60 ms yet
  std::this_thread::sleep_for(std::chrono::milliseconds(40));
  cache.EvictExpired();  // "old" is ~80 ms old, "kept" ~40 ms
  EXPECT_EQ(cache.Lookup(1, 0), nullptr);
  BlockCache::Handle* h = cache.Lookup(1, 1);
  ASSERT_NE(h, nullptr);
  // An expired block that is pinned stays readable.
  std::this_thread::sleep_for(std::chrono::milliseconds(80));
  cache.EvictExpired();
  EXPECT_EQ(cache.entries(), 0u);
  EXPECT_EQ(cache.charge(), 0u);
  EXPECT_EQ(KeyOf(h), "kept");
  cache.Release(h);
  EXPECT_EQ(cache.stats().expired, 2u);
}

TEST(BlockCacheTest, NoLifetimeNeverExpires) {
  BlockCache cache(1 << 20, std::chrono::milliseconds(0));
  cache.Release(cache.Insert(1, 0, MakeBlock("a", 100)));
  std::this_thread::sleep_for(std::chrono::milliseconds(10));
  cache.EvictExpired();
  EXPECT_EQ(cache.entries(), 1u);
}

TEST(BlockCacheTest, EraseId) {
  BlockCache cache(1 << 20, std::chrono::milliseconds(0));
  for (int i = 0; i < 10; i++) {
    cache.Release(cache.Insert(1, i, MakeBlock("a", 10)));
    cache.Release(cache.Insert(2, i, MakeBlock("b", 10)));
  }
  BlockCache::Handle* pinned = cache.Lookup(1, 3);
  cache.EraseId(1);
  EXPECT_EQ(cache.entries(), 10u);
  EXPECT_EQ(cache.Lookup(1, 0), nullptr);
  EXPECT_EQ(KeyOf(pinned), "a");
  cache.Release(pinned);
  BlockCache::Handle* h = cache.Lookup(2, 9);
  ASSERT_NE(h, nullptr);
  cache.Release(h);
  EXPECT_NE(cache.NewId(), cache.NewId());
}

TEST(BlockCacheTest, ShardedBudgetHolds) {
  const uint64_t budget = 256ull << 20;  // enough for several shards
  BlockCache cache(budget, std::chrono::milliseconds(0));
  for (int i = 0; i < 2000; i++) {
    cache.Release(cache.Insert(7, uint64_t(i) * 4096, MakeBlock("k", 200000)));
  }
  EXPECT_LE(cache.charge(), budget);
  EXPECT_GT(cache.charge(), budget / 2);
}

// The budget is the cache's, not a share per shard: blocks that fill 90% of
// it stay, however unevenly they hash onto the shards; past it, eviction
// brings the whole cache back within it.
TEST(BlockCacheTest, BudgetIsTheWholeCaches) {
  const uint64_t budget = 256ull << 20;  // 16 shards
  const uint64_t per = MakeBlock("k", 60000)->MemoryUsage() + BlockCache::kEntryOverhead;
  BlockCache cache(budget, std::chrono::milliseconds(0));
  const int fit = static_cast<int>(budget * 9 / 10 / per);
  for (int i = 0; i < fit; i++) cache.Release(cache.Insert(7, uint64_t(i) * 4096, MakeBlock("k", 60000)));
  EXPECT_EQ(cache.stats().evictions, 0u);
  EXPECT_EQ(cache.entries(), static_cast<size_t>(fit));
  for (int i = fit; i < 2 * fit; i++) cache.Release(cache.Insert(7, uint64_t(i) * 4096, MakeBlock("k", 60000)));
  EXPECT_LE(cache.charge(), budget);
  EXPECT_GT(cache.charge(), budget - 2 * per);
  EXPECT_EQ(cache.entries() + cache.stats().evictions, static_cast<size_t>(2 * fit));
}

// A block bigger than what its shard holds makes room in the other shards.
TEST(BlockCacheTest, BigBlockEvictsInOtherShards) {
  const uint64_t budget = 256ull << 20;  // 16 shards of ~16 MiB each
  BlockCache cache(budget, std::chrono::milliseconds(0));
  for (int i = 0; cache.charge() < budget - (1 << 20); i++) {
    cache.Release(cache.Insert(7, uint64_t(i) * 4096, MakeBlock("k", 60000)));
  }
  cache.Release(cache.Insert(8, 0, MakeBlock("big", 100 << 20)));
  EXPECT_LE(cache.charge(), budget);
  BlockCache::Handle* h = cache.Lookup(8, 0);
  ASSERT_NE(h, nullptr);
  EXPECT_EQ(KeyOf(h), "big");
  cache.Release(h);
}

// Room shared with memory charged to the cache (the memtables', see
// MemoryAccount) is the cache's while that memory does not use it: a charge
// evicts blocks until they fit what it leaves, never below the cache's own
// budget, and a refund lets blocks fill it again.
TEST(BlockCacheTest, ChargesTakeTheSharedRoomBack) {
  const uint64_t per = MakeBlock("k", 1000)->MemoryUsage() + BlockCache::kEntryOverhead;
  BlockCache cache(6 * per, std::chrono::milliseconds(0), 4 * per);
  EXPECT_EQ(cache.limit(), 10 * per);
  for (int i = 0; i < 10; i++) cache.Release(cache.Insert(1, uint64_t(i) * 4096, MakeBlock("k", 1000)));
  EXPECT_EQ(cache.entries(), 10u);
  EXPECT_EQ(cache.stats().evictions, 0u);
  cache.Charge(3 * per);
  EXPECT_EQ(cache.charged_elsewhere(), 3 * per);
  EXPECT_EQ(cache.limit(), 7 * per);
  EXPECT_EQ(cache.entries(), 7u);
  EXPECT_EQ(cache.Lookup(1, 0), nullptr);  // the oldest went first
  cache.Charge(3 * per);                   // beyond the shared room: the cache keeps its own budget
  EXPECT_EQ(cache.limit(), 6 * per);
  EXPECT_EQ(cache.entries(), 6u);
  EXPECT_EQ(cache.charge(), 6 * per);
  for (int i = 10; i < 20; i++) cache.Release(cache.Insert(1, uint64_t(i) * 4096, MakeBlock("k", 1000)));
  EXPECT_EQ(cache.entries(), 6u);
  cache.Refund(6 * per);
  EXPECT_EQ(cache.charged_elsewhere(), 0u);
  for (int i = 20; i < 30; i++) cache.Release(cache.Insert(1, uint64_t(i) * 4096, MakeBlock("k", 1000)));
  EXPECT_EQ(cache.entries(), 10u);
  EXPECT_EQ(cache.stats().evictions, 3u + 1u + 10u + 6u);
}

// Without a budget to share (unbounded, or none), there is no shared room.
TEST(BlockCacheTest, SharedRoomNeedsABoundedBudget) {
  BlockCache unbounded(BlockCache::kUnbounded, std::chrono::milliseconds(0), 1 << 20);
  EXPECT_EQ(unbounded.shared(), 0u);
  EXPECT_EQ(unbounded.limit(), BlockCache::kUnbounded);
  unbounded.Charge(1 << 30);
  EXPECT_EQ(unbounded.limit(), BlockCache::kUnbounded);
  unbounded.Refund(1 << 30);
  BlockCache none(0, std::chrono::milliseconds(0), 1 << 20);
  EXPECT_EQ(none.shared(), 0u);
  EXPECT_EQ(none.limit(), 0u);
}

// A charge makes its room in every shard, not only in one.
TEST(BlockCacheTest, ChargeEvictsInEveryShard) {
  const uint64_t budget = 128ull << 20;  // 16 shards
  BlockCache cache(budget, std::chrono::milliseconds(0), budget);
  for (int i = 0; cache.charge() < 2 * budget - (1 << 20); i++) {
    cache.Release(cache.Insert(7, uint64_t(i) * 4096, MakeBlock("k", 60000)));
  }
  cache.Charge(budget / 2);
  EXPECT_LE(cache.charge(), budget + budget / 2);
  EXPECT_GT(cache.charge(), budget + budget / 2 - (1 << 20));
}

// Charges come a page at a time, each making room for itself: they take
// their turns over the shards, so that each shard gives up its unused
// blocks and keeps its used ones, rather than the first shards giving up
// everything.
TEST(BlockCacheTest, SmallChargesKeepTheUsedBlocksOfEveryShard) {
  const uint64_t budget = 64ull << 20;  // 8 shards
  BlockCache cache(budget, std::chrono::milliseconds(0), budget);
  int n = 0;
  for (; cache.charge() < 2 * budget - (1 << 20); n++) {
    cache.Release(cache.Insert(7, uint64_t(n) * 4096, MakeBlock("k", 60000)));
  }
  for (int i = 0; i < n; i += 10) cache.Release(cache.Lookup(7, uint64_t(i) * 4096));  // used: every 10th
  const uint64_t evictions = cache.stats().evictions;
  for (int c = 0; c < 512; c++) cache.Charge(64 << 10);  // a quarter of the cache, a page at a time
  EXPECT_GT(cache.stats().evictions - evictions, static_cast<uint64_t>(n) / 5);
  int kept = 0;
  for (int i = 0; i < n; i += 10) {
    BlockCache::Handle* h = cache.Lookup(7, uint64_t(i) * 4096);
    if (h != nullptr) {
      kept++;
      cache.Release(h);
    }
  }
  EXPECT_EQ(kept, (n + 9) / 10);
}

TEST(BlockCacheTest, SlotsFollowTheCachedHandle) {
  const uint64_t per = MakeBlock("s", 980)->MemoryUsage() + BlockCache::kEntryOverhead;
  BlockCache cache(per * 2 + 10, std::chrono::milliseconds(0));
  BlockCache::Handle* slots[3] = {nullptr, nullptr, nullptr};
  cache.Release(cache.Insert(5, 0, MakeBlock("s0", 980), &slots[0]));
  ASSERT_NE(slots[0], nullptr);
  BlockCache::Handle* h = cache.Lookup(5, 0, &slots[0]);
  ASSERT_EQ(h, slots[0]);
  EXPECT_EQ(KeyOf(h), "s0");
  cache.Release(h);
  // The hash table finds slot-inserted blocks too.
  h = cache.Lookup(5, 0);
  ASSERT_NE(h, nullptr);
  cache.Release(h);
  cache.Release(cache.Insert(5, 1, MakeBlock("s1", 980), &slots[1]));
  // Block 0 was used (second chance), so block 1 is evicted for block 2.
  cache.Release(cache.Insert(5, 2, MakeBlock("s2", 980), &slots[2]));
  EXPECT_EQ(slots[1], nullptr);
  EXPECT_EQ(cache.Lookup(5, 1, &slots[1]), nullptr);
  ASSERT_NE(slots[0], nullptr);
  ASSERT_NE(slots[2], nullptr);
  cache.EraseId(5);
  EXPECT_EQ(slots[0], nullptr);
  EXPECT_EQ(slots[2], nullptr);
  EXPECT_EQ(cache.entries(), 0u);
}

// A block inserted without a slot (cached as its part was written) is linked to its reader's slot by Adopt; from
// then on the slot follows it (an Erase clears it). Adopt of a block not cached links nothing.
TEST(BlockCacheTest, AdoptLinksABlockInsertedWithoutASlot) {
  BlockCache cache(1 << 20, std::chrono::milliseconds(0));
  cache.Release(cache.Insert(7, 0, MakeBlock("a0", 100)));
  cache.Release(cache.Insert(7, 1, MakeBlock("a1", 100)));
  BlockCache::Handle* slots[3] = {nullptr, nullptr, nullptr};
  BlockCache::Handle* h = cache.Adopt(7, 0, &slots[0]);
  ASSERT_NE(h, nullptr);
  EXPECT_EQ(slots[0], h);
  EXPECT_EQ(KeyOf(h), "a0");
  cache.Release(h);
  EXPECT_EQ(cache.Adopt(7, 2, &slots[2]), nullptr);
  EXPECT_EQ(slots[2], nullptr);
  h = cache.Lookup(7, 0, &slots[0]);
  ASSERT_NE(h, nullptr);
  EXPECT_EQ(KeyOf(h), "a0");
  cache.Release(h);
  const uint64_t misses = cache.stats().misses;
  cache.Erase(7, 0);
  EXPECT_EQ(slots[0], nullptr);
  EXPECT_EQ(cache.Lookup(7, 0, &slots[0]), nullptr);
  EXPECT_EQ(cache.stats().misses, misses + 1);
  EXPECT_EQ(cache.entries(), 1u);
  cache.Erase(7, 5);  // not cached: nothing happens
  EXPECT_EQ(cache.entries(), 1u);
}

TEST(BlockCacheTest, ConcurrentUse) {
  BlockCache cache(2 << 20, std::chrono::milliseconds(1));
  std::atomic<bool> bad{false};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; t++) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 20000; i++) {
        uint64_t off = (i * 7 + t) % 300;
        std::string tag = testing::Cat("k", off);
        BlockCache::Handle* h = cache.Lookup(1, off);
        if (h == nullptr) h = cache.Insert(1, off, MakeBlock(tag, 10000));
        if (KeyOf(h) != tag) bad = true;
        cache.Release(h);
        if (t == 0 && i % 1000 == 0) cache.EvictExpired();
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_FALSE(bad);
  EXPECT_LE(cache.charge(), cache.budget());
}

}  // namespace zt
