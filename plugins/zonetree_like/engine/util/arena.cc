#include "util/arena.h"

#include <cstdint>
#include <utility>

namespace zt {

Arena::Arena(size_t block_size, std::shared_ptr<MemoryAccount> account)
    : block_size_(block_size), account_(std::move(account)) {}

Arena::~Arena() {
  blocks_.clear();  // the memory is free before the account hears of it
  if (account_ != nullptr) account_->Refund(MemoryUsage());
}

char* Arena::AllocateFallback(size_t bytes) {
  if (bytes > block_size_ / 4) {
    // Large objects get their own block so the current one is not wasted.
    return NewBlock(bytes);
  }
  ptr_ = NewBlock(block_size_);
  remaining_ = block_size_;
  char* result = ptr_;
  ptr_ += bytes;
  remaining_ -= bytes;
  return result;
}

char* Arena::AllocateAligned(size_t bytes) {
  constexpr size_t kAlign = alignof(std::max_align_t);
  size_t mod = reinterpret_cast<uintptr_t>(ptr_) & (kAlign - 1);
  size_t slop = mod == 0 ? 0 : kAlign - mod;
  size_t needed = bytes + slop;
  if (needed <= remaining_) {
    char* result = ptr_ + slop;
    ptr_ += needed;
    remaining_ -= needed;
    return result;
  }
  // New blocks come from operator new[], which is max_align_t aligned, or
  // are pool pages, which are page aligned.
  return AllocateFallback(bytes);
}

char* Arena::NewBlock(size_t bytes) {
  blocks_.push_back(NewBuffer(bytes));
  memory_usage_.fetch_add(bytes + sizeof(char*), std::memory_order_relaxed);
  if (account_ != nullptr) account_->Charge(bytes + sizeof(char*));
  return blocks_.back().get();
}

}  // namespace zt
