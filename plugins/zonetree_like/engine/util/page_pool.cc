#include "util/page_pool.h"

#include <sys/mman.h>

#include <new>

namespace zt {

PagePool::~PagePool() {
  for (char* p : free_) ::munmap(p, kPageSize);
}

char* PagePool::Allocate() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (!free_.empty()) {
      char* p = free_.back();
      free_.pop_back();
      return p;
    }
  }
  // A chunk of pages at once, faulted in by the call (MAP_POPULATE): one
  // system call instead of one per page and one page fault per 4 KiB.
  constexpr size_t kChunkBytes = kChunkPages * kPageSize;
  void* chunk = ::mmap(nullptr, kChunkBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
  if (chunk == MAP_FAILED) throw std::bad_alloc();
  char* const first = static_cast<char*>(chunk);
  std::lock_guard<std::mutex> lock(mu_);
  mapped_ += kChunkPages;
  for (size_t i = kChunkPages - 1; i >= 1; i--) free_.push_back(first + i * kPageSize);
  return first;
}

void PagePool::Free(char* page) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (free_.size() < max_free_) {
      free_.push_back(page);
      return;
    }
    mapped_--;
  }
  ::munmap(page, kPageSize);
}

size_t PagePool::mapped_pages() const {
  std::lock_guard<std::mutex> lock(mu_);
  return mapped_;
}

size_t PagePool::free_pages() const {
  std::lock_guard<std::mutex> lock(mu_);
  return free_.size();
}

PagePool& PagePool::Default() {
  static PagePool* pool = new PagePool(1024);
  return *pool;
}

}  // namespace zt
