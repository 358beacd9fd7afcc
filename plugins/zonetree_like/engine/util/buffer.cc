#include "util/buffer.h"

// ASAN_(UN)POISON_MEMORY_REGION: no-ops unless built with AddressSanitizer.
#include <sanitizer/asan_interface.h>

#include "util/page_pool.h"

namespace zt {

void BufferDeleter::operator()(char* p) const {
  if (p == nullptr) return;
  if (pool_ != nullptr) {
    ASAN_UNPOISON_MEMORY_REGION(p, pool_->page_size());  // its next user may write anywhere in it
    pool_->Free(p);
  } else {
    delete[] p;
  }
}

Buffer NewBuffer(size_t size) {
  if (PagePool* pool = PagePool::ForSize(size)) {
    char* page = pool->Allocate();
    // The bytes past `size` are not the buffer's: AddressSanitizer reports an access to them as new[]'s would.
    ASAN_POISON_MEMORY_REGION(page + size, pool->page_size() - size);
    return Buffer(page, BufferDeleter(pool));
  }
  return Buffer(new char[size == 0 ? 1 : size], BufferDeleter());
}

}  // namespace zt
