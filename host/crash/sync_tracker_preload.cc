// libkvbench_sync_tracker.so: preloaded (LD_PRELOAD) into the writer of 'kvbench crashtest --power-cut'. It wraps
// the libc calls that decide what survives a power cut and records their effect in the shared SyncTable
// (sync_table.hpp) named by KVBENCH_SYNC_TABLE_FD:
//   fsync, fdatasync            -> the file's size at that moment is durable
//   open*/creat* with O_CREAT or O_TRUNC on a new or emptied file -> nothing of it is durable yet
//   open* with O_SYNC / O_DSYNC -> every write to it is durable
//   ftruncate*                  -> what was durable beyond the new length is gone
// Every call is forwarded to the next definition (libc, or a sanitizer's interceptor) first; the record is made
// only when it succeeds. Without the variable the library only forwards.
//
// Not modelled (also said in README.md, kvbench crashtest): sync(2), syncfs(2), msync(2), sync_file_range(2) (not a
// durability guarantee anyway), directory entries (a file created and never synced keeps its name, with 0 bytes),
// and writes through stdio streams opened with fopen (their fsync is seen; their creation is not).
// The wrappers must be the plain functions, not _FORTIFY_SOURCE's inline ones.
#undef _FORTIFY_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdarg>
#include <cstdlib>

#include "crash/sync_table.hpp"

namespace {

using kvbench::crash::SyncedFile;
using kvbench::crash::SyncTable;

SyncTable* g_table = nullptr;

__attribute__((constructor)) void AttachTable() {
  const char* text = std::getenv(kvbench::crash::kSyncTableFdEnv);
  if (text == nullptr) return;
  char* end = nullptr;
  const long fd = std::strtol(text, &end, 10);
  if (end == text || *end != '\0' || fd < 0) return;
  void* p = ::mmap(nullptr, sizeof(SyncTable), PROT_READ | PROT_WRITE, MAP_SHARED, static_cast<int>(fd), 0);
  if (p == MAP_FAILED) return;
  g_table = static_cast<SyncTable*>(p);
  g_table->attached.store(1, std::memory_order_release);
}

template <class Fn>
Fn Next(const char* name) {
  return reinterpret_cast<Fn>(::dlsym(RTLD_NEXT, name));
}

// Records fd's current size as durable (synced), or after an open resets or marks its record, or after a
// truncation shortens it.
enum class Event { kSynced, kOpened, kTruncated };

void Record(int fd, Event event, int open_flags) {
  if (g_table == nullptr || fd < 0) return;
  const int saved = errno;
  struct stat st;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
    const bool sync_on_write = (open_flags & (O_SYNC | O_DSYNC)) != 0;
    const bool fresh = (open_flags & (O_CREAT | O_TRUNC)) != 0 && st.st_size == 0;
    g_table->Lock();
    const uint64_t size = static_cast<uint64_t>(st.st_size);
    if (event == Event::kSynced) {
      if (SyncedFile* f = g_table->FindOrAdd(st.st_dev, st.st_ino)) f->synced_bytes = size;
    } else if (event == Event::kTruncated) {
      if (SyncedFile* f = g_table->Find(st.st_dev, st.st_ino); f != nullptr && f->synced_bytes > size)
        f->synced_bytes = size;
    } else if (fresh || sync_on_write) {
      if (SyncedFile* f = g_table->FindOrAdd(st.st_dev, st.st_ino)) {
        if (fresh) f->synced_bytes = 0;
        f->sync_on_write = sync_on_write ? 1 : 0;
      }
    }
    g_table->Unlock();
  }
  errno = saved;
}

mode_t ModeArg(int flags, va_list args) {
  const bool has_mode = (flags & O_CREAT) != 0 || (flags & O_TMPFILE) == O_TMPFILE;
  return has_mode ? static_cast<mode_t>(va_arg(args, int)) : 0;
}

}  // namespace

