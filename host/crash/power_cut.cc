#include "crash/power_cut.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <new>

#include "common/errno_message.hpp"

namespace kvbench::crash {

nlohmann::json PowerCutStats::ToJson() const {
  return {{"files", files}, {"cut_files", cut_files}, {"dropped_bytes", dropped_bytes}};
}

Status PowerCut::Create(std::unique_ptr<PowerCut>* out) {
  const int fd = ::memfd_create("kvbench-sync-table", 0);  // no MFD_CLOEXEC: the writer inherits it
  if (fd < 0) return Status::IOError(ErrnoMessage("memfd_create"));
  if (::ftruncate(fd, sizeof(SyncTable)) != 0) {
    const Status s = Status::IOError(ErrnoMessage("ftruncate"));
    ::close(fd);
    return s;
  }
  void* p = ::mmap(nullptr, sizeof(SyncTable), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (p == MAP_FAILED) {
    const Status s = Status::IOError(ErrnoMessage("mmap"));
    ::close(fd);
    return s;
  }
  out->reset(new PowerCut(fd, new (p) SyncTable()));
  return Status::OK();
}

PowerCut::~PowerCut() {
  ::munmap(table_, sizeof(SyncTable));
  ::close(fd_);
}

std::vector<std::string> PowerCut::WriterEnvironment(const std::string& tracker_path) const {
  std::vector<std::string> env = {std::string(kSyncTableFdEnv) + "=" + std::to_string(fd_),
                                  "LD_PRELOAD=" + tracker_path};
  // AddressSanitizer insists on being first among the loaded libraries; the tracker only wraps libc calls.
  const char* asan = std::getenv("ASAN_OPTIONS");
  env.push_back(std::string("ASAN_OPTIONS=") + (asan != nullptr && *asan != '\0' ? std::string(asan) + ":" : "") +
                "verify_asan_link_order=0");
  return env;
}

Status PowerCut::Apply(const std::string& data_dir, PowerCutStats* stats) {
  *stats = PowerCutStats();
  if (table_->attached.load(std::memory_order_acquire) == 0) {
    return Status::Internal(
        "the sync tracker was not loaded in the writer (LD_PRELOAD of libkvbench_sync_tracker.so); nothing was cut");
  }
  if (table_->overflowed != 0) {
    return Status::Internal("the writer synced more than " + std::to_string(SyncTable::kMaxFiles) +
                            " files; the record is incomplete and nothing was cut");
  }
  std::error_code ec;
  for (auto it = std::filesystem::recursive_directory_iterator(data_dir, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
    const std::string path = it->path().string();
    struct stat st;
    if (::lstat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) continue;
    ++stats->files;
    const SyncedFile* f = table_->Find(st.st_dev, st.st_ino);  // the writer is gone: no lock
    if (f != nullptr && f->sync_on_write != 0) continue;
    const uint64_t keep = f != nullptr ? f->synced_bytes : 0;
    const uint64_t size = static_cast<uint64_t>(st.st_size);
    if (size <= keep) continue;
    if (::truncate(path.c_str(), static_cast<off_t>(keep)) != 0)
      return Status::IOError(ErrnoMessage("truncate " + path));
    ++stats->cut_files;
    stats->dropped_bytes += size - keep;
  }
  if (ec) return Status::IOError("listing " + data_dir + ": " + ec.message());
  return Status::OK();
}

std::string SyncTrackerPath(const std::string& exe) {
  return (std::filesystem::path(exe).parent_path() / "libkvbench_sync_tracker.so").string();
}

}  // namespace kvbench::crash
