#include "db/engine.h"

#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "db/testutil.h"
#include "util/file.h"
#include "util/page_pool.h"

namespace zt {
namespace {

// Opens an engine in dir with the trees "alpha" and "beta".
void OpenWithTwoTrees(const std::string& dir, const Options& o, std::unique_ptr<Engine>* engine, Tree** a, Tree** b) {
  ASSERT_TRUE(Engine::Open(dir, o, engine).ok());
  ASSERT_TRUE((*engine)->OpenTree("alpha", a).ok());
  ASSERT_TRUE((*engine)->OpenTree("beta", b).ok());
}

TEST(EngineTest, NamedTreesInSubdirectoriesShareOneCache) {
  test::TempDir dir;
  Options o = test::SmallOptions(WalMode::kAsyncCompressed);
  o.block_cache_bytes = 1 << 20;
  std::unique_ptr<Engine> engine;
  Tree* a = nullptr;
  Tree* b = nullptr;
  ASSERT_NO_FATAL_FAILURE(OpenWithTwoTrees(dir.path(), o, &engine, &a, &b));
  Tree* again = nullptr;
  ASSERT_TRUE(engine->OpenTree("alpha", &again).ok());
  EXPECT_EQ(again, a);
  EXPECT_TRUE(engine->OpenTree("..", &again).IsInvalidArgument());
  EXPECT_TRUE(engine->OpenTree("a/b", &again).IsInvalidArgument());
  for (int i = 0; i < 1000; ++i) {
    ASSERT_TRUE(a->Put(test::Key(i), "a" + std::to_string(i)).ok());
    ASSERT_TRUE(b->Put(test::Key(i), "b" + std::to_string(i)).ok());
  }
  ASSERT_TRUE(engine->Stabilize().ok());
  EXPECT_TRUE(FileExists(dir.Sub("alpha/MANIFEST")));
  EXPECT_TRUE(FileExists(dir.Sub("beta/MANIFEST")));
  std::string v;
  ASSERT_TRUE(a->Get(test::Key(5), &v).ok());
  EXPECT_EQ(v, "a5");
  ASSERT_TRUE(b->Get(test::Key(5), &v).ok());
  EXPECT_EQ(v, "b5");
  EXPECT_GT(engine->block_cache()->charge(), 0u);
  EXPECT_LE(engine->block_cache()->charge(), o.block_cache_bytes);
  std::string stats = engine->StatsJson();
  EXPECT_NE(stats.find("\"merges\":"), std::string::npos) << stats;
  EXPECT_NE(stats.find("\"alpha\""), std::string::npos) << stats;
  const uint64_t inserts = engine->block_cache()->stats().inserts;
  EXPECT_GT(inserts, 0u);  // the two Gets loaded blocks into the cache
  EXPECT_NE(stats.find("\"inserts\":" + std::to_string(inserts)), std::string::npos) << stats;
  // The open memtables' arena blocks are pages of the process's pool.
  EXPECT_NE(stats.find("\"page_pool\":{\"mapped_bytes\":"), std::string::npos) << stats;
  EXPECT_GT(PagePool::Default().mapped_pages(), 0u);
  EXPECT_GT(engine->stats().BytesWritten(), 0u);
  ASSERT_TRUE(engine->Settle().ok());
  ASSERT_TRUE(engine->Close().ok());
  engine.reset();

  ASSERT_TRUE(Engine::Open(dir.path(), o, &engine).ok());
  ASSERT_TRUE(engine->OpenTree("beta", &b).ok());
  uint64_t n = 0;
  ASSERT_TRUE(b->Count(&n).ok());
  EXPECT_EQ(n, 1000u);
  ASSERT_TRUE(b->Get(test::Key(999), &v).ok());
  EXPECT_EQ(v, "b999");
}

// Options::block_cache_shared_bytes: the memtables' arenas are charged to
// the block cache for as long as they live; the cache grows into the room
// they leave, and gives it back (down to its own budget) as they fill it.
TEST(EngineTest, BlockCacheSharesRoomWithTheMemtables) {
  for (bool shared : {true, false}) {
    SCOPED_TRACE(shared);
    test::TempDir dir;
    Options o = test::SmallOptions(WalMode::kNone);
    o.block_cache_bytes = 1 << 20;
    o.block_cache_shared_bytes = shared ? 2 << 20 : 0;
    o.mutable_segment_max_item_count = 5000;
    std::unique_ptr<Engine> engine;
    Tree* a = nullptr;
    Tree* b = nullptr;
    ASSERT_NO_FATAL_FAILURE(OpenWithTwoTrees(dir.path(), o, &engine, &a, &b));
    const BlockCache& cache = *engine->block_cache();
    for (int i = 0; i < 4000; ++i) {
      ASSERT_TRUE(a->Put(test::Key(i), test::Value(i, 0, 200)).ok());
      ASSERT_TRUE(b->Put(test::Key(i), test::Value(i, 0, 100)).ok());
    }
    const size_t memtables = a->MemTableMemory() + b->MemTableMemory();
    EXPECT_GT(memtables, size_t{1} << 20);  // 4000 records of ~200 and ~100 bytes, not merged yet
    EXPECT_EQ(cache.charged_elsewhere(), shared ? memtables : 0u);
    ASSERT_TRUE(engine->Stabilize().ok());  // merges both: those memtables die
    EXPECT_EQ(cache.charged_elsewhere(), shared ? a->MemTableMemory() + b->MemTableMemory() : 0u);
    EXPECT_LT(cache.charged_elsewhere(), size_t{1} << 20);
    std::string v;
    for (int i = 0; i < 4000; ++i) {  // alpha's blocks: more than the cache's own budget
      ASSERT_TRUE(a->Get(test::Key(i), &v).ok());
      ASSERT_EQ(v, test::Value(i, 0, 200));
    }
    EXPECT_LE(cache.charge(), cache.limit());
    if (shared) {
      EXPECT_GT(cache.charge(), o.block_cache_bytes);  // in the room the memtables left
    } else {
      EXPECT_LE(cache.charge(), o.block_cache_bytes);
    }
    // Writes take the room back: the cache gives up blocks, down to its own budget.
    const uint64_t cached = cache.charge();
    for (int i = 0; i < 4000; ++i) ASSERT_TRUE(b->Put(test::Key(i), test::Value(i, 1, 600)).ok());
    if (shared) {
      ASSERT_GE(cache.charged_elsewhere(), o.block_cache_shared_bytes);
      EXPECT_EQ(cache.limit(), o.block_cache_bytes);
      EXPECT_LE(cache.charge(), o.block_cache_bytes);
      EXPECT_GT(cache.charge(), o.block_cache_bytes / 2);
    } else {
      EXPECT_EQ(cache.charge(), cached);
    }
    std::string stats = engine->StatsJson();
    EXPECT_NE(stats.find("\"charged_elsewhere\":" + std::to_string(cache.charged_elsewhere())), std::string::npos)
        << stats;
    ASSERT_TRUE(engine->Close().ok());
  }
}

TEST(EngineTest, CacheCleanerDropsExpiredBlocks) {
  test::TempDir dir;
  Options o = test::SmallOptions(WalMode::kSync);
  o.block_cache_bytes = 1 << 20;
  o.block_cache_lifetime = std::chrono::milliseconds(30);
  o.cache_cleaner_interval = std::chrono::milliseconds(10);
  std::unique_ptr<Engine> engine;
  ASSERT_TRUE(Engine::Open(dir.path(), o, &engine).ok());
  Tree* t = nullptr;
  ASSERT_TRUE(engine->OpenTree("t", &t).ok());
  for (int i = 0; i < 500; ++i) ASSERT_TRUE(t->Put(test::Key(i), "v").ok());
  ASSERT_TRUE(engine->Stabilize().ok());
  std::string v;
  for (int i = 0; i < 500; ++i) ASSERT_TRUE(t->Get(test::Key(i), &v).ok());
  EXPECT_GT(engine->block_cache()->charge(), 0u);
  for (int i = 0; i < 200 && engine->block_cache()->charge() > 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(engine->block_cache()->charge(), 0u);
}

// Writers on two trees (two on the same tree), readers doing gets and
// iterators while freezes and merges swap layers. Run under ThreadSanitizer
// (build with -DKVBENCH_SANITIZE=thread) to check the data calls' safety.
TEST(EngineTest, ConcurrentDataCalls) {
  test::TempDir dir;
  Options o = test::SmallOptions(WalMode::kAsyncCompressed);
  o.mutable_segment_max_item_count = 500;
  o.block_cache_bytes = 256 * 1024;
  std::unique_ptr<Engine> engine;
  ASSERT_TRUE(Engine::Open(dir.path(), o, &engine).ok());
  Tree* trees[2];
  ASSERT_TRUE(engine->OpenTree("one", &trees[0]).ok());
  ASSERT_TRUE(engine->OpenTree("two", &trees[1]).ok());
  constexpr int kPerWriter = 3000;
  std::atomic<int> progress[3] = {0, 0, 0};
  std::atomic<bool> done{false};
  std::atomic<int> errors{0};
  auto key = [](int writer, int i) { return test::Key(i) + "w" + std::to_string(writer); };
  auto value = [](int writer, int i) { return test::Value(i, writer, 30); };
  std::vector<std::thread> threads;
  for (int w = 0; w < 3; ++w) {
    threads.emplace_back([&, w] {
      Tree* t = trees[w == 2 ? 1 : 0 + (w == 1)];
      for (int i = 0; i < kPerWriter; ++i) {
        if (!t->Put(key(w, i), value(w, i)).ok()) ++errors;
        if (i % 10 == 5 && !t->Delete(key(w, i - 5)).ok()) ++errors;
        progress[w].store(i + 1, std::memory_order_release);
      }
    });
  }
  for (int r = 0; r < 2; ++r) {
    threads.emplace_back([&, r] {
      uint32_t x = 12345u + static_cast<uint32_t>(r);
      while (!done.load(std::memory_order_acquire)) {
        x = x * 1103515245u + 12345u;
        int w = static_cast<int>(x % 3);
        Tree* t = trees[w == 2 ? 1 : 0 + (w == 1)];
        int n = progress[w].load(std::memory_order_acquire);
        if (n < 10) continue;
        int i = static_cast<int>((x >> 8) % static_cast<uint32_t>(n - 6));
        std::string v;
        Status s = t->Get(key(w, i), &v);
        bool deleted = i % 10 == 0;
        if (deleted ? !s.IsNotFound() : !(s.ok() && v == value(w, i))) ++errors;
        auto it = t->NewIterator();
        int steps = 0;
        std::string prev;
        for (it->Seek(key(w, i)); it->Valid() && steps < 20; it->Next(), ++steps) {
          std::string k(it->key());
          if (!prev.empty() && k <= prev) ++errors;
          prev = k;
        }
        if (!it->status().ok()) ++errors;
      }
    });
  }
  for (int w = 0; w < 3; ++w) threads[static_cast<size_t>(w)].join();
  done = true;
  for (size_t i = 3; i < threads.size(); ++i) threads[i].join();
  EXPECT_EQ(errors.load(), 0);
  ASSERT_TRUE(engine->Stabilize().ok());
  uint64_t n = 0;
  ASSERT_TRUE(trees[1]->Count(&n).ok());
  EXPECT_EQ(n, 2u * kPerWriter - 2u * (kPerWriter / 10));
  EXPECT_GT(engine->stats().merges.load(), 2u);
}

}  // namespace
}  // namespace zt
