// Part: the reader of one part file. Holds the block index and the sparse
// array in memory; blocks come from the shared BlockCache. Thread-safe.
// Parts are shared between segments through the cache's PartRegistry; the
// file is deleted when the part dies after the last live segment using it
// was marked obsolete.
#ifndef ZT_TABLE_PART_H_
#define ZT_TABLE_PART_H_

#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "table/block.h"
#include "table/block_cache.h"
#include "table/format.h"
#include "table/key_window.h"
#include "util/file.h"
#include "util/status.h"

namespace zt {

// Reads a part file's footer and index and fills *meta from them (no
// manifest needed). Corruption if the file is damaged.
Status ReadPartMeta(const std::string& dir, uint64_t file_number, PartMeta* meta);

class Part {
 public:
  // Opens (or finds in cache->parts()) the part file of meta and checks that
  // the file agrees with meta.
  static Status Open(const std::string& dir, const PartMeta& meta, const TableOptions& options,
                     const std::shared_ptr<BlockCache>& cache, std::shared_ptr<Part>* out);
  ~Part();
  Part(const Part&) = delete;
  Part& operator=(const Part&) = delete;

  struct Location {
    uint32_t block = 0;
    uint32_t index = 0;
  };

  // Point lookup. OK with *found false if the key is absent; on found, *loc
  // is its position, *pin holds its block and *entry points into it.
  // REQUIRES: meta().smallest_key <= key <= meta().largest_key.
  Status Find(std::string_view key, bool* found, Location* loc, PinnedBlock* pin, Block::Entry* entry) const;
  // Position of the first entry >= key ({num_blocks(), 0} if none); *pin
  // holds that block when one was read.
  Status Seek(std::string_view key, bool fill_cache, Location* loc, PinnedBlock* pin) const;
  // Pins block b: from the cache, or read (and inserted if fill_cache).
  Status GetBlock(uint32_t b, bool fill_cache, PinnedBlock* pin) const;
  // Whether a block that may hold keys in [first, last] is in the block
  // cache now. A snapshot: the cache may change meanwhile.
  bool AnyBlockCached(std::string_view first, std::string_view last) const;
  // Demotes in the block cache (BlockCache::Demote) the cached blocks from
  // the one before `first`'s on that are known to hold no key after `last`.
  // A block's keys are known to end only where the next block's begin, so a
  // block that ends at `last` exactly is demoted by the next call: for a
  // caller that covers the keys in order (a merge, block by block).
  void DemoteBlocksWithin(std::string_view first, std::string_view last, int64_t unused_since_ms) const;
  // Whether block b is in the block cache now (a snapshot).
  bool BlockCached(uint32_t b) const { return __atomic_load_n(&dir_[b].slot, __ATOMIC_RELAXED) != nullptr; }
  // Where block b's bytes were the last time a reader had it cached (a
  // prefetch hint for point lookups, see DirEntry::data_hint), or null.
  const char* BlockDataHint(uint32_t b) const { return __atomic_load_n(&dir_[b].data_hint, __ATOMIC_RELAXED); }

  const PartMeta& meta() const { return meta_; }
  uint64_t file_number() const { return meta_.file_number; }
  uint32_t num_blocks() const { return static_cast<uint32_t>(blocks_.size()); }
  uint32_t block_entries(uint32_t b) const { return blocks_[b].entries; }
  std::string_view block_first_key(uint32_t b) const { return DirKey(dir_[b]); }
  uint32_t sparse_size() const { return static_cast<uint32_t>(sparse_.size()); }
  // Whether a point lookup in block b guesses where its key is before the
  // sparse search (the block's keys are spread evenly, see FitGuesses).
  bool GuessesBlock(uint32_t b) const { return dir_[b].entry_bytes > 0; }
  size_t MemoryUsage() const;

  // Live-segment accounting (see Segment::MarkObsolete).
  void AddLiveUse();
  void DropLiveUse();

