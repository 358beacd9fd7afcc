// PagePool: pages of kPageSize bytes shared by every thread of the process:
// the decompressed blocks of the block cache and the blocks of memtable
// arenas. A page freed by any thread is reused by the next allocation on
// any thread; beyond max_free_pages, freed pages go back to the system.
//
// Why not malloc: glibc keeps a freed chunk in the arena of the thread that
// allocated it, and gives memory back to the system only from an arena's
// top. Blocks that merge threads load into the cache, then freed when
// readers' blocks evict them (or the other way round), left each thread's
// arena holding memory that only that thread reuses: at 1M profiles (2
// cores, same-run A/B), a cache warmed by the merge threads peaked at
// 486-546 MiB against 464-469 without warming. Mapping each block on its
// own (mmap) returned every freed block, but left the memtables' freed
// memory in malloc's arenas, unusable for blocks: 481-487 against 465-471
// MiB with no warming at all. One pool for both, with warming: 455-466
// against 463-466 MiB, and 316-321 against 424-455 MiB after the run's
// last phase. Mapping page by page made the first read phase 8-10% slower
// (a fault per 4 KiB as the cache filled): hence chunks, faulted in at
// once; a smaller free limit (16 MiB) unmapped more and gained nothing.
#ifndef ZT_UTIL_PAGE_POOL_H_
#define ZT_UTIL_PAGE_POOL_H_

#include <cstddef>
#include <mutex>
#include <vector>

namespace zt {

class PagePool {
 public:
  static constexpr size_t kPageSize = 64 * 1024;
  // Pages are mapped this many at a time (2 MiB); a page is unmapped on its
  // own.
  static constexpr size_t kChunkPages = 32;

  explicit PagePool(size_t max_free_pages) : max_free_(max_free_pages) { free_.reserve(max_free_ + kChunkPages); }
  ~PagePool();  // unmaps the free pages (pages in use must be freed first)
  PagePool(const PagePool&) = delete;
  PagePool& operator=(const PagePool&) = delete;

  // A page of kPageSize bytes, page aligned. Throws std::bad_alloc when the
  // system has no memory (as new[] does).
  char* Allocate();
  // Returns a page from Allocate to the pool (or to the system).
  void Free(char* page);

  // Pages mapped and not unmapped (in use or free), and free ones.
  size_t mapped_pages() const;
  size_t free_pages() const;

  // The process's pool: max_free_pages 1024 (64 MiB). Never destroyed, so
  // that pages freed during exit still have a pool.
  static PagePool& Default();

 private:
  const size_t max_free_;
  mutable std::mutex mu_;
  std::vector<char*> free_;
  size_t mapped_ = 0;
};

}  // namespace zt

#endif  // ZT_UTIL_PAGE_POOL_H_
