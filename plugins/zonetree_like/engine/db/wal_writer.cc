#include "db/wal_writer.h"

#include <utility>

#include "db/wal_format.h"
#include "util/coding.h"
#include "util/thread_name.h"

namespace zt {

WalWriter::WalWriter(std::string path, const Options& options, std::atomic<uint64_t>* bytes_written)
    : path_(std::move(path)), mode_(options.wal_mode), options_(options), bytes_written_(bytes_written) {}

Status WalWriter::Create(const std::string& path, const Options& options, std::atomic<uint64_t>* bytes_written,
                         std::unique_ptr<WalWriter>* out) {
  if (options.wal_mode == WalMode::kNone) {
    return Status::InvalidArgument("WalWriter: mode none has no log");
  }
  std::unique_ptr<WalWriter> w(new WalWriter(path, options, bytes_written));
  Status s = WritableFile::Open(path, &w->file_, /*append=*/false);
  if (!s.ok()) return s;
  s = w->WriteToFile(wal::kMagic);
  if (!s.ok()) return s;
  if (w->mode_ == WalMode::kAsyncCompressed) {
    w->thread_ = std::thread([p = w.get()] { p->AsyncLoop(); });
  } else if (w->mode_ == WalMode::kSyncCompressed) {
    w->thread_ = std::thread([p = w.get()] { p->TailLoop(); });
  }
  *out = std::move(w);
  return Status::OK();
}

WalWriter::~WalWriter() { Close(); }

Status WalWriter::WriteToFile(std::string_view data) {
  Status s = file_->Append(data);
  if (s.ok()) s = file_->Flush();
  if (s.ok() && bytes_written_ != nullptr) {
    bytes_written_->fetch_add(data.size(), std::memory_order_relaxed);
  }
  return s;
}

Status WalWriter::WriteBatch(uint64_t first, uint32_t count, std::string_view body, bool compress) {
  std::string& batch = batch_scratch_;
  batch.clear();
  PutFixed64(&batch, first);
  PutFixed32(&batch, count);
  batch.append(body.data(), body.size());
  frame_.clear();
  if (compress) {
    std::string& payload = payload_scratch_;
    payload.clear();
    PutFixed32(&payload, static_cast<uint32_t>(batch.size()));
    Status s = compressor_.Compress(Compression::kZstd, options_.wal_zstd_level, batch, &payload);
    if (!s.ok()) return s;
    wal::AppendFrame(&frame_, wal::kCompressedFrame, payload);
  } else {
    wal::AppendFrame(&frame_, wal::kPlainFrame, batch);
  }
  return WriteToFile(frame_);
}

Status WalWriter::Append(EntryKind kind, std::string_view key, std::string_view value) {
  if (mode_ == WalMode::kSync) {
    // No background thread: Seal and Close are serialized with Append by
    // the caller, so these fields need no lock here.
    if (!bg_status_.ok()) return bg_status_;
    if (closed_ || closing_) return Status::InvalidArgument("WAL is closed");
    record_scratch_.clear();
    wal::AppendRecord(&record_scratch_, kind, key, value);
    Status s = WriteBatch(next_index_, 1, record_scratch_, /*compress=*/false);
    if (!s.ok()) {
      bg_status_ = s;
      return s;
    }
    ++next_index_;
    return Status::OK();
  }

  std::unique_lock<std::mutex> lock(mu_);
  if (!bg_status_.ok()) return bg_status_;
  if (closed_ || closing_) return Status::InvalidArgument("WAL is closed");
  if (mode_ == WalMode::kAsyncCompressed) {
    while (buffer_.size() > options_.wal_async_max_queued && bg_status_.ok()) {
      work_cv_.notify_one();
      done_cv_.wait(lock);
    }
    wal::AppendRecord(&buffer_, kind, key, value);
    ++next_index_;
    if (buffer_.size() >= options_.wal_block_size) work_cv_.notify_one();
    return Status::OK();
  }

  // sync-compressed: the tail grows in memory; a full tail becomes a block.
  wal::AppendRecord(&buffer_, kind, key, value);
  ++next_index_;
  if (buffer_.size() >= options_.wal_block_size) {
    Status s =
        WriteBatch(buffer_first_, static_cast<uint32_t>(next_index_ - buffer_first_), buffer_, /*compress=*/true);
    if (!s.ok()) {
      bg_status_ = s;
      return s;
    }
    buffer_.clear();
    buffer_first_ = next_index_;
  }
  return Status::OK();
}

Status WalWriter::WriteTailFileLocked() {
  std::string body;
  PutFixed64(&body, buffer_first_);
  PutFixed32(&body, static_cast<uint32_t>(next_index_ - buffer_first_));
  body.append(buffer_);
  std::string file(wal::kMagic);
  wal::AppendFrame(&file, wal::kPlainFrame, body);
  Status s = WriteFileAtomically(wal::TailFileName(path_), file);
  if (s.ok()) {
    tail_written_index_ = next_index_;
    if (bytes_written_ != nullptr) {
      bytes_written_->fetch_add(file.size(), std::memory_order_relaxed);
    }
  }
  return s;
}

void WalWriter::TailLoop() {
  NameThread();
  std::unique_lock<std::mutex> lock(mu_);
  while (!closing_) {
    work_cv_.wait_for(lock, options_.wal_tail_interval, [this] { return closing_; });
    if (closing_) break;
    // Rewrite the tail only when something new arrived since the last write.
    if (next_index_ != tail_written_index_ && bg_status_.ok()) {
      Status s = WriteTailFileLocked();
      if (!s.ok()) bg_status_ = s;
    }
  }
}

void WalWriter::NameThread() const {
  // "ztw <store>": the log lives in its store's directory.
  SetCurrentThreadName("ztw ", BaseName(DirName(path_)));
}

void WalWriter::AsyncLoop() {
  NameThread();
  std::unique_lock<std::mutex> lock(mu_);
  while (true) {
    work_cv_.wait_for(lock, options_.wal_async_interval,
                      [this] { return closing_ || flush_requested_ || buffer_.size() >= options_.wal_block_size; });
    if (buffer_.empty()) {
      flush_requested_ = false;
      done_cv_.notify_all();
      if (closing_) break;
      continue;
    }
    std::string batch;
    batch.swap(buffer_);
    uint64_t first = buffer_first_;
    uint32_t count = static_cast<uint32_t>(next_index_ - first);
    buffer_first_ = next_index_;
    done_cv_.notify_all();  // room in the queue again
    lock.unlock();
    Status s = WriteBatch(first, count, batch, /*compress=*/true);
    lock.lock();
    if (!s.ok() && bg_status_.ok()) bg_status_ = s;
    written_through_ = first + count;
    if (buffer_.empty()) flush_requested_ = false;
    done_cv_.notify_all();
    if (!bg_status_.ok()) {
      // Keep draining waiters but stop writing.
      buffer_.clear();
      buffer_first_ = next_index_;
      written_through_ = next_index_;
      if (closing_) break;
    }
  }
}

Status WalWriter::Flush() {
  if (mode_ == WalMode::kSync) return bg_status_;
  std::unique_lock<std::mutex> lock(mu_);
  if (closed_) return bg_status_;
  if (mode_ == WalMode::kAsyncCompressed) {
    uint64_t target = next_index_;
    flush_requested_ = true;
    work_cv_.notify_one();
    done_cv_.wait(lock, [&] { return written_through_ >= target || !bg_status_.ok(); });
    return bg_status_;
  }
  if (!bg_status_.ok()) return bg_status_;
  if (next_index_ != tail_written_index_) {
    Status s = WriteTailFileLocked();
    if (!s.ok()) bg_status_ = s;
  }
  return bg_status_;
}

Status WalWriter::Sync() {
  Status s = Flush();
  if (!s.ok()) return s;
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_) return bg_status_;
  return file_->Sync();
}

