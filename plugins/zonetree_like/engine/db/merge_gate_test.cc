#include "db/merge_gate.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

#include "db/engine.h"
#include "db/testutil.h"

namespace zt {
namespace {

using namespace std::chrono_literals;

// Waits up to 10 s for flag; true if it was set.
bool WaitFor(const std::atomic<bool>& flag) {
  for (int i = 0; i < 10'000 && !flag.load(); ++i) std::this_thread::sleep_for(1ms);
  return flag.load();
}

TEST(MergeGateTest, OneSlotAdmitsTheNextMergeOnlyWhenTheFirstLeaves) {
  MergeGate gate(1);
  auto first = std::make_unique<MergeGate::Pass>(&gate);
  std::atomic<bool> entered{false};
  std::thread second([&] {
    MergeGate::Pass pass(&gate);
    entered = true;
  });
  std::this_thread::sleep_for(50ms);
  EXPECT_FALSE(entered.load());  // fails if the gate lets two in
  first.reset();
  EXPECT_TRUE(WaitFor(entered));
  second.join();
  EXPECT_EQ(gate.waits(), 1u);
}

TEST(MergeGateTest, LiftingTheLimitAdmitsAWaitingMerge) {
  MergeGate gate(1);
  MergeGate::Pass first(&gate);
  std::atomic<bool> entered{false};
  std::thread second([&] {
    MergeGate::Pass pass(&gate);
    entered = true;
  });
  std::this_thread::sleep_for(20ms);
  EXPECT_FALSE(entered.load());
  gate.SetSlots(0);
  EXPECT_TRUE(WaitFor(entered));  // while the first still holds its pass
  second.join();
  gate.SetSlots(1);
  EXPECT_EQ(gate.slots(), 1u);
}

TEST(MergeGateTest, TwoSlotsAdmitTwoAtOnce) {
  MergeGate gate(2);
  MergeGate::Pass first(&gate);
  std::atomic<bool> entered{false};
  std::atomic<bool> release{false};
  std::thread second([&] {
    MergeGate::Pass pass(&gate);
    entered = true;
    while (!release.load()) std::this_thread::sleep_for(1ms);
  });
  EXPECT_TRUE(WaitFor(entered));
  release = true;
  second.join();
  EXPECT_EQ(gate.waits(), 0u);
}

TEST(MergeGateTest, ZeroSlotsAndNoGateNeverWait) {
  MergeGate gate(0);
  MergeGate::Pass a(&gate), b(&gate), c(&gate);
  MergeGate::Pass none(nullptr);
  EXPECT_EQ(gate.waits(), 0u);
}

TEST(MergeGateTest, NeverMoreThanItsSlotsUnderContention) {
  for (uint32_t slots : {1u, 3u}) {
    MergeGate gate(slots);
    std::atomic<int> inside{0}, most{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t) {
      threads.emplace_back([&] {
        for (int i = 0; i < 50; ++i) {
          MergeGate::Pass pass(&gate);
          int now = ++inside;
          int seen = most.load();
          while (now > seen && !most.compare_exchange_weak(seen, now)) {
          }
          std::this_thread::sleep_for(100us);
          --inside;
        }
      });
    }
    for (auto& t : threads) t.join();
    EXPECT_LE(most.load(), static_cast<int>(slots)) << slots;
    EXPECT_GT(gate.waits(), 0u) << slots;
  }
}

// The default leaves the writers a core: one slot on one or two CPUs, then
// one less than the CPUs; an engine's default options take it.
TEST(MergeGateTest, DefaultSlotsAreOneLessThanTheCpus) {
  EXPECT_EQ(MergeSlotsForCpus(0), 1u);  // unknown count
  EXPECT_EQ(MergeSlotsForCpus(1), 1u);
  EXPECT_EQ(MergeSlotsForCpus(2), 1u);
  EXPECT_EQ(MergeSlotsForCpus(3), 2u);
  EXPECT_EQ(MergeSlotsForCpus(16), 15u);
  const uint32_t slots = DefaultMergeSlots();
  EXPECT_GE(slots, 1u);
  EXPECT_LT(slots, std::max(2u, std::thread::hardware_concurrency()));
  EXPECT_EQ(Options().max_concurrent_merges, slots);
}

// An engine whose stores may merge one at a time still stabilizes them all
// (no store waits forever for the gate) and reports the gate in its stats.
TEST(MergeGateTest, EngineWithOneMergeSlotStabilizesEveryStore) {
  test::TempDir dir;
  Options o = test::SmallOptions(WalMode::kAsyncCompressed);
  o.max_concurrent_merges = 1;
  std::unique_ptr<Engine> engine;
  ASSERT_TRUE(Engine::Open(dir.path(), o, &engine).ok());
  std::vector<Tree*> trees(4);
  for (size_t t = 0; t < trees.size(); ++t) {
    ASSERT_TRUE(engine->OpenTree("store" + std::to_string(t), &trees[t]).ok());
  }
  for (int i = 0; i < 3000; ++i) {
    for (Tree* t : trees) ASSERT_TRUE(t->Put(test::Key(i), test::Key(i)).ok());
  }
  ASSERT_TRUE(engine->Stabilize().ok());
  for (Tree* t : trees) {
    Tree::Layout l = t->GetLayout();
    EXPECT_EQ(l.frozen, 0u);
    EXPECT_EQ(l.mutable_records, 0u);
    EXPECT_EQ(l.disk_entries, 3000u);
  }
  const std::string stats = engine->StatsJson();
  EXPECT_NE(stats.find("\"merge_gate\":{\"slots\":1,"), std::string::npos) << stats;
  ASSERT_TRUE(engine->Close().ok());
}

}  // namespace
}  // namespace zt
