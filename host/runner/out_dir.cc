#include "runner/out_dir.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <set>

#include "common/atomic_file.hpp"
#include "report/report_writer.hpp"
#include "runner/data_dir.hpp"

namespace kvbench::runner {

namespace fs = std::filesystem;

namespace {

// Every file `kind` replaces in OUT.
std::vector<std::string> OutputFileNames(OutputKind kind) {
  if (kind == OutputKind::kCrashtest) return {kCrashtestJsonFile, kCrashtestMarkdownFile};
  std::vector<std::string> names = {kResultsFile};
  for (const std::string& name : report::FixedReportFileNames()) names.push_back(name);
  return names;
}

std::string SafeFileName(const std::string& engine_name) {
  std::string safe = engine_name;
  for (char& c : safe) {
    const bool ok =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
    if (!ok) c = '_';
  }
  if (safe == "." || safe == "..") safe = "_";
  return safe;
}

}  // namespace

Status PrepareOutDir(const std::string& dir, OutputKind kind) {
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec)) {
    return Status::InvalidArgument("--out: '" + dir + "' exists and is not a directory");
  }
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir)) {
    return Status::InvalidArgument("--out: cannot create directory '" + dir +
                                   "': " + (ec ? ec.message() : std::string("not a directory")));
  }
  for (const std::string& name : OutputFileNames(kind)) {
    if (Status s = CheckReplaceable((fs::path(dir) / name).string()); !s.ok()) {
      return Status::InvalidArgument("--out: " + s.message() + " (kvbench writes its " + name +
                                     " there: move it away or choose another --out)");
    }
  }
  const fs::path data = fs::path(dir) / kDataDir;
  if (fs::exists(fs::symlink_status(data, ec)) && !fs::is_directory(data, ec)) {
    return Status::InvalidArgument("--out: '" + data.string() +
                                   "' exists and is not a directory (the engines' data directories go there)");
  }
  const std::string probe = (fs::path(dir) / (".kvbench-write-probe-" + std::to_string(::getpid()))).string();
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) {
    return Status::InvalidArgument("--out: directory '" + dir + "' is not writable: " + std::strerror(errno));
  }
  ::close(fd);
  ::unlink(probe.c_str());
  return Status::OK();
}

std::vector<std::string> EngineDataDirs(const std::string& out_dir, const std::vector<config::EngineSpec>& engines) {
  std::vector<std::string> dirs;
  std::set<std::string> taken;
  for (const config::EngineSpec& engine : engines) {
    const std::string base = SafeFileName(engine.name);
    std::string name = base;
    for (int n = 2; !taken.insert(name).second; ++n) name = base + "-" + std::to_string(n);
    dirs.push_back((fs::path(out_dir) / kDataDir / name).string());
  }
  return dirs;
}

Status CheckEngineDataDirs(const std::string& out_dir, const std::vector<config::EngineSpec>& engines) {
  if (Status s = CheckDataRoot((fs::path(out_dir) / kDataDir).string()); !s.ok()) {
    return Status::InvalidArgument("--out: " + s.message());
  }
  for (const std::string& dir : EngineDataDirs(out_dir, engines)) {
    if (Status s = CheckDataDir(dir); !s.ok()) return Status::InvalidArgument("--out: " + s.message());
  }
  return Status::OK();
}

}  // namespace kvbench::runner
