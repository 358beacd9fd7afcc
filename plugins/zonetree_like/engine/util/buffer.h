// Buffer: memory for blocks that may live long in a cache shared by threads
// (a decompressed block, a memtable arena's block). One of more than 2 KiB
// and at most 64 KiB is a page of the process's PagePool of the smallest
// page size that holds it (PagePool::ForSize), whichever thread frees it
// (see page_pool.h for why); others come from new[].
#ifndef ZT_UTIL_BUFFER_H_
#define ZT_UTIL_BUFFER_H_

#include <cstddef>
#include <memory>

namespace zt {

class PagePool;

class BufferDeleter {
 public:
  BufferDeleter() = default;
  explicit BufferDeleter(PagePool* pool) : pool_(pool) {}
  void operator()(char* p) const;
  bool pooled() const { return pool_ != nullptr; }
  // The pool whose page the buffer is, or null (new[]).
  PagePool* pool() const { return pool_; }

 private:
  PagePool* pool_ = nullptr;
};

using Buffer = std::unique_ptr<char[], BufferDeleter>;

// A buffer of at least `size` bytes (1 when size is 0), never null (throws
// std::bad_alloc as new[] does).
Buffer NewBuffer(size_t size);

}  // namespace zt

#endif  // ZT_UTIL_BUFFER_H_
