// WalWriter: the write-ahead log of one mutable segment, in one of the modes
// of db/options.h (kNone has no writer at all). What each mode promises on a
// process kill is in README.md; the kill tests check it.
//
// Thread-safety: Append() calls must be serialized by the caller (the tree's
// write mutex); Flush() and Close() may be called from any thread but not
// concurrently with each other. The background thread (sync-compressed tail
// rewriter, async-compressed writer) is internal.
#ifndef ZT_DB_WAL_WRITER_H_
#define ZT_DB_WAL_WRITER_H_

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

#include "db/options.h"
#include "table/format.h"
#include "util/compression.h"
#include "util/file.h"
#include "util/status.h"

namespace zt {

class WalWriter {
 public:
  // Creates a new, empty log at path. REQUIRES: mode != kNone.
  // *bytes_written (may be null) is increased by every byte written.
  static Status Create(const std::string& path, const Options& options, std::atomic<uint64_t>* bytes_written,
                       std::unique_ptr<WalWriter>* out);
  ~WalWriter();  // Close()

  WalWriter(const WalWriter&) = delete;
  WalWriter& operator=(const WalWriter&) = delete;

  // Logs one record. sync: written to the file before returning. Others:
  // queued or buffered as the mode says. An earlier background failure is
  // returned here.
  Status Append(EntryKind kind, std::string_view key, std::string_view value);

  // Every record appended so far reaches the file (the kernel); a sealed log
  // then holds everything. Used by settle, freeze-at-close and tests.
  Status Flush();

  // Flush(), then the log file's data reaches the device (fdatasync): what a
  // settle promises. REQUIRES: no concurrent Append() (the caller holds the
  // tree's write mutex), so after Flush() no thread writes the file.
  Status Sync();

  // Flush(), then stops the background thread and frees the compressor and
  // the buffers: a log whose memtable is frozen keeps only its open file
  // (for Sync and Close) while the memtable waits for its merge. Append
  // fails afterwards.
  Status Seal();
  // Flush(), stops the background thread and closes the file. Idempotent.
  Status Close();

  const std::string& path() const { return path_; }
  uint64_t records() const { return next_index_; }

 private:
  WalWriter(std::string path, const Options& options, std::atomic<uint64_t>* bytes_written);
  Status WriteToFile(std::string_view data);
  // Frames [first, first+count) from body, compressed or not, into the file.
  Status WriteBatch(uint64_t first, uint32_t count, std::string_view body, bool compress);
  Status WriteTailFileLocked();
  void AsyncLoop();
  void TailLoop();
  void NameThread() const;  // the background thread's, after the store
  // Flush(), then stops the background thread (Append fails from then on).
  // *was_closed: Close() had already run, and nothing was done.
  Status FlushAndStop(bool* was_closed);

  const std::string path_;
  const WalMode mode_;
  const Options options_;
  std::atomic<uint64_t>* const bytes_written_;
  std::unique_ptr<WritableFile> file_;
  Compressor compressor_;  // used by whoever writes blocks (one at a time)
  // Scratch buffers of whoever writes frames (one thread at a time).
  std::string frame_, batch_scratch_, payload_scratch_, record_scratch_;

  std::mutex mu_;
  std::condition_variable work_cv_;  // wakes the background thread
  std::condition_variable done_cv_;  // a batch was written / queue has room
  uint64_t next_index_ = 0;          // index of the next appended record
  // Buffered records [buffer_first_, next_index_): the async queue or the
  // sync-compressed tail.
  std::string buffer_;
  uint64_t buffer_first_ = 0;
  uint64_t written_through_ = 0;     // async: records below this are in the file
  uint64_t tail_written_index_ = 0;  // sync-compressed: last tail file covers
  bool flush_requested_ = false;
  bool closing_ = false;
  bool closed_ = false;
  Status bg_status_;
  std::thread thread_;
};

}  // namespace zt

#endif  // ZT_DB_WAL_WRITER_H_
