// Part: the reader of one part file. Holds the block index and the sparse
// array in memory; blocks come from the shared BlockCache. Thread-safe.
// Parts are shared between segments through the cache's PartRegistry; the
// file is deleted when the part dies after the last live segment using it
// was marked obsolete.
#ifndef ZT_TABLE_PART_H_
#define ZT_TABLE_PART_H_

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
#include "util/file.h"
#include "util/status.h"

namespace zt {

// Reads a part file's footer and index and fills *meta from them (no
// manifest needed). Corruption if the file is damaged.
Status ReadPartMeta(const std::string& dir, uint64_t file_number,
                    PartMeta* meta);

class Part {
 public:
  // Opens (or finds in cache->parts()) the part file of meta and checks that
  // the file agrees with meta.
  static Status Open(const std::string& dir, const PartMeta& meta,
                     const TableOptions& options,
                     const std::shared_ptr<BlockCache>& cache,
                     std::shared_ptr<Part>* out);
  ~Part();
  Part(const Part&) = delete;
  Part& operator=(const Part&) = delete;

  struct Location {
    uint32_t block = 0;
    uint32_t index = 0;
  };

  // Point lookup. OK with *found false if the key is absent; on found, *loc
  // is its position, *pin holds its block and *entry points into it.
  Status Find(std::string_view key, bool* found, Location* loc,
              PinnedBlock* pin, Block::Entry* entry) const;
  // Position of the first entry >= key ({num_blocks(), 0} if none); *pin
  // holds that block when one was read.
  Status Seek(std::string_view key, bool fill_cache, Location* loc,
              PinnedBlock* pin) const;
  // Pins block b: from the cache, or read (and inserted if fill_cache).
  Status GetBlock(uint32_t b, bool fill_cache, PinnedBlock* pin) const;

  const PartMeta& meta() const { return meta_; }
  uint64_t file_number() const { return meta_.file_number; }
  uint32_t num_blocks() const { return static_cast<uint32_t>(blocks_.size()); }
  uint32_t block_entries(uint32_t b) const { return blocks_[b].entries; }
  std::string_view block_first_key(uint32_t b) const {
    return DirKey(dir_[b], index_keys_);
  }
  uint32_t sparse_size() const { return static_cast<uint32_t>(sparse_.size()); }
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
  // One cache line per sparse key: a key of up to kInlineKey bytes lives in
  // the entry itself, so each binary-search step touches a single line.
  static constexpr uint32_t kInlineKey = 48;
  struct alignas(64) SparseEntry {
    uint32_t block, index;  // position of ordinal i * step
    uint32_t byte_offset;   // of that entry in its decompressed block
    uint32_t key_size;
    char key[kInlineKey];   // the key, or (if longer) its offset in sparse_keys_
  };
  std::string_view SparseKey(const SparseEntry& e) const {
    if (e.key_size <= kInlineKey) return std::string_view(e.key, e.key_size);
    uint32_t off;
    std::memcpy(&off, e.key, sizeof(off));
    return std::string_view(sparse_keys_.data() + off, e.key_size);
  }
  Status CheckSparse(uint32_t b, const Block& block) const;
  struct Index;  // parsed index block
  friend Status ReadPartMeta(const std::string& dir, uint64_t file_number,
                             PartMeta* meta);

  Part(std::string path, PartMeta meta, std::shared_ptr<BlockCache> cache);
  static Status Load(const std::string& path, uint64_t file_number,
                     std::unique_ptr<RandomAccessFile>* file, Index* index);
  void BuildDirectory(const Index& index);
  void FinishDirectory();  // after BuildSparse
  Status BuildSparse(const Index& index, uint32_t step);
  // Reads, checks and parses block b (no cache).
  Status ReadBlock(uint32_t b, std::unique_ptr<Block>* out) const;

  // The block directory searched by lookups: each block's first key, one
  // cache line per block (inline up to kInlineDirKey bytes, else in
  // index_keys_), so that the directory of a part stays cache resident.
  static constexpr uint32_t kInlineDirKey = 44;
  static constexpr uint32_t kDirFanout = 16;
  struct alignas(64) DirEntry {
    uint32_t key_size;
    // Copies of the block's BlockInfo fields a lookup needs, so that the
    // search and the bracket computation stay on this one line.
    uint32_t entries;
    uint32_t sparse_begin, sparse_end;
    char key[kInlineDirKey];
    uint32_t long_key_offset;  // in index_keys_ when key_size > kInlineDirKey
  };
  static std::string_view DirKey(const DirEntry& d, const std::string& longs) {
    if (d.key_size <= kInlineDirKey) return std::string_view(d.key, d.key_size);
    return std::string_view(longs.data() + d.long_key_offset, d.key_size);
  }
  // Last block whose first key is <= key, or -1.
  int64_t BlockFor(std::string_view key) const;

  std::string path_;
  PartMeta meta_;
  std::shared_ptr<BlockCache> cache_;
  uint64_t cache_id_;
  std::unique_ptr<RandomAccessFile> file_;
  std::vector<BlockInfo> blocks_;
  std::vector<DirEntry> dir_;      // one per block
  std::vector<DirEntry> dir_top_;  // every kDirFanout-th entry of dir_
  std::string index_keys_;
  uint32_t step_ = 0;
  std::vector<SparseEntry> sparse_;
  std::string sparse_keys_;

  std::mutex live_mu_;
  uint64_t live_uses_ = 0;
  bool obsolete_ = false;
  bool registered_ = false;  // in cache_->parts()
};

}  // namespace zt

#endif  // ZT_TABLE_PART_H_
