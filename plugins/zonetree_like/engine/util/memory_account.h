// MemoryAccount: what an allocator charges the memory it holds to, so that
// the other users of a shared room make way for it. The block cache is one
// (BlockCache::Charge evicts blocks for the memtables' arenas, see
// Options::block_cache_shared_bytes): what the writes take, the cache gives
// up, and what they give back, the cache may use again.
#ifndef ZT_UTIL_MEMORY_ACCOUNT_H_
#define ZT_UTIL_MEMORY_ACCOUNT_H_

#include <cstddef>

namespace zt {

class MemoryAccount {
 public:
  // Called on the allocating thread, once per block of memory (not per
  // allocation), and may take a lock. Every Charge is refunded in full.
  virtual void Charge(size_t bytes) = 0;
  virtual void Refund(size_t bytes) = 0;

 protected:
  ~MemoryAccount() = default;
};

}  // namespace zt

#endif  // ZT_UTIL_MEMORY_ACCOUNT_H_
