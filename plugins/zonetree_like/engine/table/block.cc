#include "table/block.h"

#include "table/key_window.h"

namespace zt {

Block::Block(Buffer data, size_t size, uint32_t n, uint32_t key_section, uint32_t inline_value_max,
             std::unique_ptr<uint32_t[]> positions)
    : data_(std::move(data)),
      size_(size),
      num_entries_(n),
      positions_(std::move(positions)),
      inline_value_max_(inline_value_max) {
  keys_end_ = data_.get() + key_section;
  values_ = keys_end_;
}

Status Block::Parse(Buffer data, size_t size, uint32_t inline_value_max, std::unique_ptr<Block>* out) {
  if (size < 8) return Status::Corruption("block too small");
  const char* base = data.get();
  uint32_t n = DecodeFixed32(base + size - 4);
  uint32_t key_section = DecodeFixed32(base + size - 8);
  if (n == 0) return Status::Corruption("empty block");
  // Every entry takes at least 3 bytes of the key section (two varints and
  // the kind).
  if (key_section > size - 8) return Status::Corruption("bad key section size");
  if (n > key_section / 3) return Status::Corruption("bad entry count");
  const char* keys_end = base + key_section;
  const uint64_t value_section = size - 8 - key_section;
  // Every header, key and value must lie inside its section, laid out back
  // to back in entry order; then accessors need no checks.
  const bool values_apart = value_section > 0;
  std::unique_ptr<uint32_t[]> positions(new uint32_t[PositionCount(n, values_apart)]);
  const char* p = base;
  uint64_t value_at = 0;
  for (uint32_t i = 0; i < n; i++) {
    if (p >= keys_end) return Status::Corruption("fewer entries than the count");
    positions[i] = static_cast<uint32_t>(p - base);
    if (values_apart) positions[size_t{n} + i] = static_cast<uint32_t>(value_at);
    uint32_t klen, vlen;
    p = GetVarint32Ptr(p, keys_end, &klen);
    if (p != nullptr) p = GetVarint32Ptr(p, keys_end, &vlen);
    if (p == nullptr || p >= keys_end) return Status::Corruption("truncated entry header");
    auto kind = static_cast<uint8_t>(*p);
    if (kind != static_cast<uint8_t>(EntryKind::kValue) && kind != static_cast<uint8_t>(EntryKind::kTombstone)) {
      return Status::Corruption("bad entry kind");
    }
    p++;
    if (klen > static_cast<uint64_t>(keys_end - p)) return Status::Corruption("key past end of key section");
    p += klen;
    if (vlen <= inline_value_max) {
      if (vlen > static_cast<uint64_t>(keys_end - p)) return Status::Corruption("value past end of key section");
      p += vlen;
    } else {
      if (vlen > value_section - value_at) return Status::Corruption("value past end of value section");
      value_at += vlen;
    }
  }
  if (p != keys_end || value_at != value_section) return Status::Corruption("trailing bytes in block");
  out->reset(new Block(std::move(data), size, n, key_section, inline_value_max, std::move(positions)));
  return Status::OK();
}

// In locals, not in the returned struct: the block's bytes are read as
// chars, which may alias it, so its fields would be stored and reloaded on
// every step.
inline Block::WalkStop Block::WalkTo(std::string_view target, uint32_t lcp, uint64_t window, uint32_t offset,
                                     uint32_t count) const {
  const char* p = data_.get() + offset;
  uint32_t skipped = 0;
  for (uint32_t i = 0; i < count; i++) {
    Header h;
    const char* key = DecodeHeader(p, &h);
    // One integer compare decides unless the windows tie (the match, or a
    // key sharing 8 more bytes with target). A key shorter than lcp is in
    // no block that agrees with its index; it is compared bytewise.
    uint64_t w;
    if (h.klen >= lcp && (w = LoadKeyWindow(key, h.klen, lcp)) != window) {
      if (w > window) return WalkStop{i, false, h, key, skipped};
    } else if (int c = std::string_view(key, h.klen).compare(target); c >= 0) {
      return WalkStop{i, c == 0, h, key, skipped};
    }
    const uint32_t inline_bytes = InlineBytes(h);
    skipped += h.vlen - inline_bytes;
    p = key + h.klen + inline_bytes;
  }
  return WalkStop{count, false, Header{}, nullptr, skipped};
}

int64_t Block::ScanFor(std::string_view target, uint32_t lcp, uint64_t window, uint32_t offset, uint32_t first,
                       uint32_t count, Entry* entry) const {
  // A short value is right after its key. One in the value section is at
  // first's offset there plus the lengths of the values walked past: one
  // positions_ load, issued now and consumed at the end, instead of a
  // dependent one after the match is known; a block with every value next
  // to its key has no such offsets.
  const uint32_t* first_value = values_apart() ? &positions_[size_t{num_entries_} + first] : nullptr;
  if (first_value != nullptr) __builtin_prefetch(first_value);
  const WalkStop stop = WalkTo(target, lcp, window, offset, count);
  if (!stop.equal) return -1;
  const Header& h = stop.header;
  const char* value = h.vlen <= inline_value_max_ ? stop.key + h.klen : values_ + *first_value + stop.skipped;
  *entry = Entry{std::string_view(stop.key, h.klen), std::string_view(value, h.vlen), h.kind};
  return int64_t{first} + stop.i;
}

uint32_t Block::LowerBoundFrom(std::string_view target, uint32_t lcp, uint64_t window, uint32_t offset, uint32_t first,
                               uint32_t count) const {
  return first + WalkTo(target, lcp, window, offset, count).i;
}

int64_t Block::FindInRange(std::string_view target, uint32_t lo, uint32_t hi, Entry* entry) const {
  constexpr uint32_t kPrefetchMax = 32;
  if (hi - lo <= kPrefetchMax) {
    const char* base = data_.get();
    for (uint32_t i = lo; i < hi; i++) {
      __builtin_prefetch(base + OffsetOf(i));
    }
  }
  uint32_t idx = LowerBound(target, lo, hi);
  if (idx == hi) return -1;
  Entry e = EntryAt(idx);
  if (e.key != target) return -1;
  *entry = e;
  return idx;
}

uint32_t Block::LowerBound(std::string_view target, uint32_t lo, uint32_t hi) const {
  uint32_t count = hi - lo;
  while (count > 0) {
    uint32_t step = count / 2;
    uint32_t mid = lo + step;
    if (KeyAt(mid) < target) {
      lo = mid + 1;
      count -= step + 1;
    } else {
      count = step;
    }
  }
  return lo;
}

}  // namespace zt
