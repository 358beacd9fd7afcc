#include "util/buffer.h"

// ASAN_(UN)POISON_MEMORY_REGION: no-ops unless built with AddressSanitizer.
#include <sanitizer/asan_interface.h>

#include "util/page_pool.h"

namespace zt {

void BufferDeleter::operator()(char* p) const {
  if (p == nullptr) return;
  if (pooled_) {
    ASAN_UNPOISON_MEMORY_REGION(p, PagePool::kPageSize);  // its next user may write anywhere in it
    PagePool::Default().Free(p);
  } else {
    delete[] p;
  }
}

Buffer NewBuffer(size_t size) {
  if (size > PagePool::kPageSize / 2 && size <= PagePool::kPageSize) {
    char* page = PagePool::Default().Allocate();
    // The bytes past `size` are not the buffer's: AddressSanitizer reports an access to them as new[]'s would.
    ASAN_POISON_MEMORY_REGION(page + size, PagePool::kPageSize - size);
    return Buffer(page, BufferDeleter(true));
  }
  return Buffer(new char[size == 0 ? 1 : size], BufferDeleter());
}

}  // namespace zt
