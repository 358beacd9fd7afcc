// An immutable decompressed data block, validated once when parsed so that
// every accessor afterwards is bounds-safe without further checks.
#ifndef ZT_TABLE_BLOCK_H_
#define ZT_TABLE_BLOCK_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "table/format.h"
#include "util/buffer.h"
#include "util/coding.h"
#include "util/page_pool.h"
#include "util/prefetch.h"
#include "util/status.h"

namespace zt {

class Block {
 public:
  // Takes ownership of data[0, size), a block whose values of at most
  // inline_value_max bytes are in the key section (its part's limit, from
  // the footer). On a malformed block returns Corruption with a message
  // describing the defect (no file context).
  static Status Parse(Buffer data, size_t size, uint32_t inline_value_max, std::unique_ptr<Block>* out);

  Block(const Block&) = delete;
  Block& operator=(const Block&) = delete;
  Block(Block&&) noexcept = default;  // the entry pointers move with data_
  Block() = default;                  // an empty block (no entries)

  uint32_t num_entries() const { return num_entries_; }
  // Bytes of the decompressed block.
  size_t size() const { return size_; }
  // Bytes this block holds in memory: its buffer (a whole page when the
  // buffer is a pool page, see util/buffer.h) and the entry positions
  // derived from it (what a cache charges for it).
  size_t MemoryUsage() const {
    const PagePool* pool = data_.get_deleter().pool();
    const size_t data = pool != nullptr ? pool->page_size() : size_;
    return data + sizeof(uint32_t) * PositionCount(num_entries_, values_apart());
  }
  // End of the key section (entry headers, keys and short values occupy
  // [0, entries_end()) back to back; longer values are elsewhere).
  uint32_t entries_end() const { return static_cast<uint32_t>(keys_end_ - data_.get()); }
  // Asks the CPU to fetch bytes [begin, end) of the block (at most
  // max_lines cache lines), so a following scan does not wait per entry.
  // The lines are hinted as wanted by this scan only: a point lookup's
  // bracket, kilobytes that are seldom read again soon, would otherwise
  // push the lookups' index arrays out of the last-level cache (measured:
  // zt_segment_bench GetScale, profile-like 1M, 928 -> 801 ns, medians of 4).
  void PrefetchRange(uint32_t begin, uint32_t end, uint32_t max_lines) const {
    PrefetchRange(data_.get(), begin, end, max_lines);
  }
  // The same for a block whose bytes were at `data` when last seen (a hint:
  // the block may be gone, and prefetches never fault).
  static void PrefetchRange(const char* data, uint32_t begin, uint32_t end, uint32_t max_lines) {
    PrefetchLines<Reuse::kOnce>(data + begin, data + end, max_lines);
  }
  // The decompressed bytes.
  const char* data() const { return data_.get(); }

  struct Entry {
    std::string_view key;
    std::string_view value;
    EntryKind kind;
  };

  // REQUIRES: i < num_entries().
  std::string_view KeyAt(uint32_t i) const {
    Header h;
    const char* key = DecodeHeader(data_.get() + OffsetOf(i), &h);
    return std::string_view(key, h.klen);
  }
  Entry EntryAt(uint32_t i) const {
    Header h;
    const char* key = DecodeHeader(data_.get() + OffsetOf(i), &h);
    // Only a value past the inline limit has (and needs) a value offset.
    const char* value = h.vlen <= inline_value_max_ ? key + h.klen : values_ + ValueOffsetOf(i);
    return Entry{std::string_view(key, h.klen), std::string_view(value, h.vlen), h.kind};
  }

  // Byte offset of entry i in the key section. REQUIRES: i < num_entries().
  uint32_t OffsetOf(uint32_t i) const { return positions_[i]; }

  // Walks entries first, first+1, ... (at most count, stopping past target)
  // reading them sequentially from `offset` (== OffsetOf(first)), which is
  // cheaper than a binary search for short ranges. Returns the index of the
  // entry equal to target (and sets *entry), or -1. Keys are compared by
  // their windows at `lcp` (see key_window.h) with window ==
  // KeyWindow(target, lcp); the bytes only on a tie.
  // REQUIRES: first + count <= num_entries(); target and every key of the
  // range share their first lcp bytes (a block's keys share its directory
  // entry's block_lcp; 0 always does).
  int64_t ScanFor(std::string_view target, uint32_t lcp, uint64_t window, uint32_t offset, uint32_t first,
                  uint32_t count, Entry* entry) const;

  // The same walk for a Seek: the index of the first entry of the range
  // whose key is >= target, or first + count if there is none. REQUIRES: as
  // ScanFor's.
  uint32_t LowerBoundFrom(std::string_view target, uint32_t lcp, uint64_t window, uint32_t offset, uint32_t first,
                          uint32_t count) const;

  // Index of the entry equal to target within [lo, hi) (and *entry), or -1.
  // For short ranges it first prefetches every entry of the range, so the
  // binary search waits for one round of memory loads, not one per step.
  int64_t FindInRange(std::string_view target, uint32_t lo, uint32_t hi, Entry* entry) const;

  // First index in [lo, hi) whose key is >= target; hi if none.
  // REQUIRES: lo <= hi <= num_entries().
  uint32_t LowerBound(std::string_view target, uint32_t lo, uint32_t hi) const;

 private:
  struct Header {
    uint32_t klen, vlen;
    EntryKind kind;
  };
  // Decodes the header of the entry at p (an entry's start: its header was
  // checked by Parse, and lies inside the key section); returns the key.
  static const char* DecodeHeader(const char* p, Header* h) {
    p = DecodeTrustedVarint32(p, &h->klen);
    p = DecodeTrustedVarint32(p, &h->vlen);
    h->kind = static_cast<EntryKind>(*p);
    return p + 1;
  }
  // Where the walk of ScanFor and LowerBoundFrom stopped: at the i-th entry
  // of the range (count if none), the first whose key is >= target (equal
  // tells which), with that entry's header and key, after `skipped` bytes
  // of the value section (the values of the entries walked past).
  struct WalkStop {
    uint32_t i;
    bool equal;
    Header header;
    const char* key;
    uint32_t skipped;
  };
  WalkStop WalkTo(std::string_view target, uint32_t lcp, uint64_t window, uint32_t offset, uint32_t count) const;
  // True if some value is in the value section.
  bool values_apart() const { return values_ != data_.get() + size_ - 8; }
  // Entries of positions_: key offsets, and value offsets if values_apart.
  static size_t PositionCount(uint32_t n, bool values_apart) { return size_t{n} * (values_apart ? 2 : 1); }
  // Bytes of the value section before entry i's value.
  // REQUIRES: values_apart().
  uint32_t ValueOffsetOf(uint32_t i) const { return positions_[size_t{num_entries_} + i]; }
  // Bytes of the value stored right after the key: all or nothing.
  uint32_t InlineBytes(const Header& h) const { return h.vlen <= inline_value_max_ ? h.vlen : 0; }

  Block(Buffer data, size_t size, uint32_t n, uint32_t key_section, uint32_t inline_value_max,
        std::unique_ptr<uint32_t[]> positions);

  Buffer data_;
  size_t size_ = 0;
  uint32_t num_entries_ = 0;
  // Derived by Parse: each entry's offset in the key section, then, in a
  // block with a value section, the bytes of that section before each
  // entry's value.
  std::unique_ptr<uint32_t[]> positions_;
  uint32_t inline_value_max_ = 0;
  const char* keys_end_ = nullptr;  // end of the key section
  const char* values_ = nullptr;    // value section (== keys_end_)
};

}  // namespace zt

#endif  // ZT_TABLE_BLOCK_H_
