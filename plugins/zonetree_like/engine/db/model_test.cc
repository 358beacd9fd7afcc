// Randomized model test: random put/delete/get/seek/scan, freeze, merge,
// stabilize and close/reopen (switching WAL modes), checked against std::map
// after every step. Replay a failure with ZT_MODEL_SEED=<seed>; make it
// longer with ZT_MODEL_STEPS=<n>.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <map>
#include <random>
#include <string>

#include "db/testutil.h"
#include "db/tree.h"

namespace zt {
namespace {

uint64_t EnvOr(const char* name, uint64_t fallback) {
  const char* v = std::getenv(name);
  return v != nullptr ? std::strtoull(v, nullptr, 10) : fallback;
}

class ModelRun {
 public:
  explicit ModelRun(uint64_t seed) : rng_(seed) {}

  void Run(uint64_t steps) {
    OpenTree();
    if (::testing::Test::HasFatalFailure()) return;
    for (step_ = 0; step_ < steps; ++step_) {
      Step();
      if (::testing::Test::HasFailure()) return;
      CheckAll();
      if (::testing::Test::HasFailure()) return;
    }
    ASSERT_TRUE(tree_->Stabilize().ok());
    CheckAll();
    ASSERT_TRUE(tree_->Close().ok());
  }

 private:
  std::string RandomKey() {
    // A small key space so that overwrites and deletes hit live keys; a few
    // very short and longer keys to exercise comparisons.
    uint64_t i = rng_() % 400;
    if (i < 3) return std::string(i, 'k');
    return test::Key(i) + std::string(rng_() % 3, 'x');
  }

  void OpenTree() {
    Options o = test::SmallOptions();
    WalMode modes[] = {WalMode::kNone, WalMode::kSync, WalMode::kSyncCompressed, WalMode::kAsyncCompressed};
    o.wal_mode = modes[rng_() % 4];
    o.mutable_segment_max_item_count = 20 + rng_() % 80;
    o.disk_segment_max_item_count = 150 + rng_() % 300;
    o.table.part_max_entries = 30 + rng_() % 60;
    o.table.part_min_entries = 10 + rng_() % 20;
    o.table.sparse_array_step = static_cast<uint32_t>(rng_() % 5);
    o.table.iterator_prefetch = static_cast<uint32_t>(1 + rng_() % 8);
    o.block_cache_bytes = (rng_() % 2) * 16 * 1024;
    cache_ = std::make_shared<BlockCache>(o.block_cache_bytes, o.block_cache_lifetime);
    Status s = Tree::Open(dir_.Sub("tree"), o, cache_, &stats_, nullptr, &tree_);
    ASSERT_TRUE(s.ok()) << "step " << step_ << ": " << s.ToString();
  }

  void Step() {
    uint32_t op = rng_() % 1000;
    if (op < 550) {
      std::string k = RandomKey();
      std::string v = test::Value(rng_() % 1000, step_, 1 + rng_() % 60);
      ASSERT_TRUE(tree_->Put(k, v).ok());
      model_[k] = v;
    } else if (op < 700) {
      std::string k = RandomKey();
      ASSERT_TRUE(tree_->Delete(k).ok());
      model_.erase(k);
    } else if (op < 820) {
      std::string k = RandomKey();
      std::string v;
      Status s = tree_->Get(k, &v);
      auto it = model_.find(k);
      if (it == model_.end()) {
        ASSERT_TRUE(s.IsNotFound()) << "get " << k << ": " << s.ToString();
      } else {
        ASSERT_TRUE(s.ok()) << "get " << k << ": " << s.ToString();
        ASSERT_EQ(v, it->second) << "get " << k;
      }
    } else if (op < 920) {
      // Seek and walk a few entries.
      std::string k = RandomKey();
      auto it = tree_->NewIterator();
      it->Seek(k);
      auto m = model_.lower_bound(k);
      for (int i = 0; i < 10; ++i, ++m) {
        if (m == model_.end()) {
          ASSERT_FALSE(it->Valid()) << "seek " << k;
          break;
        }
        ASSERT_TRUE(it->Valid()) << "seek " << k;
        ASSERT_EQ(it->key(), m->first);
        ASSERT_EQ(it->value(), m->second);
        it->Next();
      }
      ASSERT_TRUE(it->status().ok());
    } else if (op < 950) {
      ASSERT_TRUE(tree_->Freeze().ok());
    } else if (op < 970) {
      ASSERT_TRUE(tree_->WaitForMerges().ok());
    } else if (op < 985) {
      ASSERT_TRUE(tree_->Stabilize().ok());
      ASSERT_EQ(tree_->GetLayout().frozen, 0u);
    } else {
      ASSERT_TRUE(tree_->Close().ok());
      tree_.reset();
      OpenTree();
    }
  }

  void CheckAll() {
    auto it = tree_->NewIterator();
    it->SeekToFirst();
    for (const auto& [k, v] : model_) {
      ASSERT_TRUE(it->Valid()) << "missing " << k;
      ASSERT_EQ(it->key(), k);
      ASSERT_EQ(it->value(), v) << k;
      it->Next();
    }
    ASSERT_FALSE(it->Valid()) << "extra key " << it->key();
    ASSERT_TRUE(it->status().ok()) << it->status().ToString();
  }

  std::mt19937_64 rng_;
  uint64_t step_ = 0;
  test::TempDir dir_;
  EngineStats stats_;
  std::shared_ptr<BlockCache> cache_;
  std::unique_ptr<Tree> tree_;
  std::map<std::string, std::string> model_;
};

TEST(ModelTest, RandomOperationsMatchStdMap) {
  uint64_t seed =
      EnvOr("ZT_MODEL_SEED", static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()));
  uint64_t steps = EnvOr("ZT_MODEL_STEPS", 3000);
  SCOPED_TRACE("replay with ZT_MODEL_SEED=" + std::to_string(seed));
  std::printf("zt_model_test: seed %llu, %llu steps\n", static_cast<unsigned long long>(seed),
              static_cast<unsigned long long>(steps));
  ModelRun run(seed);
  run.Run(steps);
}

}  // namespace
}  // namespace zt
