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
#include "util/compression.h"
#include "util/file.h"
#include "util/status.h"

namespace zt {

class PartBuilder {
 public:
  PartBuilder(std::string path, uint64_t file_number, const TableOptions& options, Compressor* compressor);
  ~PartBuilder();

  Status Open();
  // REQUIRES: keys strictly ascending.
  Status Add(std::string_view key, EntryKind kind, std::string_view value);
  // Writes the last block, the index and the footer, fsyncs and closes.
  // REQUIRES: at least one entry added.
  Status Finish(PartMeta* meta);
  // Closes and removes the file.
  void Abandon();

  uint64_t entries() const { return entries_; }
  const std::string& path() const { return path_; }

 private:
  Status FlushBlock();
  Status WriteBlock(std::string_view raw, BlockHandle* handle);

  std::string path_;
  uint64_t file_number_;
  TableOptions options_;
  Compressor* compressor_;
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

}  // namespace zt

#endif  // ZT_TABLE_PART_BUILDER_H_
