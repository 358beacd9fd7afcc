// Part: the reader of one part file. Holds the block index and the sparse
// array in memory; blocks come from the shared BlockCache. Thread-safe.
// Parts are shared between segments through the cache's PartRegistry; the
// file is deleted when the part dies after the last live segment using it
// was marked obsolete.
#ifndef ZT_TABLE_PART_H_
#define ZT_TABLE_PART_H_

#include <cstdint>
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
  // is its position and *pin holds its block.
  Status Find(std::string_view key, bool* found, Location* loc,
              PinnedBlock* pin) const;
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
    return KeyAt(index_keys_, blocks_[b].key_offset, blocks_[b].key_size);
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
    uint32_t key_offset, key_size;  // first key in index_keys_
  };
  struct SparseEntry {
    uint32_t key_offset, key_size;  // in sparse_keys_
    uint32_t block, index;          // position of ordinal i * step
  };
  struct Index;  // parsed index block
  friend Status ReadPartMeta(const std::string& dir, uint64_t file_number,
                             PartMeta* meta);

  Part(std::string path, PartMeta meta, std::shared_ptr<BlockCache> cache);
  static Status Load(const std::string& path, uint64_t file_number,
                     std::unique_ptr<RandomAccessFile>* file, Index* index);
  Status BuildSparse(const Index& index, uint32_t step);

  static std::string_view KeyAt(const std::string& keys, uint32_t off,
                                uint32_t size) {
    return std::string_view(keys.data() + off, size);
  }
  // Last block whose first key is <= key, or -1.
  int64_t BlockFor(std::string_view key) const;

  std::string path_;
  PartMeta meta_;
  std::shared_ptr<BlockCache> cache_;
  uint64_t cache_id_;
  std::unique_ptr<RandomAccessFile> file_;
  std::vector<BlockInfo> blocks_;
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