 private:
  struct BlockInfo {
    uint64_t offset;
    uint64_t first_ordinal;
    uint32_t size;
    uint32_t entries;
    uint32_t sparse_begin, sparse_end;  // sparse entries inside this block
  };
  // Sparse and directory entries carry a key window (see key_window.h) so
  // that a search step is mostly one integer compare; the full keys live in
  // side buffers and are read only on window ties. A sparse entry is 16
  // bytes, four to a cache line, so that a block's whole run of them (up to
  // kSparseFetch) is fetched in one round of memory loads.
  struct SparseEntry {
    uint64_t window;       // at the block's common prefix length
    uint32_t index;        // position in its block of ordinal i * step
    uint32_t byte_offset;  // of that entry in its decompressed block
  };
  // The full key of sparse entry i.
  std::string_view SparseKey(size_t i) const {
    const uint32_t begin = i == 0 ? 0 : sparse_key_ends_[i - 1];
    return std::string_view(sparse_keys_.data() + begin, sparse_key_ends_[i] - begin);
  }
  struct Index;  // parsed index block
  friend Status ReadPartMeta(const std::string& dir, uint64_t file_number, PartMeta* meta);

  // cache_id: the id reserved for the file by its writer (its blocks may be
  // cached already, see AdoptCachedBlocks), or 0 for a new one.
  Part(std::string path, PartMeta meta, std::shared_ptr<BlockCache> cache, uint64_t cache_id);
  static Status Load(const std::string& path, uint64_t file_number, std::unique_ptr<RandomAccessFile>* file,
                     Index* index);
  void BuildDirectory(const Index& index);
  void FinishDirectory();  // after BuildSparse
  // Links the blocks its writer cached under this part's id to their slots
  // (after FinishDirectory); one that does not agree with the index is
  // dropped, for a reader to read from the file and report.
  void AdoptCachedBlocks();
  // Whether parsed block b agrees with what lookups trust about it without
  // checking: the index's entry count and first key, and its sparse
  // entries' keys and byte offsets.
  bool AgreesWithIndex(uint32_t b, const Block& block) const;
  Status BuildSparse(const Index& index, uint32_t step);
  // Reads, checks and parses block b (no cache).
  Status ReadBlock(uint32_t b, std::unique_ptr<Block>* out) const;
  // Records where cached block b's bytes are (DirEntry::data_hint).
  void NoteBlockData(uint32_t b, const Block& block) const {
    if (BlockDataHint(b) != block.data()) {
      __atomic_store_n(&dir_[b].data_hint, block.data(), __ATOMIC_RELAXED);
    }
  }

