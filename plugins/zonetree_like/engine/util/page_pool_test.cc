#include "util/page_pool.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <set>
#include <thread>
#include <vector>

namespace zt {
namespace {

// Pages are whole, aligned and distinct, mapped a chunk at a time; a freed page is the next one handed out.
TEST(PagePoolTest, MapsChunksAndReusesFreedPages) {
  constexpr size_t kChunk = PagePool::kChunkPages;
  PagePool pool(kChunk * 4);
  std::vector<char*> pages;
  for (size_t i = 0; i < kChunk + 1; ++i) {
    char* p = pool.Allocate();
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 4096, 0u);
    std::memset(p, static_cast<int>(i), PagePool::kPageSize);
    pages.push_back(p);
  }
  EXPECT_EQ(std::set<char*>(pages.begin(), pages.end()).size(), kChunk + 1);
  EXPECT_EQ(pool.mapped_pages(), 2 * kChunk);  // the second chunk's first page is in use
  EXPECT_EQ(pool.free_pages(), kChunk - 1);
  for (size_t i = 0; i < pages.size(); ++i) EXPECT_EQ(pages[i][PagePool::kPageSize - 1], static_cast<char>(i));

  pool.Free(pages[3]);
  EXPECT_EQ(pool.free_pages(), kChunk);
  EXPECT_EQ(pool.Allocate(), pages[3]);  // reused, nothing mapped anew
  EXPECT_EQ(pool.mapped_pages(), 2 * kChunk);
  for (char* p : pages) pool.Free(p);
  EXPECT_EQ(pool.free_pages(), 2 * kChunk);
}

// Beyond max_free_pages a freed page is unmapped.
TEST(PagePoolTest, UnmapsFreedPagesBeyondTheLimit) {
  PagePool pool(2);
  char* p = pool.Allocate();
  EXPECT_EQ(pool.mapped_pages(), PagePool::kChunkPages);
  EXPECT_EQ(pool.free_pages(), PagePool::kChunkPages - 1);  // a fresh chunk's pages, over the limit already
  pool.Free(p);
  EXPECT_EQ(pool.free_pages(), PagePool::kChunkPages - 1);
  EXPECT_EQ(pool.mapped_pages(), PagePool::kChunkPages - 1);
}

// A page allocated on one thread and freed on another is reused by a third.
TEST(PagePoolTest, PagesMoveBetweenThreads) {
  PagePool pool(2 * PagePool::kChunkPages);
  char* page = nullptr;
  std::thread([&] { page = pool.Allocate(); }).join();
  std::thread([&] { pool.Free(page); }).join();
  char* again = nullptr;
  std::thread([&] { again = pool.Allocate(); }).join();
  EXPECT_EQ(again, page);
  pool.Free(again);
}

}  // namespace
}  // namespace zt
