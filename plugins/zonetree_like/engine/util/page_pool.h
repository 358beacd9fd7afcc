// PagePool: pages of one size shared by every thread of the process: the
// decompressed blocks of the block cache and the blocks of memtable arenas.
// A page freed by any thread is reused by the next allocation on any
// thread; free pages beyond max_free_pages go back to the system, a whole
// chunk (kChunkPages pages) at a time. The process has one pool per page
// size from 4 KiB to 64 KiB (ForSize): the default one (Default(), 64 KiB
// pages, 2 MiB chunks) for the arenas and large blocks, smaller ones for
// small blocks.
//
// Small blocks too: with 4 KiB blocks (CompressionBlockSize 4096) held in
// new[] memory, a 2M-profile run peaked at 654 MiB against 474 with 64 KiB
// blocks in pool pages, under the same 224 MiB cache budget: the merge
// threads cache what they write (CacheMergeOutput), the readers' misses
// evict it, and each freed block went back to its allocating thread's
// arena (below).
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
//
// Chunks are 2 MiB, aligned to 2 MiB and advised as transparent huge pages
// (MADV_HUGEPAGE, unless SetHugePages(false), the engine's HugePages
// setting; where the kernel has them, each chunk is one huge page): a
// random point read then finds its block's address translation in the TLB
// instead of walking page tables, a large part of its cost once the blocks
// outgrow the CPU caches. zt_segment_bench BM_GetScale (medians of 3),
// profile-like / email-like records: 1M 711 -> 599 / 557 -> 509 ns per
// Get, 100K 346 -> 320 / 259 -> 251 ns. 1M profiles on 2 cores, this pool
// against the previous one (4 KiB pages, unmapped page by page beyond the
// limit; 4 alternating runs, both in each run, medians): read by user
// id 980 -> 890 ms, lookup by email 1,576 -> 1,483, post-update read by
// user id 900 -> 837, post-update lookup by email 1,538 -> 1,385, pre-read
// stabilize 402 -> 348, post-update stabilize 765 -> 705, peak RSS
// 489-495 -> 484-489 MiB; but the insert phase 2,665 -> 2,936 ms (median):
// 3.2-3.4 s with 0.45-0.53 s more system time in
// both runs where the engine ran second in the kvbench run, 2.65 s where it
// ran first. Most likely this VM's doing: it hands freed guest memory back
// to its host (virtio-balloon free page reporting, of 2 MiB and larger free
// blocks, the ones huge pages come from), so a new huge page is often
// memory the host must fault in again. Completed phase time: a wash there
// (medians 50,936 -> 50,464 ms).
// A chunk is unmapped only whole, when all its pages are free: unmapping
// part of a huge page only splits it (the first form of this pool did, and
// the kernel's thp_split_pmd count rose), and a split page may stay
// allocated while the process's RSS no longer counts the unmapped part.
// Allocations take pages from the fullest chunks first, so that the
// emptiest drain and can be returned. Keeping wholly free chunks for 10 s
// before returning them (so that a read phase right after a stabilize
// reuses the memtables' memory instead of faulting in new huge pages) was
// measured and not kept: read by user id 868 -> 819 ms, lookup by email
// 1,415 -> 1,311, but peak RSS 488-495 -> 496-504 MiB (4 alternating runs),
// too close to RocksDB's 506 MiB on that workload.
#ifndef ZT_UTIL_PAGE_POOL_H_
#define ZT_UTIL_PAGE_POOL_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace zt {

class PagePool {
 public:
  // The default pool's page size.
  static constexpr size_t kPageSize = 64 * 1024;
  // The smallest page size of the process's pools (ForSize).
  static constexpr size_t kMinPageSize = 4 * 1024;
  // Pages are mapped, and unmapped, this many at a time (for the default
  // pool 2 MiB, one huge page).
  static constexpr size_t kChunkPages = 32;
  static constexpr size_t kChunkBytes = kChunkPages * kPageSize;

  // Free pages beyond max_free_pages go back to the system as soon as they
  // make up whole chunks. REQUIRES: page_size a power of two, at least
  // 4 KiB.
  explicit PagePool(size_t max_free_pages, size_t page_size = kPageSize)
      : page_size_(page_size), chunk_bytes_(kChunkPages * page_size), max_free_(max_free_pages) {}
  ~PagePool();  // unmaps every chunk (pages in use must be freed first)
  PagePool(const PagePool&) = delete;
  PagePool& operator=(const PagePool&) = delete;

  size_t page_size() const { return page_size_; }
  size_t chunk_bytes() const { return chunk_bytes_; }

  // A page of page_size() bytes, aligned to its size. Throws std::bad_alloc when the
  // system has no memory (as new[] does).
  char* Allocate();
  // Returns a page from Allocate to the pool (or, with its chunk, to the
  // system).
  void Free(char* page);

  // Whether chunks mapped from now on are advised as transparent huge pages
  // (true at first). Chunks already mapped keep what they were mapped with.
  void SetHugePages(bool on) { huge_pages_.store(on, std::memory_order_relaxed); }
  bool huge_pages() const { return huge_pages_.load(std::memory_order_relaxed); }

  // Pages mapped and not unmapped (in use or free), and free ones.
  size_t mapped_pages() const;
  size_t free_pages() const;

  // The process's pool of kPageSize pages: max_free_pages 1024 (64 MiB).
  // Never destroyed, so that pages freed during exit still have a pool.
  static PagePool& Default();
  // The process's pool whose pages hold `size` bytes with less than half of
  // the page left over (the smallest page size >= size, from kMinPageSize
  // to kPageSize), or null when no pool fits (size <= kMinPageSize / 2 or
  // > kPageSize). Each keeps up to 4 MiB of free pages (Default(), 64): the
  // small pools serve blocks only, which the cache replaces one for one.
  static PagePool* ForSize(size_t size);
  // Bytes mapped (in use or free), and free, in all of the process's pools.
  static size_t AllMappedBytes();
  static size_t AllFreeBytes();

 private:
  struct Chunk {
    char* base;
    uint32_t free_mask;  // bit i: page i is free
    static_assert(kChunkPages == 32, "free_mask has a bit per page");
    uint32_t slot;  // position in by_free_[popcount(free_mask)]
  };
  // Maps a new chunk (aligned, huge-page advised if huge_pages(), faulted
  // in).
  char* MapChunk() const;
  // Moves c between the by_free_ lists when its free count changes from
  // `from` pages. REQUIRES: mu_ held.
  void Refile(Chunk* c, uint32_t from);
  void Unfile(Chunk* c, uint32_t count);
  void File(Chunk* c);

  const size_t page_size_;
  const size_t chunk_bytes_;
  const size_t max_free_;
  std::atomic<bool> huge_pages_{true};
  mutable std::mutex mu_;
  std::unordered_map<uintptr_t, std::unique_ptr<Chunk>> chunks_;  // by base
  // by_free_[n]: the chunks with n free pages (n >= 1).
  std::vector<Chunk*> by_free_[kChunkPages + 1];
  size_t free_ = 0;
};

}  // namespace zt

#endif  // ZT_UTIL_PAGE_POOL_H_
