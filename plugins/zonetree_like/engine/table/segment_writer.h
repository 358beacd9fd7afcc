// SegmentWriter: writes one sorted run as one or more part files
// "<dir>/<file_number>.seg". A part is closed when it reaches
// part_max_entries; AddPart appends an existing untouched part (merge reuse)
// without rewriting it. Not thread-safe.
#ifndef ZT_TABLE_SEGMENT_WRITER_H_
#define ZT_TABLE_SEGMENT_WRITER_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "table/format.h"
#include "table/write_caching.h"
#include "util/status.h"

namespace zt {

class Compressor;
class PartBuilder;

class SegmentWriter {
 public:
  // caching: which blocks to put into the block cache as they are written
  // (none by default).
  SegmentWriter(std::string dir, TableOptions options, std::function<uint64_t()> new_file_number,
                WriteCaching caching = {});
  ~SegmentWriter();  // Abandon()s if neither Finish nor Abandon was called
  SegmentWriter(const SegmentWriter&) = delete;
  SegmentWriter& operator=(const SegmentWriter&) = delete;

  // REQUIRES: keys strictly ascending across Add and AddPart calls.
  Status Add(std::string_view key, EntryKind kind, std::string_view value);
  // Closes the part being written (if any) and appends `reused` as is.
  // REQUIRES: reused.smallest_key greater than every key added so far.
  Status AddPart(const PartMeta& reused);
  // Closes the current part, fsyncs every new file and the directory, and
  // returns all parts (new and reused) in key order.
  Status Finish(std::vector<PartMeta>* parts);
  // Removes the new files (never the reused ones) and drops the blocks
  // cached for them.
  void Abandon();

  uint64_t entries() const { return entries_; }  // added so far (incl. reused)
  // Blocks of the closed parts put into the block cache as written.
  uint64_t blocks_cached() const { return blocks_cached_; }
  // Entries in the part currently being written (0 if none is open).
  uint64_t current_part_entries() const;
  // File numbers of the parts this writer created.
  const std::vector<uint64_t>& new_file_numbers() const { return new_files_; }

 private:
  Status ClosePart();

  std::string dir_;
  TableOptions options_;
  std::function<uint64_t()> new_file_number_;
  WriteCaching caching_;
  std::unique_ptr<Compressor> compressor_;
  std::unique_ptr<PartBuilder> current_;
  std::vector<PartMeta> parts_;
  std::vector<uint64_t> new_files_;
  std::string last_key_;
  bool has_last_key_ = false;
  uint64_t entries_ = 0;
  uint64_t blocks_cached_ = 0;
  bool done_ = false;
  Status error_;
};

}  // namespace zt

#endif  // ZT_TABLE_SEGMENT_WRITER_H_
