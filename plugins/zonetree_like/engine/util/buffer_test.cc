#include "util/buffer.h"

#include <gtest/gtest.h>

#include <cstring>

#include "util/page_pool.h"

namespace zt {
namespace {

// Every size holds its bytes; a buffer of more than half a page and at most a page is a page of the process's pool
// (freed back to it), others come from new[].
TEST(BufferTest, PageSizedBuffersComeFromThePool) {
  constexpr size_t kPage = PagePool::kPageSize;
  for (size_t size : {size_t{0}, size_t{1}, kPage / 2, kPage / 2 + 1, kPage, kPage + 1, size_t{1} << 20}) {
    Buffer b = NewBuffer(size);
    ASSERT_NE(b.get(), nullptr);
    std::memset(b.get(), 0x5a, size);
    for (size_t i = 0; i < size; i += 4093) EXPECT_EQ(b[i], 0x5a);
    EXPECT_EQ(b.get_deleter().pooled(), size > kPage / 2 && size <= kPage) << size;
  }
  PagePool& pool = PagePool::Default();
  Buffer page = NewBuffer(kPage);
  char* const address = page.get();
  const size_t free_before = pool.free_pages();
  page.reset();
  EXPECT_EQ(pool.free_pages(), free_before + 1);
  EXPECT_EQ(NewBuffer(kPage - 100).get(), address);  // the page freed last is handed out next
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
