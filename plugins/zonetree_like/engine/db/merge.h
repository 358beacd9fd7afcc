// RunMerge: writes the merge of newer layers over a base disk segment as a new
// multi-part segment, newest value winning. Base parts that no newer key
// falls into (and that are at least part_min_entries big) are reused as they
// are instead of being rewritten.
#ifndef ZT_DB_MERGE_H_
#define ZT_DB_MERGE_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "db/internal_iterator.h"
#include "table/format.h"
#include "table/segment.h"
#include "table/write_caching.h"
#include "util/status.h"

namespace zt {

struct MergeInput {
  // Newest-value-per-key stream of the newer layers (may be null: none).
  std::unique_ptr<InternalIterator> newer;
  // The older disk segment (may be null).
  std::shared_ptr<Segment> base;
  // True when nothing older than these inputs exists: tombstones vanish.
  bool drop_tombstones = false;
  bool reuse_parts = true;
  // The new blocks to put into the block cache as they are written.
  WriteCaching caching;
};

struct MergeOutput {
  std::vector<PartMeta> parts;  // of the new segment, in key order
  uint64_t entries_written = 0;
  uint64_t tombstones_dropped = 0;
  uint64_t bytes_written = 0;  // of new (not reused) parts
  uint64_t parts_written = 0;
  uint64_t parts_reused = 0;
  uint64_t blocks_cached = 0;  // new blocks put into the block cache as written
};

Status RunMerge(const std::string& dir, const TableOptions& options, std::function<uint64_t()> new_file_number,
                MergeInput* input, MergeOutput* output);

}  // namespace zt

#endif  // ZT_DB_MERGE_H_