  // The block directory searched by lookups: each block's first key (window
  // at the part's common prefix length, full key in index_keys_), and the
  // block fields a lookup needs, so the search and the bracket computation
  // stay on one small entry.
  static constexpr uint32_t kDirFanout = 16;
  // Sparse runs longer than kSparseFetch entries (2 KiB) are searched in two
  // rounds of memory loads, through kSparseProbes evenly spaced entries
  // first.
  static constexpr uint32_t kSparseFetch = 128;
  static constexpr uint32_t kSparseProbes = 7;
  // A point lookup fetches at most this many cache lines of its bracket at
  // once (4 KiB; see TableOptions::inline_value_max).
  static constexpr uint32_t kBracketLines = 64;
  // The most bytes a guess may be off at a sparse key, the most a guess
  // fetches before and after its bracket. Records whose sizes vary stray
  // from the line by about their spread times the square root of their
  // number. Measured on the 64 KiB blocks of a 1M-profile run's profile
  // store (~180-byte records varying by a few bytes): 79% within 128
  // bytes, 99.8% within 256.
  static constexpr uint32_t kMaxGuessSlack = 256;
  struct DirEntry {
    uint64_t window;
    uint32_t key_offset, key_size;  // in index_keys_
    uint32_t entries;
    uint32_t sparse_begin, sparse_end;
    uint32_t block_lcp;  // common prefix of every key this block can hold
    // The cache's handle while the block is cached (BlockCache's slot: read
    // and written by the cache under its shard lock). Here rather than in an
    // array of its own, so that the search that picks the block has already
    // brought it into the CPU's cache, and the block's handle can be
    // fetched during the sparse search without waiting for the slot first.
    // Only dir_'s entries are slots: dir_top_'s copies are made at open,
    // before any block is cached, and stay null (so does their data_hint).
    mutable BlockCache::Handle* slot = nullptr;
    // Where the block's bytes were the last time a reader had it cached,
    // or null: a prefetch hint, nothing more. A point lookup knows which
    // bytes of the block it wants (from the sparse array) before it has
    // the block's handle, whose fetch is a miss of its own at scale; with
    // the hint it asks for those bytes at once. A stale hint (the block
    // was evicted and its memory reused) makes that prefetch useless, never
    // a read: lookups read the block through the pinned handle, and the
    // block's next load renews the hint.
    mutable const char* data_hint = nullptr;
    // The block's line for guessing where a key is before the sparse
    // search (see FitGuesses): the key's window at the part's common prefix
    // places it between this block's first key (index 0) and the next
    // block's (index `entries`), in proportion, and entry i starts within
    // guess_slack bytes of byte i * entry_bytes. 0: the keys are not spread
    // evenly enough to guess.
    float entry_bytes = 0;
    // In-block index of the block's first sparse entry: a copy of
    // sparse_[sparse_begin].index, so that a guess, made to overlap the
    // sparse array's loads, does not wait for one of them.
    uint16_t first_sparse_index = 0;
    uint16_t guess_slack = 0;
  };
  std::string_view DirKey(const DirEntry& d) const {
    return std::string_view(index_keys_.data() + d.key_offset, d.key_size);
  }
  // Entries [lo, hi) of a block at bytes [begin, end) of it (end 0: up to
  // its key section's end): where a key can be, between the last sparse key
  // <= it and the next one.
  struct Bracket {
    uint32_t lo = 0, hi = 0, begin = 0, end = 0;
    // Where a point lookup's fetch can stop (0: at end), in a block whose
    // keys are spread evenly: past the entry after the one the key's
    // window places it at between its two sparse keys.
    uint32_t fetch_end = 0;
  };
  // The bracket of `key` in the block of `info`, the one BlockFor(key,
  // true) gives, in a part with a sparse array; window ==
  // KeyWindow(key, info.block_lcp).
  Bracket BracketFor(const DirEntry& info, std::string_view key, uint64_t window) const;
  // Pins block b, having asked the CPU for its bracket's bytes first (at
  // DirEntry::data_hint, before the handle is in hand). point: a lookup's
  // fetch, which stops at bracket.fetch_end (a Seek's takes the whole
  // bracket: its scan reads on past the key).
  Status PinBracket(uint32_t b, const Bracket& bracket, bool point, bool fill_cache, PinnedBlock* pin) const;
  // Fits each block's guess (DirEntry::entry_bytes and the fields after
  // it; after FinishDirectory): a block gets one only if its line places
  // every one of its sparse keys within one entry of where it is, and
  // within kMaxGuessSlack bytes.
  void FitGuesses();
  // In a block with a line: asks the CPU for the bytes where `key` should
  // be, from its bracket's start to the entry after it, at `hint` (the
  // block's data as last seen), so that they come with the sparse search's
  // loads instead of after them.
  void PrefetchGuess(uint32_t b, std::string_view key, const char* hint) const;
  // Last block whose first key is <= key, or -1. in_range: the caller
  // knows smallest <= key <= largest (windows may be used), and the block
  // found last time is tried first.
  int64_t BlockFor(std::string_view key, bool in_range) const;

  std::string path_;
  PartMeta meta_;
  std::shared_ptr<BlockCache> cache_;
  uint64_t cache_id_;
  std::unique_ptr<RandomAccessFile> file_;
  std::vector<BlockInfo> blocks_;
  std::vector<DirEntry> dir_;      // one per block
  std::vector<DirEntry> dir_top_;  // every kDirFanout-th entry of dir_
  std::string index_keys_;
  uint32_t part_lcp_ = 0;  // common prefix of smallest and largest key
  uint32_t step_ = 0;
  uint32_t inline_value_max_ = 0;  // the file's (its footer's)
  std::vector<SparseEntry> sparse_;
  std::string sparse_keys_;                // the sparse entries' keys, back to back
  std::vector<uint32_t> sparse_key_ends_;  // end of each one's key in sparse_keys_

  std::mutex live_mu_;
  uint64_t live_uses_ = 0;
  bool obsolete_ = false;
  bool registered_ = false;  // in cache_->parts()

  // The block the last in-range search found: point reads often follow
  // each other into one block (a query's ids from an index scan, ascending),
  // and two compares against its directory entry and the next confirm it
  // where a search takes a dozen. Any value is safe, shared by readers
  // without order: it is checked before it is used. In a cache line of its
  // own (the last member): readers on other cores write it, and the fields
  // every lookup reads must not move with it.
  alignas(kCacheLineBytes) mutable std::atomic<uint32_t> last_block_{0};
};

}  // namespace zt

#endif  // ZT_TABLE_PART_H_
