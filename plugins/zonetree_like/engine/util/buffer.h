// Buffer: memory for blocks that may live long in a cache shared by threads
// (a decompressed block, a memtable arena's block). One of more than half a
// page and at most a page (PagePool::kPageSize) is a page of the process's
// PagePool, whichever thread frees it (see page_pool.h for why); others come
// from new[].
#ifndef ZT_UTIL_BUFFER_H_
#define ZT_UTIL_BUFFER_H_

#include <cstddef>
#include <memory>

namespace zt {

class BufferDeleter {
 public:
  BufferDeleter() = default;
  explicit BufferDeleter(bool pooled) : pooled_(pooled) {}
  void operator()(char* p) const;
  bool pooled() const { return pooled_; }

 private:
  bool pooled_ = false;  // a PagePool::Default() page, else new[]
};

using Buffer = std::unique_ptr<char[], BufferDeleter>;

// A buffer of at least `size` bytes (1 when size is 0), never null (throws
// std::bad_alloc as new[] does).
Buffer NewBuffer(size_t size);

}  // namespace zt

#endif  // ZT_UTIL_BUFFER_H_
