#include "util/arena.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <random>
#include <vector>

namespace zt {

TEST(ArenaTest, ManyAllocationsKeepTheirBytes) {
  Arena arena(4096);
  std::mt19937 rng(301);
  std::vector<std::pair<char*, size_t>> allocs;
  size_t total = 0;
  for (int i = 0; i < 5000; i++) {
    size_t n = (i % 100 == 0) ? 3000 + rng() % 6000 : 1 + rng() % 50;
    char* p = (i % 3 == 0) ? arena.AllocateAligned(n) : arena.Allocate(n);
    if (i % 3 == 0) {
      EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % alignof(std::max_align_t), 0u);
    }
    std::memset(p, i & 0xff, n);
    allocs.emplace_back(p, n);
    total += n;
  }
  for (size_t i = 0; i < allocs.size(); i++) {
    for (size_t j = 0; j < allocs[i].second; j++) {
      ASSERT_EQ(static_cast<uint8_t>(allocs[i].first[j]), i & 0xff);
    }
  }
  EXPECT_GE(arena.MemoryUsage(), total);
  EXPECT_LE(arena.MemoryUsage(), total * 2 + 64 * 4096);
}

namespace {

class CountingAccount final : public MemoryAccount {
 public:
  void Charge(size_t bytes) override {
    charged += bytes;
    charges++;
  }
  void Refund(size_t bytes) override { refunded += bytes; }
  size_t charged = 0, charges = 0, refunded = 0;
};

}  // namespace

// An arena charges each block it takes (not each allocation) to its
// account, and refunds them all when it dies.
TEST(ArenaTest, ChargesItsBlocksToItsAccountUntilItDies) {
  auto account = std::make_shared<CountingAccount>();
  {
    Arena arena(4096, account);
    for (int i = 0; i < 1000; i++) arena.Allocate(100);
    arena.Allocate(10000);  // a block of its own
    EXPECT_EQ(account->charged, arena.MemoryUsage());
    EXPECT_GE(account->charges, 100000u / 4096);
    EXPECT_LE(account->charges, 100000u / 4096 + 2);
    EXPECT_EQ(account->refunded, 0u);
  }
  EXPECT_GT(account->charged, 110000u);
  EXPECT_EQ(account->refunded, account->charged);
}

}  // namespace zt
