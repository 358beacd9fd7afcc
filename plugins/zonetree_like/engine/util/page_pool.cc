#include "util/page_pool.h"

#include <sys/mman.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <new>

namespace zt {

namespace {

constexpr size_t kSmallPage = 4096;

}  // namespace

PagePool::~PagePool() {
  for (auto& [base, chunk] : chunks_) ::munmap(chunk->base, chunk_bytes_);
}

char* PagePool::MapChunk() const {
  // Twice the size, then the unaligned ends cut off: mmap aligns only to
  // 4 KiB; Free finds a page's chunk by its alignment, and a huge page
  // needs a 2 MiB aligned range.
  const size_t bytes = chunk_bytes_;
  void* raw = ::mmap(nullptr, 2 * bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) throw std::bad_alloc();
  const uintptr_t start = reinterpret_cast<uintptr_t>(raw);
  const uintptr_t aligned = (start + bytes - 1) & ~uintptr_t{bytes - 1};
  char* const chunk = reinterpret_cast<char*>(aligned);
  if (aligned > start) ::munmap(raw, aligned - start);
  if (aligned - start < bytes) ::munmap(chunk + bytes, bytes - (aligned - start));
  // Best effort: without transparent huge pages (or with them off) the
  // chunk is ordinary pages. A chunk smaller than a huge page is never one.
  if (huge_pages() && bytes >= kChunkBytes) (void)::madvise(chunk, bytes, MADV_HUGEPAGE);
  // Faulted in now, in one call, rather than a fault at a time by whichever
  // thread touches it first. Kernels before 5.14 lack MADV_POPULATE_WRITE:
  // then a write per small page does it.
  if (::madvise(chunk, bytes, MADV_POPULATE_WRITE) != 0) {
    for (size_t off = 0; off < bytes; off += kSmallPage) chunk[off] = 0;
  }
  return chunk;
}

void PagePool::File(Chunk* c) {
  const auto n = static_cast<uint32_t>(std::popcount(c->free_mask));
  if (n == 0) return;
  c->slot = static_cast<uint32_t>(by_free_[n].size());
  by_free_[n].push_back(c);
}

void PagePool::Unfile(Chunk* c, uint32_t count) {
  if (count == 0) return;
  std::vector<Chunk*>& list = by_free_[count];
  list.back()->slot = c->slot;
  list[c->slot] = list.back();
  list.pop_back();
}

void PagePool::Refile(Chunk* c, uint32_t from) {
  Unfile(c, from);
  File(c);
}

char* PagePool::Allocate() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    // From the fullest chunk that has a free page: the emptier chunks then
    // drain, and return to the system whole.
    for (uint32_t n = 1; n <= kChunkPages; n++) {
      if (by_free_[n].empty()) continue;
      Chunk* c = by_free_[n].back();
      const int i = std::countr_zero(c->free_mask);
      c->free_mask &= c->free_mask - 1;
      Refile(c, n);
      free_--;
      return c->base + static_cast<size_t>(i) * page_size_;
    }
  }
  char* const base = MapChunk();
  auto chunk = std::make_unique<Chunk>();
  chunk->base = base;
  chunk->free_mask = ~uint32_t{1};  // page 0 is the caller's
  std::lock_guard<std::mutex> lock(mu_);
  File(chunk.get());
  free_ += kChunkPages - 1;
  chunks_.emplace(reinterpret_cast<uintptr_t>(base), std::move(chunk));
  return base;
}

void PagePool::Free(char* page) {
  const uintptr_t addr = reinterpret_cast<uintptr_t>(page);
  const uintptr_t base = addr & ~uintptr_t{chunk_bytes_ - 1};
  char* unmap = nullptr;
  {
    std::lock_guard<std::mutex> lock(mu_);
    Chunk* c = chunks_.at(base).get();
    const uint32_t before = static_cast<uint32_t>(std::popcount(c->free_mask));
    const uint32_t bit = uint32_t{1} << ((addr - base) / page_size_);
    assert((c->free_mask & bit) == 0 && "page freed twice");
    c->free_mask |= bit;
    Refile(c, before);
    free_++;
    if (free_ > max_free_ && !by_free_[kChunkPages].empty()) {
      // Over the limit: a wholly free chunk goes (this one, or one that
      // emptied earlier while the pool was under it).
      Chunk* whole = by_free_[kChunkPages].back();
      Unfile(whole, kChunkPages);
      free_ -= kChunkPages;
      unmap = whole->base;
      chunks_.erase(reinterpret_cast<uintptr_t>(unmap));
    }
  }
  if (unmap != nullptr) ::munmap(unmap, chunk_bytes_);
}

size_t PagePool::mapped_pages() const {
  std::lock_guard<std::mutex> lock(mu_);
  return chunks_.size() * kChunkPages;
}

size_t PagePool::free_pages() const {
  std::lock_guard<std::mutex> lock(mu_);
  return free_;
}

namespace {

// The process's pools by page size: 4, 8, 16, 32 KiB, then the default
// pool's 64 KiB. Never destroyed (see Default).
constexpr size_t kPoolCount = 5;
static_assert(PagePool::kMinPageSize << (kPoolCount - 1) == PagePool::kPageSize);

const std::array<PagePool*, kPoolCount>& Pools() {
  static const std::array<PagePool*, kPoolCount> pools = [] {
    std::array<PagePool*, kPoolCount> p{};
    for (size_t i = 0; i + 1 < kPoolCount; i++) {
      const size_t page = PagePool::kMinPageSize << i;
      p[i] = new PagePool((size_t{4} << 20) / page, page);
    }
    p[kPoolCount - 1] = new PagePool(1024);
    return p;
  }();
  return pools;
}

}  // namespace

PagePool& PagePool::Default() { return *Pools()[kPoolCount - 1]; }

PagePool* PagePool::ForSize(size_t size) {
  if (size <= kMinPageSize / 2 || size > kPageSize) return nullptr;
  const size_t page = std::bit_ceil(std::max(size, kMinPageSize));
  return Pools()[static_cast<size_t>(std::countr_zero(page / kMinPageSize))];
}

size_t PagePool::AllMappedBytes() {
  size_t total = 0;
  for (const PagePool* pool : Pools()) total += pool->mapped_pages() * pool->page_size();
  return total;
}

size_t PagePool::AllFreeBytes() {
  size_t total = 0;
  for (const PagePool* pool : Pools()) total += pool->free_pages() * pool->page_size();
  return total;
}

}  // namespace zt
