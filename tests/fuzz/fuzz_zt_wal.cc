// zonetree_like's WAL replay (zt::ReplayWal) over arbitrary file contents.
// Input: one flag byte; if its bit 0 is set, a fixed16 length L follows,
// then L bytes of log and the rest is the sync-compressed tail side file
// ("<log>.tail"); otherwise the rest is the log. Bit 1: fix the frames'
// checksums first (zt_fixups.h), so the batch decoder sees the bytes.
// Oracle: OK (a prefix of the records, the torn tail cut off and reported:
// the file is truncated by exactly torn_bytes) or Corruption naming the file;
// never another status, a crash, a hang or an allocation the input cannot
// justify. A replay that succeeded is repeatable: a second replay of the
// truncated log gives the same records and no torn tail.
#include <cstdint>
#include <string>
#include <vector>

#include "db/wal_format.h"
#include "db/wal_reader.h"
#include "fuzz_check.h"
#include "util/file.h"
#include "zt_fixups.h"

namespace {

struct Record {
  zt::EntryKind kind;
  std::string key, value;
  bool operator==(const Record& o) const { return kind == o.kind && key == o.key && value == o.value; }
};

zt::Status Replay(const std::string& path, std::vector<Record>* records, zt::WalReplayResult* result) {
  records->clear();
  return zt::ReplayWal(
      path,
      [&](zt::EntryKind kind, std::string_view key, std::string_view value) {
        FUZZ_CHECK(kind == zt::EntryKind::kValue || kind == zt::EntryKind::kTombstone, "bad kind replayed");
        records->push_back(Record{kind, std::string(key), std::string(value)});
      },
      result);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const bool has_tail = (data[0] & 1) != 0;
  const bool fix = (data[0] & 2) != 0;
  data++;
  size--;
  size_t log_size = size;
  if (has_tail) {
    if (size < 2) return 0;
    log_size = data[0] | (size_t{data[1]} << 8);
    data += 2;
    size -= 2;
    if (log_size > size) log_size = size;
  }
  const std::string& dir = kvbench::fuzz::ScratchDir();
  const std::string log = zt::wal::LogFileName(dir, 7);
  const std::string tail = zt::wal::TailFileName(log);
  std::string log_bytes(reinterpret_cast<const char*>(data), log_size);
  if (fix) kvbench::fuzz::FixWalChecksums(&log_bytes);
  kvbench::fuzz::WriteFileOrDie(log, log_bytes.data(), log_bytes.size());
  if (has_tail) {
    std::string tail_bytes(reinterpret_cast<const char*>(data) + log_size, size - log_size);
    if (fix) kvbench::fuzz::FixWalChecksums(&tail_bytes);
    kvbench::fuzz::WriteFileOrDie(tail, tail_bytes.data(), tail_bytes.size());
  } else {
    zt::RemoveFile(tail);
  }

  std::vector<Record> records;
  zt::WalReplayResult result;
  zt::Status s = Replay(log, &records, &result);
  if (!s.ok()) {
    FUZZ_CHECK(s.IsCorruption(), s.ToString());
    FUZZ_CHECK(s.message().rfind(log, 0) == 0, "corruption does not name the file: " + s.ToString());
    return 0;
  }
  FUZZ_CHECK(result.records == records.size(), "records counted != records applied");
  const long long after = kvbench::fuzz::FileSizeOf(log);
  if (result.torn_tail) {
    FUZZ_CHECK(result.torn_bytes > 0 && result.torn_bytes <= log_size, "torn_bytes out of range");
    FUZZ_CHECK(after == static_cast<long long>(log_size - result.torn_bytes),
               "log not truncated to its last whole frame");
  } else {
    FUZZ_CHECK(result.torn_bytes == 0, "torn bytes without a torn tail");
    FUZZ_CHECK(after == static_cast<long long>(log_size), "an intact log changed size");
  }

  std::vector<Record> again;
  zt::WalReplayResult result2;
  s = Replay(log, &again, &result2);
  FUZZ_CHECK(s.ok(), "second replay of a recovered log fails: " + s.ToString());
  FUZZ_CHECK(!result2.torn_tail, "second replay finds a torn tail again");
  FUZZ_CHECK(again == records, "second replay gives other records");
  return 0;
}
