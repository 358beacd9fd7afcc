#include "record_arena.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>

namespace kvbench::memory {

namespace {

constexpr size_t RoundUp(size_t n, size_t to) { return (n + to - 1) / to * to; }

}  // namespace

RecordArena::~RecordArena() { Clear(); }

char* RecordArena::Carve(size_t size) {
  if (static_cast<size_t>(limit_ - cursor_) < size) {
    // 2 MB alignment lets the kernel back chunks with huge pages: fewer TLB misses on random reads.
    void* chunk = std::aligned_alloc(2 << 20, kChunkSize);
    if (chunk == nullptr) throw std::bad_alloc();
    ::madvise(chunk, kChunkSize, MADV_HUGEPAGE);
    chunks_.push_back(static_cast<char*>(chunk));
    cursor_ = static_cast<char*>(chunk);
    limit_ = cursor_ + kChunkSize;
    bytes_reserved_ += kChunkSize;
  }
  char* p = cursor_;
  cursor_ += size;
  return p;
}

Record* RecordArena::New(std::string_view key, std::string_view value) {
  const size_t used = sizeof(Record) + key.size() + value.size();
  // About 1/8 spare (at least one alignment unit) for a value that grows.
  const size_t size = RoundUp(used + used / 8 + 1, kAlign);
  void* mem;
  if (size <= kMaxChunked) {
    void*& head = free_lists_[size / kAlign];
    if (head != nullptr) {
      mem = head;
      std::memcpy(&head, mem, sizeof(void*));
    } else {
      mem = Carve(size);
    }
  } else {
    mem = ::operator new(size);
    large_.insert(mem);
  }
  auto* r = static_cast<Record*>(mem);
  r->key_size = static_cast<uint32_t>(key.size());
  r->value_size = static_cast<uint32_t>(value.size());
  r->alloc_size = static_cast<uint32_t>(size);
  r->value_capacity = static_cast<uint32_t>(size - sizeof(Record) - key.size());
  std::memcpy(r->bytes(), key.data(), key.size());
  if (!value.empty()) std::memcpy(r->bytes() + key.size(), value.data(), value.size());
  return r;
}

void RecordArena::Free(Record* record) {
  const size_t size = record->alloc_size;
  if (size > kMaxChunked) {
    large_.erase(record);
    ::operator delete(record);
    return;
  }
  void*& head = free_lists_[size / kAlign];
  std::memcpy(record, &head, sizeof(void*));
  head = record;
}

void RecordArena::Clear() {
  for (void* r : large_) ::operator delete(r);
  large_.clear();
  for (char* c : chunks_) std::free(c);
  chunks_.clear();
  cursor_ = limit_ = nullptr;
  std::fill(free_lists_.begin(), free_lists_.end(), nullptr);
  bytes_reserved_ = 0;
}

}  // namespace kvbench::memory
