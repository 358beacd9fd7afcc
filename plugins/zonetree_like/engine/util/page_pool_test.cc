#include "util/page_pool.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <set>
#include <string>
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

// Beyond max_free_pages, free pages go back to the system as whole chunks:
// a chunk with a page in use stays, however far over the limit.
TEST(PagePoolTest, UnmapsWholeChunksBeyondTheLimit) {
  PagePool pool(0);
  char* a = pool.Allocate();
  char* b = pool.Allocate();
  EXPECT_EQ(pool.mapped_pages(), PagePool::kChunkPages);
  EXPECT_EQ(pool.free_pages(), PagePool::kChunkPages - 2);  // a fresh chunk's pages, over the limit already
  pool.Free(a);
  EXPECT_EQ(pool.mapped_pages(), PagePool::kChunkPages);  // b is in use
  EXPECT_EQ(pool.free_pages(), PagePool::kChunkPages - 1);
  pool.Free(b);
  EXPECT_EQ(pool.mapped_pages(), 0u);
  EXPECT_EQ(pool.free_pages(), 0u);

  // Under the limit, a wholly free chunk is kept for the next allocation.
  PagePool keeping(PagePool::kChunkPages);
  char* c = keeping.Allocate();
  keeping.Free(c);
  EXPECT_EQ(keeping.mapped_pages(), PagePool::kChunkPages);
  EXPECT_EQ(keeping.Allocate(), c);
  keeping.Free(c);
}

// Chunks are aligned to their size (a huge page can back each one), and a
// page comes from the fullest chunk that has one free, so that emptier
// chunks drain.
TEST(PagePoolTest, ChunksAreAlignedAndTheFullestIsUsedFirst) {
  constexpr size_t kChunk = PagePool::kChunkPages;
  PagePool pool(4 * kChunk);
  std::vector<char*> pages;
  for (size_t i = 0; i < kChunk + 1; ++i) pages.push_back(pool.Allocate());
  EXPECT_EQ(reinterpret_cast<uintptr_t>(pages[0]) % PagePool::kChunkBytes, 0u);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(pages[kChunk]) % PagePool::kChunkBytes, 0u);
  // The first chunk has one free page, the second 31: the first gives it.
  pool.Free(pages[5]);
  EXPECT_EQ(pool.Allocate(), pages[5]);
  for (char* p : pages) pool.Free(p);
  EXPECT_EQ(pool.free_pages(), 2 * kChunk);
}

// Whether the mapping that holds addr is advised as huge pages (smaps shows
// the advice as its "hg" flag).
bool AdvisedHuge(const void* addr) {
  const auto a = reinterpret_cast<uintptr_t>(addr);
  std::ifstream smaps("/proc/self/smaps");
  std::string line;
  bool inside = false;
  while (std::getline(smaps, line)) {
    unsigned long lo, hi;
    if (std::sscanf(line.c_str(), "%lx-%lx ", &lo, &hi) == 2) {  // a mapping's first line
      inside = a >= lo && a < hi;
    } else if (inside && line.rfind("VmFlags:", 0) == 0) {
      return (line + " ").find(" hg ") != std::string::npos;
    }
  }
  ADD_FAILURE() << "no mapping holds " << addr;
  return false;
}

// Where the kernel has transparent huge pages, chunks are advised to use
// them, unless the pool was told not to.
TEST(PagePoolTest, ChunksAreAdvisedAsHugePagesUnlessTurnedOff) {
  if (access("/sys/kernel/mm/transparent_hugepage/enabled", F_OK) != 0) GTEST_SKIP() << "no transparent huge pages";
  PagePool pool(PagePool::kChunkPages);
  EXPECT_TRUE(pool.huge_pages());
  char* huge = pool.Allocate();
  EXPECT_TRUE(AdvisedHuge(huge));
  pool.SetHugePages(false);
  std::vector<char*> pages;
  for (size_t i = 0; i < PagePool::kChunkPages; ++i) pages.push_back(pool.Allocate());  // the next chunk's first
  EXPECT_FALSE(AdvisedHuge(pages.back()));
  EXPECT_TRUE(AdvisedHuge(huge));  // a chunk keeps what it was mapped with
  pool.Free(huge);
  for (char* p : pages) pool.Free(p);
}

// A pool of smaller pages: chunks of kChunkPages of them, aligned to the
// chunk's size, pages aligned to theirs and disjoint, never advised as huge
// pages (a chunk smaller than one cannot be).
TEST(PagePoolTest, SmallPagesComeInSmallerAlignedChunks) {
  constexpr size_t kPage = 4096;
  PagePool pool(4 * PagePool::kChunkPages, kPage);
  EXPECT_EQ(pool.page_size(), kPage);
  EXPECT_EQ(pool.chunk_bytes(), PagePool::kChunkPages * kPage);
  std::vector<char*> pages;
  for (size_t i = 0; i < PagePool::kChunkPages + 1; ++i) {
    pages.push_back(pool.Allocate());
    std::memset(pages.back(), static_cast<int>(i), kPage);
  }
  EXPECT_EQ(reinterpret_cast<uintptr_t>(pages[0]) % pool.chunk_bytes(), 0u);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(pages[PagePool::kChunkPages]) % pool.chunk_bytes(), 0u);
  for (size_t i = 0; i < pages.size(); ++i) {
    EXPECT_EQ(reinterpret_cast<uintptr_t>(pages[i]) % kPage, 0u);
    EXPECT_EQ(pages[i][kPage - 1], static_cast<char>(i));  // no page overlaps another
  }
  EXPECT_EQ(pool.mapped_pages(), 2 * PagePool::kChunkPages);
  pool.Free(pages[7]);
  EXPECT_EQ(pool.Allocate(), pages[7]);  // from the fuller chunk
  if (access("/sys/kernel/mm/transparent_hugepage/enabled", F_OK) == 0) {
    EXPECT_FALSE(AdvisedHuge(pages[0]));
  }
  for (char* p : pages) pool.Free(p);
  EXPECT_EQ(pool.free_pages(), 2 * PagePool::kChunkPages);
}

// The process's pools: the smallest page that holds a size with less than
// half of it left over; sizes of half the smallest page or less, and over
// the largest, have none.
TEST(PagePoolTest, ForSizePicksTheSmallestPageThatHoldsTheSize) {
  EXPECT_EQ(PagePool::ForSize(0), nullptr);
  EXPECT_EQ(PagePool::ForSize(PagePool::kMinPageSize / 2), nullptr);
  EXPECT_EQ(PagePool::ForSize(PagePool::kPageSize + 1), nullptr);
  EXPECT_EQ(PagePool::ForSize(PagePool::kMinPageSize / 2 + 1)->page_size(), PagePool::kMinPageSize);
  EXPECT_EQ(PagePool::ForSize(4096)->page_size(), 4096u);
  EXPECT_EQ(PagePool::ForSize(4097)->page_size(), 8192u);
  EXPECT_EQ(PagePool::ForSize(16384)->page_size(), 16384u);
  EXPECT_EQ(PagePool::ForSize(32769)->page_size(), PagePool::kPageSize);
  EXPECT_EQ(PagePool::ForSize(PagePool::kPageSize), &PagePool::Default());
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
