#include "table/segment_writer.h"

#include "table/part_builder.h"
#include "util/compression.h"
#include "util/file.h"

namespace zt {

SegmentWriter::SegmentWriter(std::string dir, TableOptions options, std::function<uint64_t()> new_file_number,
                             WriteCaching caching)
    : dir_(std::move(dir)),
      options_(options),
      new_file_number_(std::move(new_file_number)),
      caching_(std::move(caching)),
      compressor_(new Compressor) {}

SegmentWriter::~SegmentWriter() {
  if (!done_) Abandon();
}

uint64_t SegmentWriter::current_part_entries() const { return current_ ? current_->entries() : 0; }

Status SegmentWriter::Add(std::string_view key, EntryKind kind, std::string_view value) {
  if (!error_.ok()) return error_;
  if (done_) return Status::InvalidArgument("SegmentWriter: already finished");
  if (has_last_key_ && !(std::string_view(last_key_) < key)) {
    error_ = Status::InvalidArgument("SegmentWriter: keys not ascending");
    return error_;
  }
  if (!current_) {
    uint64_t number = new_file_number_();
    current_.reset(new PartBuilder(PartFileName(dir_, number), number, options_, compressor_.get(), &caching_));
    new_files_.push_back(number);
    error_ = current_->Open();
    if (!error_.ok()) return error_;
  }
  error_ = current_->Add(key, kind, value);
  if (!error_.ok()) return error_;
  last_key_.assign(key.data(), key.size());
  has_last_key_ = true;
  entries_++;
  if (current_->entries() >= options_.part_max_entries) return ClosePart();
  return Status::OK();
}

Status SegmentWriter::ClosePart() {
  if (!current_) return Status::OK();
  PartMeta meta;
  error_ = current_->Finish(&meta);
  if (!error_.ok()) return error_;
  parts_.push_back(std::move(meta));
  blocks_cached_ += current_->blocks_cached();
  current_.reset();
  return Status::OK();
}

Status SegmentWriter::AddPart(const PartMeta& reused) {
  if (!error_.ok()) return error_;
  if (done_) return Status::InvalidArgument("SegmentWriter: already finished");
  if (reused.entries == 0 ||
      (has_last_key_ && !(std::string_view(last_key_) < std::string_view(reused.smallest_key)))) {
    error_ = Status::InvalidArgument("SegmentWriter: reused part out of order or empty");
    return error_;
  }
  Status s = ClosePart();
  if (!s.ok()) return s;
  parts_.push_back(reused);
  last_key_ = reused.largest_key;
  has_last_key_ = true;
  entries_ += reused.entries;
  return Status::OK();
}

Status SegmentWriter::Finish(std::vector<PartMeta>* parts) {
  if (!error_.ok()) return error_;
  if (done_) return Status::InvalidArgument("SegmentWriter: already finished");
  Status s = ClosePart();  // fsyncs the file
  if (!s.ok()) return s;
  if (!new_files_.empty()) {
    error_ = SyncDir(dir_);
    if (!error_.ok()) return error_;
  }
  done_ = true;
  *parts = parts_;
  return Status::OK();
}

void SegmentWriter::Abandon() {
  if (current_) {
    current_->Abandon();
    current_.reset();
  }
  for (uint64_t number : new_files_) {
    const std::string path = PartFileName(dir_, number);
    RemoveFile(path);
    DropCachedBlocks(caching_.cache.get(), path);
  }
  new_files_.clear();
  parts_.clear();
  done_ = true;
}

}  // namespace zt
