// POSIX files: a buffered append-only writer, a pread-based random reader, and
// directory helpers. Every failure is a Status::IOError naming the path.
#ifndef ZT_UTIL_FILE_H_
#define ZT_UTIL_FILE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "util/status.h"

namespace zt {

// Append-only file with a user-space buffer. Not thread-safe.
class WritableFile {
 public:
  static constexpr size_t kDefaultBufferSize = 64 * 1024;

  // Creates (truncating) or, with append = true, opens for appending.
  static Status Open(const std::string& path, std::unique_ptr<WritableFile>* out, bool append = false,
                     size_t buffer_size = kDefaultBufferSize);
  ~WritableFile();  // closes without syncing if still open

  WritableFile(const WritableFile&) = delete;
  WritableFile& operator=(const WritableFile&) = delete;

  Status Append(std::string_view data);
  Status Flush();  // buffer -> kernel
  Status Sync();   // Flush + fdatasync
  Status Close();  // Flush + close (no sync)

  // Bytes appended so far (including the file's size at Open when appending).
  uint64_t size() const { return size_; }
  const std::string& path() const { return path_; }

 private:
  WritableFile(std::string path, int fd, uint64_t size, size_t buffer_size);
  Status WriteRaw(const char* data, size_t n);

  std::string path_;
  int fd_;
  uint64_t size_;
  size_t capacity_;
  std::string buffer_;
};

// Read-only file for concurrent positional reads. Thread-safe.
class RandomAccessFile {
 public:
  static Status Open(const std::string& path, std::unique_ptr<RandomAccessFile>* out);
  ~RandomAccessFile();

  RandomAccessFile(const RandomAccessFile&) = delete;
  RandomAccessFile& operator=(const RandomAccessFile&) = delete;

  // Reads exactly n bytes at offset into scratch. A short read (end of file)
  // is Status::Corruption; the caller validated the range against size().
  Status Read(uint64_t offset, size_t n, char* scratch) const;

  uint64_t size() const { return size_; }
  const std::string& path() const { return path_; }

 private:
  RandomAccessFile(std::string path, int fd, uint64_t size) : path_(std::move(path)), fd_(fd), size_(size) {}

  std::string path_;
  int fd_;
  uint64_t size_;
};

Status ReadFileToString(const std::string& path, std::string* data);
// Writes data to "<path>.tmp", fsyncs it, renames it over path and fsyncs the
// directory: after return the new content survives a crash; before, the old.
Status WriteFileAtomically(const std::string& path, std::string_view data);
Status SyncDir(const std::string& dir);
Status CreateDir(const std::string& dir);  // mkdir -p; OK if it exists
Status ListDir(const std::string& dir, std::vector<std::string>* names);
Status RemoveFile(const std::string& path);
Status RenameFile(const std::string& from, const std::string& to);
Status GetFileSize(const std::string& path, uint64_t* size);
bool FileExists(const std::string& path);
std::string JoinPath(std::string_view dir, std::string_view name);
// The directory part of path ("a/b/c" -> "a/b"; "c" -> "."; "/c" -> "/").
std::string DirName(const std::string& path);
// The last component of path, trailing slashes ignored ("a/b/c/" -> "c").
std::string_view BaseName(std::string_view path);

}  // namespace zt

#endif  // ZT_UTIL_FILE_H_