extern "C" {

__attribute__((visibility("default"))) int fsync(int fd) {
  static const auto next = Next<int (*)(int)>("fsync");
  const int rc = next(fd);
  if (rc == 0) Record(fd, Event::kSynced, 0);
  return rc;
}

__attribute__((visibility("default"))) int fdatasync(int fd) {
  static const auto next = Next<int (*)(int)>("fdatasync");
  const int rc = next(fd);
  if (rc == 0) Record(fd, Event::kSynced, 0);
  return rc;
}

#define KVBENCH_WRAP_OPEN(name)                                                       \
  __attribute__((visibility("default"))) int name(const char* path, int flags, ...) { \
    static const auto next = Next<int (*)(const char*, int, ...)>(#name);             \
    va_list args;                                                                     \
    va_start(args, flags);                                                            \
    const mode_t mode = ModeArg(flags, args);                                         \
    va_end(args);                                                                     \
    const int fd = next(path, flags, mode);                                           \
    Record(fd, Event::kOpened, flags);                                                \
    return fd;                                                                        \
  }
KVBENCH_WRAP_OPEN(open)
KVBENCH_WRAP_OPEN(open64)
#undef KVBENCH_WRAP_OPEN

#define KVBENCH_WRAP_OPENAT(name)                                                              \
  __attribute__((visibility("default"))) int name(int dir, const char* path, int flags, ...) { \
    static const auto next = Next<int (*)(int, const char*, int, ...)>(#name);                 \
    va_list args;                                                                              \
    va_start(args, flags);                                                                     \
    const mode_t mode = ModeArg(flags, args);                                                  \
    va_end(args);                                                                              \
    const int fd = next(dir, path, flags, mode);                                               \
    Record(fd, Event::kOpened, flags);                                                         \
    return fd;                                                                                 \
  }
KVBENCH_WRAP_OPENAT(openat)
KVBENCH_WRAP_OPENAT(openat64)
#undef KVBENCH_WRAP_OPENAT

// _FORTIFY_SOURCE's checked variants (open without a mode argument).
__attribute__((visibility("default"))) int __open_2(const char* path, int flags) {
  static const auto next = Next<int (*)(const char*, int)>("__open_2");
  const int fd = next(path, flags);
  Record(fd, Event::kOpened, flags);
  return fd;
}
__attribute__((visibility("default"))) int __open64_2(const char* path, int flags) {
  static const auto next = Next<int (*)(const char*, int)>("__open64_2");
  const int fd = next(path, flags);
  Record(fd, Event::kOpened, flags);
  return fd;
}
__attribute__((visibility("default"))) int __openat_2(int dir, const char* path, int flags) {
  static const auto next = Next<int (*)(int, const char*, int)>("__openat_2");
  const int fd = next(dir, path, flags);
  Record(fd, Event::kOpened, flags);
  return fd;
}
__attribute__((visibility("default"))) int __openat64_2(int dir, const char* path, int flags) {
  static const auto next = Next<int (*)(int, const char*, int)>("__openat64_2");
  const int fd = next(dir, path, flags);
  Record(fd, Event::kOpened, flags);
  return fd;
}

__attribute__((visibility("default"))) int ftruncate(int fd, off_t length) {
  static const auto next = Next<int (*)(int, off_t)>("ftruncate");
  const int rc = next(fd, length);
  if (rc == 0) Record(fd, Event::kTruncated, 0);
  return rc;
}
__attribute__((visibility("default"))) int ftruncate64(int fd, off64_t length) {
  static const auto next = Next<int (*)(int, off64_t)>("ftruncate64");
  const int rc = next(fd, length);
  if (rc == 0) Record(fd, Event::kTruncated, 0);
  return rc;
}

__attribute__((visibility("default"))) int creat(const char* path, mode_t mode) {
  static const auto next = Next<int (*)(const char*, mode_t)>("creat");
  const int fd = next(path, mode);
  Record(fd, Event::kOpened, O_CREAT | O_TRUNC);
  return fd;
}
__attribute__((visibility("default"))) int creat64(const char* path, mode_t mode) {
  static const auto next = Next<int (*)(const char*, mode_t)>("creat64");
  const int fd = next(path, mode);
  Record(fd, Event::kOpened, O_CREAT | O_TRUNC);
  return fd;
}

}  // extern "C"
