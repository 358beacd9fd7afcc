// Bump allocator: many small allocations freed all at once. Not thread-safe,
// except MemoryUsage() which may be read concurrently. With an account, the
// blocks it takes are charged to it, and refunded when the arena dies.
#ifndef ZT_UTIL_ARENA_H_
#define ZT_UTIL_ARENA_H_

#include <atomic>
#include <cstddef>
#include <memory>
#include <vector>

#include "util/buffer.h"
#include "util/memory_account.h"
#include "util/page_pool.h"

namespace zt {

class Arena {
 public:
  explicit Arena(size_t block_size = PagePool::kPageSize, std::shared_ptr<MemoryAccount> account = nullptr);
  ~Arena();
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;

  // REQUIRES: bytes > 0.
  char* Allocate(size_t bytes) {
    if (bytes <= remaining_) {
      char* result = ptr_;
      ptr_ += bytes;
      remaining_ -= bytes;
      return result;
    }
    return AllocateFallback(bytes);
  }
  // Aligned to alignof(std::max_align_t).
  char* AllocateAligned(size_t bytes);

  // Bytes reserved from the system (blocks plus bookkeeping).
  size_t MemoryUsage() const { return memory_usage_.load(std::memory_order_relaxed); }

 private:
  char* AllocateFallback(size_t bytes);
  char* NewBlock(size_t bytes);

  size_t block_size_;
  char* ptr_ = nullptr;
  size_t remaining_ = 0;
  std::vector<Buffer> blocks_;  // a block of PagePool::kPageSize is a pool page
  std::atomic<size_t> memory_usage_{0};
  std::shared_ptr<MemoryAccount> account_;  // may be null
};

}  // namespace zt

#endif  // ZT_UTIL_ARENA_H_
