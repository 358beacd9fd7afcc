#include "db/merge.h"

#include <set>

#include "table/segment_writer.h"

namespace zt {
namespace {

class MergeRun {
 public:
  MergeRun(const std::string& dir, const TableOptions& options, std::function<uint64_t()> new_file_number,
           MergeInput* input, MergeOutput* output)
      : writer_(dir, options, std::move(new_file_number), input->caching),
        options_(options),
        in_(input),
        out_(output) {}

  Status Run() {
    InternalIterator* newer = in_->newer.get();
    if (newer != nullptr) newer->SeekToFirst();
    const Segment* base = in_->base.get();
    size_t nparts = base == nullptr ? 0 : base->parts().size();
    for (size_t i = 0; i < nparts && status_.ok(); ++i) {
      const PartMeta& part = base->parts()[i];
      // Newer keys that fall before this part.
      while (status_.ok() && NewerValid() && newer->key() < part.smallest_key) {
        Emit(newer->key(), newer->kind(), newer->value());
        newer->Next();
      }
      if (!status_.ok()) break;
      bool untouched = !NewerValid() || newer->key() > part.largest_key;
      bool keep_tombstones_ok = !in_->drop_tombstones || part.tombstones == 0;
      if (in_->reuse_parts && untouched && keep_tombstones_ok && part.entries >= options_.part_min_entries) {
        status_ = writer_.AddPart(part);
        ++out_->parts_reused;
        reused_.insert(part.file_number);
        continue;
      }
      MergePart(i, part);
    }
    while (status_.ok() && NewerValid()) {
      Emit(newer->key(), newer->kind(), newer->value());
      newer->Next();
    }
    if (status_.ok() && newer != nullptr && !newer->status().ok()) {
      status_ = newer->status();
    }
    if (!status_.ok()) {
      writer_.Abandon();
      return status_;
    }
    status_ = writer_.Finish(&out_->parts);
    if (!status_.ok()) {
      writer_.Abandon();
      return status_;
    }
    out_->blocks_cached = writer_.blocks_cached();
    for (const PartMeta& p : out_->parts) {
      if (reused_.count(p.file_number) != 0) continue;
      ++out_->parts_written;
      out_->bytes_written += p.file_size;
    }
    return Status::OK();
  }

 private:
  bool NewerValid() const { return in_->newer != nullptr && in_->newer->Valid(); }

  void Emit(std::string_view key, EntryKind kind, std::string_view value) {
    if (kind == EntryKind::kTombstone && in_->drop_tombstones) {
      ++out_->tombstones_dropped;
      return;
    }
    status_ = writer_.Add(key, kind, value);
    ++out_->entries_written;
  }

  // Two-way merge of base part i with the newer keys inside its range.
  void MergePart(size_t i, const PartMeta& part) {
    InternalIterator* newer = in_->newer.get();
    std::unique_ptr<SegmentIterator> it = in_->base->NewPartIterator(i, /*fill_cache=*/false);
    it->SeekToFirst();
    while (status_.ok()) {
      bool newer_in = NewerValid() && newer->key() <= std::string_view(part.largest_key);
      if (!it->Valid() && !newer_in) break;
      if (newer_in && (!it->Valid() || newer->key() <= it->key())) {
        if (it->Valid() && newer->key() == it->key()) it->Next();
        Emit(newer->key(), newer->kind(), newer->value());
        newer->Next();
      } else {
        Emit(it->key(), it->kind(), it->value());
        it->Next();
      }
    }
    if (status_.ok() && !it->status().ok()) status_ = it->status();
  }

  SegmentWriter writer_;
  const TableOptions& options_;
  MergeInput* in_;
  MergeOutput* out_;
  std::set<uint64_t> reused_;
  Status status_;
};

}  // namespace

Status RunMerge(const std::string& dir, const TableOptions& options, std::function<uint64_t()> new_file_number,
                MergeInput* input, MergeOutput* output) {
  *output = MergeOutput();
  MergeRun run(dir, options, std::move(new_file_number), input, output);
  return run.Run();
}

}  // namespace zt
