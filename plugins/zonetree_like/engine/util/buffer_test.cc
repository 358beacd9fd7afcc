#include "util/buffer.h"

#include <gtest/gtest.h>

#include <cstring>

#include "util/page_pool.h"

namespace zt {
namespace {

// Every size holds its bytes; a buffer of more than 2 KiB and at most 64 KiB is a page of the process's pool of
// the smallest page size that holds it (freed back to that pool), others come from new[].
TEST(BufferTest, PageSizedBuffersComeFromThePoolThatFitsThem) {
  constexpr size_t kPage = PagePool::kPageSize;
  constexpr size_t kMin = PagePool::kMinPageSize;
  for (size_t size : {size_t{0}, size_t{1}, kMin / 2, kMin / 2 + 1, kMin, kMin + 1, size_t{9000}, kPage / 2,
                      kPage / 2 + 1, kPage, kPage + 1, size_t{1} << 20}) {
    Buffer b = NewBuffer(size);
    ASSERT_NE(b.get(), nullptr);
    std::memset(b.get(), 0x5a, size);
    for (size_t i = 0; i < size; i += 4093) EXPECT_EQ(b[i], 0x5a);
    const bool pooled = size > kMin / 2 && size <= kPage;
    ASSERT_EQ(b.get_deleter().pooled(), pooled) << size;
    if (!pooled) continue;
    const size_t page = b.get_deleter().pool()->page_size();
    EXPECT_GE(page, size) << size;
    EXPECT_TRUE(page == kMin || size > page / 2) << size << " in a page of " << page;
    EXPECT_EQ(reinterpret_cast<uintptr_t>(b.get()) % page, 0u) << size;
  }
  EXPECT_EQ(PagePool::ForSize(kPage), &PagePool::Default());
  for (size_t size : {kMin, size_t{4097}, size_t{20000}}) {
    PagePool* pool = PagePool::ForSize(size);
    ASSERT_NE(pool, nullptr);
    Buffer page = NewBuffer(size);
    char* const address = page.get();
    const size_t free_before = pool->free_pages();
    page.reset();
    EXPECT_EQ(pool->free_pages(), free_before + 1) << size;
    EXPECT_EQ(NewBuffer(size).get(), address) << size;  // the page freed last is handed out next
  }
}

#if defined(__SANITIZE_ADDRESS__)
// Under AddressSanitizer, a pooled buffer's bytes past its size are poisoned like those past a new[] array.
TEST(BufferDeathTest, ReadPastAPooledBufferIsReported) {
  Buffer b = NewBuffer(PagePool::kPageSize - 100);
  ASSERT_TRUE(b.get_deleter().pooled());
  volatile char* past = b.get() + PagePool::kPageSize - 100;
  EXPECT_DEATH((void)*past, "use-after-poison");
}
#endif

}  // namespace
}  // namespace zt
