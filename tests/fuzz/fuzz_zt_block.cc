// zonetree_like's table layer on arbitrary bytes. The first input byte picks
// the entry point:
//   even: the rest is a decompressed data block, given to Block::Parse
//         with the default inline value limit (bit 1 clear) or none, as in
//         format version 2 (bit 1 set);
//   odd:  the rest is a part file "<dir>/1.seg", read by ReadPartMeta and
//         opened as a one-part Segment, then scanned, and every key found is
//         looked up. Bit 1: fix the checksums first (zt_fixups.h); bits 2-3:
//         the sparse array step (16, none, 3, 1: the file's own or a
//         rebuild); bits 4-5: iterator prefetch; bits 6, 7: key and value
//         caches on.
// Every status must be OK or Corruption (NotFound for a lookup); a block
// that parses must only hand out keys and values inside its own bytes, equal
// to the input there; a segment must agree with itself (a scan and point
// lookups return the same entries).
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "fuzz_check.h"
#include "table/block.h"
#include "table/block_cache.h"
#include "table/key_window.h"
#include "table/part.h"
#include "table/segment.h"
#include "table/segment_iterator.h"
#include "zt_fixups.h"

namespace {

using zt::Block;
using zt::EntryKind;
using zt::Status;

bool Within(std::string_view piece, const char* base, size_t size) {
  if (piece.empty()) return true;
  const char* b = piece.data();
  return b >= base && b <= base + size && piece.size() <= static_cast<size_t>(base + size - b);
}

void CheckBlockEntry(const Block& block, uint32_t i, const char* base, const uint8_t* input, size_t size) {
  Block::Entry e = block.EntryAt(i);
  FUZZ_CHECK(Within(e.key, base, size), "key outside the block");
  FUZZ_CHECK(Within(e.value, base, size), "value outside the block");
  FUZZ_CHECK(e.kind == EntryKind::kValue || e.kind == EntryKind::kTombstone, "bad kind");
  // The block owns a copy of the input: each piece must equal the input at
  // the same offset (nothing invented, nothing read from elsewhere).
  if (!e.key.empty()) {
    FUZZ_CHECK(std::memcmp(e.key.data(), input + (e.key.data() - base), e.key.size()) == 0, "key differs from input");
  }
  if (!e.value.empty()) {
    FUZZ_CHECK(std::memcmp(e.value.data(), input + (e.value.data() - base), e.value.size()) == 0,
               "value differs from input");
  }
  FUZZ_CHECK(block.KeyAt(i) == e.key, "KeyAt disagrees with EntryAt");
  FUZZ_CHECK(block.OffsetOf(i) < block.entries_end(), "entry offset past the key section");
}

void FuzzBlock(uint8_t mode, const uint8_t* data, size_t size) {
  zt::Buffer buf = zt::NewBuffer(size);
  if (size > 0) std::memcpy(buf.get(), data, size);
  const char* base = buf.get();
  std::unique_ptr<Block> block;
  const uint32_t inline_value_max = (mode & 2) ? 0 : zt::kDefaultInlineValueMax;
  Status s = Block::Parse(std::move(buf), size, inline_value_max, &block);
  if (!s.ok()) {
    FUZZ_CHECK(s.IsCorruption(), s.ToString());
    return;
  }
  FUZZ_CHECK(block != nullptr && block->num_entries() > 0, "parsed an empty block");
  FUZZ_CHECK(block->size() == size, "block size");
  const uint32_t n = block->num_entries();
  for (uint32_t i = 0; i < n; i++) CheckBlockEntry(*block, i, base, data, size);
  // Searches never leave their range, whatever the key order.
  for (uint32_t i = 0; i < n; i++) {
    std::string_view key = block->KeyAt(i);
    uint32_t lb = block->LowerBound(key, 0, n);
    FUZZ_CHECK(lb <= n, "LowerBound out of range");
    Block::Entry e;
    int64_t found = block->FindInRange(key, 0, n, &e);
    FUZZ_CHECK(found < 0 || (found < n && e.key == key && block->KeyAt(static_cast<uint32_t>(found)) == key),
               "FindInRange result");
    // Windows at a prefix length the keys need not share: wrong answers are
    // allowed then, reads outside the block are not.
    const auto lcp = static_cast<uint32_t>(std::min<size_t>(key.size(), i % 11));
    const uint64_t window = zt::KeyWindow(key, lcp);
    int64_t scanned = block->ScanFor(key, lcp, window, block->OffsetOf(0), 0, n, &e);
    FUZZ_CHECK(scanned < 0 || (scanned < n && e.key == key), "ScanFor result");
    scanned = block->ScanFor(key, lcp, window, block->OffsetOf(i), i, n - i, &e);
    FUZZ_CHECK(scanned == i, "ScanFor misses the entry it starts at");
  }
}

struct Found {
  EntryKind kind;
  std::string value;
};

void Sink(void* ctx, std::string_view v) { static_cast<std::string*>(ctx)->assign(v.data(), v.size()); }

void FuzzPart(uint8_t mode, const uint8_t* data, size_t size) {
  const std::string& dir = kvbench::fuzz::ScratchDir();
  const std::string path = zt::PartFileName(dir, 1);
  std::string file(reinterpret_cast<const char*>(data), size);
  if (mode & 2) kvbench::fuzz::FixPartChecksums(&file);
  kvbench::fuzz::WriteFileOrDie(path, file.data(), file.size());
  zt::PartMeta meta;
  Status s = zt::ReadPartMeta(dir, 1, &meta);
  if (!s.ok()) {
    FUZZ_CHECK(s.IsCorruption(), s.ToString());
    FUZZ_CHECK(s.message().rfind("file 1 ", 0) == 0, "corruption does not name the file: " + s.ToString());
    return;
  }
  FUZZ_CHECK(meta.file_number == 1 && meta.file_size == size, "meta");
  FUZZ_CHECK(meta.entries > 0 && meta.tombstones <= meta.entries, "meta counts");
  FUZZ_CHECK(!(meta.largest_key < meta.smallest_key), "meta key range");

  zt::TableOptions options;
  static constexpr uint32_t kSteps[4] = {16, 0, 3, 1};
  options.sparse_array_step = kSteps[(mode >> 2) & 3];
  options.iterator_prefetch = (mode >> 4) & 3;
  options.key_cache_size = (mode & 0x40) ? 8 : 0;
  options.value_cache_size = (mode & 0x80) ? 8 : 0;
  // A small cache (shared by the runs of one process, as in the engine), so
  // a block is both read through and found cached.
  static auto cache = std::make_shared<zt::BlockCache>(1 << 20, std::chrono::milliseconds(0));
  std::shared_ptr<zt::Segment> seg;
  s = zt::Segment::Open(dir, {meta}, options, cache, &seg);
  if (!s.ok()) {
    FUZZ_CHECK(s.IsCorruption(), s.ToString());
    return;
  }
  std::vector<std::pair<std::string, Found>> scanned;
  auto it = seg->NewIterator();
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    FUZZ_CHECK(scanned.size() < meta.entries, "scan returns more entries than the part has");
    scanned.push_back({std::string(it->key()), Found{it->kind(), std::string(it->value())}});
  }
  FUZZ_CHECK(it->status().ok() || it->status().IsCorruption(), it->status().ToString());
  // A scan cut short by a damaged block does not see every entry: lookups
  // can then only be checked for their status.
  const bool complete = it->status().ok();
  for (const auto& [key, want] : scanned) {
    std::string value;
    EntryKind kind;
    s = seg->Get(key, &kind, Sink, &value);
    FUZZ_CHECK(s.ok() || s.IsNotFound() || s.IsCorruption(), s.ToString());
    // Keys out of order inside a block may hide one from a lookup; what a
    // lookup returns must still be an entry of the file under that key.
    if (s.ok() && complete) {
      bool match = false;
      for (const auto& [k2, other] : scanned) {
        if (k2 == key && other.kind == kind && (kind == EntryKind::kTombstone || other.value == value)) match = true;
      }
      FUZZ_CHECK(match, "lookup returns an entry the scan does not have: " + key);
    }
    auto seek = seg->NewIterator(false);
    seek->Seek(key);
    FUZZ_CHECK(seek->status().ok() || seek->status().IsCorruption(), seek->status().ToString());
  }
  std::string value;
  EntryKind kind;
  s = seg->Get(meta.largest_key + std::string(1, '\0'), &kind, Sink, &value);
  FUZZ_CHECK(s.IsNotFound() || s.IsCorruption(), "a key past the largest: " + s.ToString());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  if ((data[0] & 1) == 0) {
    FuzzBlock(data[0], data + 1, size - 1);
  } else {
    FuzzPart(data[0], data + 1, size - 1);
  }
  return 0;
}
