// PartBuilder: writes one part file (data blocks, index, footer).
// Not thread-safe.
#ifndef ZT_TABLE_PART_BUILDER_H_
#define ZT_TABLE_PART_BUILDER_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "table/block_builder.h"
#include "table/format.h"
#include "table/write_caching.h"
#include "util/compression.h"
#include "util/file.h"
#include "util/status.h"

namespace zt {

class BlockCache;

class PartBuilder {
 public:
  // caching: may be null (no block is cached on write); outlives the builder.
  PartBuilder(std::string path, uint64_t file_number, const TableOptions& options, Compressor* compressor,
              const WriteCaching* caching = nullptr);
  ~PartBuilder();

  Status Open();
  // REQUIRES: keys strictly ascending.
  Status Add(std::string_view key, EntryKind kind, std::string_view value);
  // Writes the last block, the index and the footer, fsyncs and closes.
  // REQUIRES: at least one entry added.
  Status Finish(PartMeta* meta);
  // Closes and removes the file, and drops the blocks it cached.
  void Abandon();

  uint64_t entries() const { return entries_; }
  uint64_t blocks_cached() const { return blocks_cached_; }  // put into the cache on write
  const std::string& path() const { return path_; }

 private:
  Status FlushBlock();
  Status WriteBlock(std::string_view raw, BlockHandle* handle);
  // Puts the block just written at `offset` into the cache if wanted.
  void MaybeCacheBlock(std::string_view raw, uint64_t offset);

  std::string path_;
  uint64_t file_number_;
  TableOptions options_;
  Compressor* compressor_;
  const WriteCaching* caching_;
  uint64_t cache_id_ = 0;  // reserved at the first block cached
  uint64_t blocks_cached_ = 0;
  std::unique_ptr<WritableFile> file_;
  BlockBuilder block_;
  std::string block_first_key_;
  std::string compressed_;

  // Index contents, built as blocks are written.
  std::string index_blocks_;  // per-block records
  uint32_t num_blocks_ = 0;
  std::string sparse_keys_;  // length-prefixed keys
  uint32_t num_sparse_ = 0;
  std::string smallest_, largest_;
  uint64_t entries_ = 0;
  uint64_t tombstones_ = 0;
};

// Drops the blocks a PartBuilder cached for the file at path (see
// WriteCaching), if any: for a writer that abandons a file it finished.
void DropCachedBlocks(BlockCache* cache, const std::string& path);

}  // namespace zt

#endif  // ZT_TABLE_PART_BUILDER_H_
