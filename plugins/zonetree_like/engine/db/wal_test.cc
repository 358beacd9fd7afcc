#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "db/testutil.h"
#include "db/wal_format.h"
#include "db/wal_reader.h"
#include "db/wal_writer.h"

namespace zt {
namespace {

struct Rec {
  EntryKind kind;
  std::string key, value;
  bool operator==(const Rec& o) const { return kind == o.kind && key == o.key && value == o.value; }
};

std::vector<Rec> MakeRecords(int n) {
  std::vector<Rec> recs;
  for (int i = 0; i < n; ++i) {
    if (i % 7 == 3) {
      recs.push_back({EntryKind::kTombstone, test::Key(i - 1), ""});
    } else {
      recs.push_back({EntryKind::kValue, test::Key(i), test::Value(i, 0, 40)});
    }
  }
  return recs;
}

Status Replay(const std::string& path, std::vector<Rec>* out, WalReplayResult* result) {
  out->clear();
  return ReplayWal(
      path,
      [&](EntryKind k, std::string_view key, std::string_view value) {
        out->push_back({k, std::string(key), std::string(value)});
      },
      result);
}

class WalModeTest : public ::testing::TestWithParam<WalMode> {};

// A log of this test's mode at path whose background thread never writes by
// itself: only Flush, Seal and Close do.
std::unique_ptr<WalWriter> CreateQuietLog(const std::string& path, WalMode mode) {
  Options o = test::SmallOptions(mode);
  o.wal_tail_interval = std::chrono::hours(1);
  o.wal_async_interval = std::chrono::hours(1);
  std::unique_ptr<WalWriter> w;
  EXPECT_TRUE(WalWriter::Create(path, o, nullptr, &w).ok());
  return w;
}

TEST_P(WalModeTest, WriteCloseReplay) {
  test::TempDir dir;
  Options o = test::SmallOptions(GetParam());
  std::string path = wal::LogFileName(dir.path(), 7);
  std::atomic<uint64_t> bytes{0};
  std::vector<Rec> recs = MakeRecords(1000);
  {
    std::unique_ptr<WalWriter> w;
    ASSERT_TRUE(WalWriter::Create(path, o, &bytes, &w).ok());
    for (const Rec& r : recs) ASSERT_TRUE(w->Append(r.kind, r.key, r.value).ok());
    ASSERT_TRUE(w->Close().ok());
    EXPECT_EQ(w->records(), recs.size());
  }
  EXPECT_GT(bytes.load(), 0u);
  std::vector<Rec> got;
  WalReplayResult result;
  ASSERT_TRUE(Replay(path, &got, &result).ok());
  EXPECT_FALSE(result.torn_tail);
  EXPECT_EQ(result.records, recs.size());
  EXPECT_EQ(got, recs);
}

TEST_P(WalModeTest, FlushMakesRecordsReadableWhileOpen) {
  test::TempDir dir;
  std::string path = wal::LogFileName(dir.path(), 1);
  std::unique_ptr<WalWriter> w = CreateQuietLog(path, GetParam());
  ASSERT_NE(w, nullptr);
  std::vector<Rec> recs = MakeRecords(57);  // less than one block
  for (const Rec& r : recs) ASSERT_TRUE(w->Append(r.kind, r.key, r.value).ok());
  ASSERT_TRUE(w->Flush().ok());
  std::vector<Rec> got;
  WalReplayResult result;
  ASSERT_TRUE(Replay(path, &got, &result).ok());
  EXPECT_EQ(got, recs);
  ASSERT_TRUE(w->Close().ok());
}

// A sealed log (its memtable frozen) holds every record, still syncs and
// closes, and takes no more records.
TEST_P(WalModeTest, SealedLogHoldsEverythingAndTakesNoMore) {
  test::TempDir dir;
  std::string path = wal::LogFileName(dir.path(), 3);
  std::unique_ptr<WalWriter> w = CreateQuietLog(path, GetParam());
  ASSERT_NE(w, nullptr);
  std::vector<Rec> recs = MakeRecords(1000);  // several blocks and a tail
  for (const Rec& r : recs) ASSERT_TRUE(w->Append(r.kind, r.key, r.value).ok());
  ASSERT_TRUE(w->Seal().ok());
  std::vector<Rec> got;
  WalReplayResult result;
  ASSERT_TRUE(Replay(path, &got, &result).ok());
  EXPECT_EQ(got, recs);
  EXPECT_TRUE(w->Append(EntryKind::kValue, "late", "record").IsInvalidArgument());
  ASSERT_TRUE(w->Flush().ok());
  ASSERT_TRUE(w->Sync().ok());
  ASSERT_TRUE(w->Close().ok());
  ASSERT_TRUE(Replay(path, &got, &result).ok());
  EXPECT_FALSE(result.torn_tail);
  EXPECT_EQ(got, recs);
}

TEST_P(WalModeTest, TornTailIsCutAndReported) {
  test::TempDir dir;
  Options o = test::SmallOptions(GetParam());
  std::string path = wal::LogFileName(dir.path(), 2);
  std::vector<Rec> recs = MakeRecords(300);
  {
    std::unique_ptr<WalWriter> w;
    ASSERT_TRUE(WalWriter::Create(path, o, nullptr, &w).ok());
    for (const Rec& r : recs) ASSERT_TRUE(w->Append(r.kind, r.key, r.value).ok());
    ASSERT_TRUE(w->Close().ok());
  }
  // Drop the side tail file (it would restore what we cut) and cut 3 bytes.
  std::string tail = wal::TailFileName(path);
  ::unlink(tail.c_str());
  std::string data = test::ReadAll(path);
  test::WriteAll(path, data.substr(0, data.size() - 3));
  std::vector<Rec> got;
  WalReplayResult result;
  ASSERT_TRUE(Replay(path, &got, &result).ok());
  EXPECT_TRUE(result.torn_tail);
  EXPECT_GT(result.torn_bytes, 0u);
  ASSERT_LT(got.size(), recs.size());
  // What survives is a prefix of what was written, in order.
  for (size_t i = 0; i < got.size(); ++i) ASSERT_EQ(got[i], recs[i]) << i;
  // The file was truncated to its last whole frame: a second replay is clean.
  std::vector<Rec> again;
  ASSERT_TRUE(Replay(path, &again, &result).ok());
  EXPECT_FALSE(result.torn_tail);
  EXPECT_EQ(again, got);
}

TEST_P(WalModeTest, ChecksumFailureBeforeTailIsCorruption) {
  test::TempDir dir;
  Options o = test::SmallOptions(GetParam());
  o.wal_block_size = 512;
  std::string path = wal::LogFileName(dir.path(), 3);
  {
    std::unique_ptr<WalWriter> w;
    ASSERT_TRUE(WalWriter::Create(path, o, nullptr, &w).ok());
    for (const Rec& r : MakeRecords(400)) {
      ASSERT_TRUE(w->Append(r.kind, r.key, r.value).ok());
      // async: give the writer a chance to write several frames.
      if (GetParam() == WalMode::kAsyncCompressed && r.key.back() == '0') {
        ASSERT_TRUE(w->Flush().ok());
      }
    }
    ASSERT_TRUE(w->Close().ok());
  }
  std::string data = test::ReadAll(path);
  ASSERT_GT(data.size(), 200u);
  data[wal::kMagic.size() + wal::kFrameHeaderSize + 5] ^= 0x40;  // first frame
  test::WriteAll(path, data);
  std::vector<Rec> got;
  WalReplayResult result;
  Status s = Replay(path, &got, &result);
  EXPECT_TRUE(s.IsCorruption()) << s.ToString();
  EXPECT_NE(s.message().find(path), std::string::npos) << s.message();
}

INSTANTIATE_TEST_SUITE_P(Modes, WalModeTest,
                         ::testing::Values(WalMode::kSync, WalMode::kSyncCompressed, WalMode::kAsyncCompressed),
                         [](const auto& info) {
                           std::string n = WalModeName(info.param);
                           for (char& c : n) {
                             if (c == '-') c = '_';
                           }
                           return n;
                         });

TEST(WalTest, SyncCompressedTailRewrittenInBackground) {
  test::TempDir dir;
  Options o = test::SmallOptions(WalMode::kSyncCompressed);
  o.wal_tail_interval = std::chrono::milliseconds(10);
  o.wal_block_size = 4096;
  std::string path = wal::LogFileName(dir.path(), 4);
  std::unique_ptr<WalWriter> w;
  ASSERT_TRUE(WalWriter::Create(path, o, nullptr, &w).ok());
  std::vector<Rec> recs = MakeRecords(500);  // several blocks and a tail
  for (const Rec& r : recs) ASSERT_TRUE(w->Append(r.kind, r.key, r.value).ok());
  // No Flush: the background thread must write the tail by itself.
  std::vector<Rec> got;
  WalReplayResult result;
  for (int i = 0; i < 200 && got.size() < recs.size(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    ASSERT_TRUE(Replay(path, &got, &result).ok());
  }
  EXPECT_EQ(got, recs);
  // The log itself holds compressed blocks smaller than the raw records.
  size_t raw = 0;
  for (const Rec& r : recs) raw += r.key.size() + r.value.size();
  EXPECT_LT(test::ReadAll(path).size(), raw);
  ASSERT_TRUE(w->Close().ok());
}

TEST(WalTest, FinalFrameWithBadChecksumIsTorn) {
  test::TempDir dir;
  Options o = test::SmallOptions(WalMode::kSync);
  std::string path = wal::LogFileName(dir.path(), 5);
  {
    std::unique_ptr<WalWriter> w;
    ASSERT_TRUE(WalWriter::Create(path, o, nullptr, &w).ok());
    for (const Rec& r : MakeRecords(10)) {
      ASSERT_TRUE(w->Append(r.kind, r.key, r.value).ok());
    }
    ASSERT_TRUE(w->Close().ok());
  }
  std::string data = test::ReadAll(path);
  data[data.size() - 2] ^= 0x01;  // inside the last record
  test::WriteAll(path, data);
  std::vector<Rec> got;
  WalReplayResult result;
  ASSERT_TRUE(Replay(path, &got, &result).ok());
  EXPECT_TRUE(result.torn_tail);
  EXPECT_EQ(got.size(), 9u);
}

TEST(WalTest, EmptyAndPartialMagic) {
  test::TempDir dir;
  std::string path = dir.Sub("000009.wal");
  test::WriteAll(path, "");
  std::vector<Rec> got;
  WalReplayResult result;
  ASSERT_TRUE(Replay(path, &got, &result).ok());
  EXPECT_TRUE(got.empty());
  test::WriteAll(path, "ZTW");
  ASSERT_TRUE(Replay(path, &got, &result).ok());
  EXPECT_TRUE(result.torn_tail);
  test::WriteAll(path, "garbage!garbage!");
  EXPECT_TRUE(Replay(path, &got, &result).IsCorruption());
}

}  // namespace
}  // namespace zt