Status WalWriter::FlushAndStop(bool* was_closed) {
  Status s = Flush();
  {
    std::lock_guard<std::mutex> lock(mu_);
    *was_closed = closed_;
    if (closed_) return s;
    closing_ = true;
  }
  work_cv_.notify_all();
  if (thread_.joinable()) thread_.join();
  return s;
}

Status WalWriter::Seal() {
  bool was_closed = false;
  Status s = FlushAndStop(&was_closed);
  if (was_closed) return s;
  // No other thread touches these now; the async queue is empty after the
  // flush (a sync-compressed tail stays: it is what the tail file holds).
  compressor_.Release();
  for (std::string* scratch : {&frame_, &batch_scratch_, &payload_scratch_, &record_scratch_}) {
    std::string().swap(*scratch);
  }
  std::lock_guard<std::mutex> lock(mu_);
  if (mode_ == WalMode::kAsyncCompressed && buffer_.empty()) std::string().swap(buffer_);
  return s;
}

Status WalWriter::Close() {
  bool was_closed = false;
  Status s = FlushAndStop(&was_closed);
  if (was_closed) return s;
  std::lock_guard<std::mutex> lock(mu_);
  closed_ = true;
  if (file_ != nullptr) {
    Status c = file_->Close();
    if (s.ok()) s = c;
    file_.reset();
  }
  if (s.ok()) s = bg_status_;
  return s;
}

}  // namespace zt
