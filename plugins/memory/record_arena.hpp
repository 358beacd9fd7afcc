// Records (a key and its value in one allocation) and the arena they live in. Records are carved out of large
// chunks in the order they are written, so entries written one after another (a store filled in key order) sit
// next to each other in memory, and a freed record's space is reused by the next record of its size class.
// Not thread-safe (the memory plugin serialises data calls).
#ifndef KVBENCH_PLUGINS_MEMORY_RECORD_ARENA_HPP_
#define KVBENCH_PLUGINS_MEMORY_RECORD_ARENA_HPP_

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace kvbench::memory {

// Header followed by the key bytes, then the value bytes, then spare value capacity.
struct Record {
  uint32_t key_size;
  uint32_t value_size;
  uint32_t value_capacity;
  uint32_t alloc_size;  // bytes of the whole allocation (header included)

  char* bytes() { return reinterpret_cast<char*>(this + 1); }
  const char* bytes() const { return reinterpret_cast<const char*>(this + 1); }
  std::string_view key() const { return {bytes(), key_size}; }
  std::string_view value() const { return {bytes() + key_size, value_size}; }
};
static_assert(sizeof(Record) == 16);

class RecordArena {
 public:
  RecordArena() = default;
  ~RecordArena();
  RecordArena(const RecordArena&) = delete;
  RecordArena& operator=(const RecordArena&) = delete;

  // A record holding key and value, with some spare value capacity so that a value that grows a little (an
  // appended field) is rewritten in place.
  Record* New(std::string_view key, std::string_view value);
  void Free(Record* record);
  // Frees every record at once.
  void Clear();

  uint64_t bytes_reserved() const { return bytes_reserved_; }

 private:
  static constexpr size_t kAlign = 16;
  static constexpr size_t kChunkSize = 4 << 20;
  // Records up to this size come from chunks; larger ones are single heap allocations.
  static constexpr size_t kMaxChunked = 64 << 10;

  char* Carve(size_t size);

  std::vector<char*> chunks_;
  char* cursor_ = nullptr;
  char* limit_ = nullptr;
  // Free records by size class (alloc_size / kAlign), linked through their first bytes.
  std::vector<void*> free_lists_ = std::vector<void*>(kMaxChunked / kAlign + 1, nullptr);
  std::unordered_set<void*> large_;  // records above kMaxChunked, each its own heap allocation
  uint64_t bytes_reserved_ = 0;
};

}  // namespace kvbench::memory

#endif  // KVBENCH_PLUGINS_MEMORY_RECORD_ARENA_HPP_
