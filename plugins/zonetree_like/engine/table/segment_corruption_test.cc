// Damaged part files must give Status::Corruption (or IOError), never a crash,
// an out-of-bounds read or a wrong value.
#include <gtest/gtest.h>

#include <random>

#include "table/segment.h"
#include "table/table_testutil.h"
#include "util/file.h"

namespace zt {

using testing::KeyOf;
using testing::ValueOf;

namespace {

class CorruptionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    parts_ = testing::WriteRun(dir_.path(), opt_, &numbers_, 0, kN, 5);
    ASSERT_EQ(parts_.size(), 1u);
    path_ = PartFileName(dir_.path(), parts_[0].file_number);
    ASSERT_TRUE(ReadFileToString(path_, &original_).ok());
  }

  void Rewrite(const std::string& bytes) { ASSERT_TRUE(WriteFileAtomically(path_, bytes).ok()); }

  // Opens with metadata matching the file's size and reads everything:
  // each read is either right or an error; returns the first error.
  Status OpenAndReadAll(uint64_t file_size, bool* wrong_value) {
    *wrong_value = false;
    PartMeta meta = parts_[0];
    meta.file_size = file_size;
    std::shared_ptr<Segment> seg;
    auto cache = std::make_shared<BlockCache>(1 << 20, std::chrono::milliseconds(0));
    Status s = Segment::Open(dir_.path(), {meta}, opt_, cache, &seg);
    if (!s.ok()) return s;
    Status first;
    std::string v;
    for (uint64_t i = 0; i < kN; i++) {
      Status g = testing::GetString(*seg, KeyOf(i), &v);
      if (!g.ok()) {
        if (first.ok()) first = g;
        continue;
      }
      std::string want = testing::IsTombstone(i, 5) ? "<tomb>" : ValueOf(i);
      if (v != want) *wrong_value = true;
    }
    auto it = seg->NewIterator();
    uint64_t i = 0;
    for (it->SeekToFirst(); it->Valid(); it->Next(), i++) {
      if (it->key() != KeyOf(i)) *wrong_value = true;
    }
    if (!it->status().ok() && first.ok()) first = it->status();
    if (first.ok() && i != kN) *wrong_value = true;
    return first;
  }

  static constexpr uint64_t kN = 600;
  testing::TempDir dir_;
  testing::FileNumbers numbers_{5};
  TableOptions opt_ = testing::ReadThroughOptions(2048);
  std::vector<PartMeta> parts_;
  std::string path_;
  std::string original_;
};

}  // namespace

TEST_F(CorruptionTest, IntactFileReadsBack) {
  bool wrong;
  EXPECT_TRUE(OpenAndReadAll(original_.size(), &wrong).ok());
  EXPECT_FALSE(wrong);
}

TEST_F(CorruptionTest, FlippedByteInDataBlockIsCorruptionWithFileAndOffset) {
  std::string bad = original_;
  bad[100] ^= 0x08;  // inside block 0
  Rewrite(bad);
  bool wrong;
  Status s = OpenAndReadAll(bad.size(), &wrong);
  ASSERT_TRUE(s.IsCorruption()) << s.ToString();
  EXPECT_NE(s.message().find("file 5 offset 0:"), std::string::npos) << s.message();
  EXPECT_FALSE(wrong);
}

TEST_F(CorruptionTest, EveryTruncationIsCorruption) {
  for (size_t len : {size_t{0}, size_t{1}, size_t{35}, size_t{36}, original_.size() / 2, original_.size() - 37,
                     original_.size() - 36, original_.size() - 1}) {
    Rewrite(original_.substr(0, len));
    bool wrong;
    Status s = OpenAndReadAll(len, &wrong);
    EXPECT_TRUE(s.IsCorruption()) << len << " " << s.ToString();
    EXPECT_FALSE(wrong);
  }
}

TEST_F(CorruptionTest, TruncatedFileWithMatchingMetaStillCorruption) {
  // The manifest says the old size; the file is shorter.
  Rewrite(original_.substr(0, original_.size() - 100));
  bool wrong;
  Status s = OpenAndReadAll(original_.size(), &wrong);
  EXPECT_TRUE(s.IsCorruption()) << s.ToString();
}

TEST_F(CorruptionTest, GarbageFilesAreCorruption) {
  std::mt19937 rng(99);
  for (size_t size : {size_t{36}, size_t{100}, size_t{5000}, original_.size()}) {
    std::string garbage(size, '\0');
    for (auto& c : garbage) c = static_cast<char>(rng());
    Rewrite(garbage);
    bool wrong;
    EXPECT_TRUE(OpenAndReadAll(size, &wrong).IsCorruption()) << size;
    EXPECT_FALSE(wrong);
  }
}

TEST_F(CorruptionTest, RandomByteFlipsNeverGiveWrongValues) {
  std::mt19937 rng(1234);
  int detected = 0;
  for (int trial = 0; trial < 60; trial++) {
    std::string bad = original_;
    size_t pos = rng() % bad.size();
    bad[pos] = static_cast<char>(bad[pos] ^ (1 + rng() % 255));
    Rewrite(bad);
    bool wrong;
    Status s = OpenAndReadAll(bad.size(), &wrong);
    EXPECT_FALSE(wrong) << "flip at " << pos;
    EXPECT_TRUE(s.ok() || s.IsCorruption()) << s.ToString();
    detected += s.IsCorruption();
  }
  // Every byte of a part file is covered by a checksum.
  EXPECT_EQ(detected, 60);
}

TEST_F(CorruptionTest, FooterAndIndexDamage) {
  // Last byte: footer CRC.
  std::string bad = original_;
  bad.back() ^= 1;
  Rewrite(bad);
  bool wrong;
  Status s = OpenAndReadAll(bad.size(), &wrong);
  EXPECT_TRUE(s.IsCorruption());
  EXPECT_NE(s.message().find("file 5 offset " + std::to_string(bad.size() - 36)), std::string::npos) << s.message();
  // A byte of the index block (just before the footer).
  bad = original_;
  bad[bad.size() - 36 - kBlockTrailerSize - 3] ^= 0x40;
  Rewrite(bad);
  s = OpenAndReadAll(bad.size(), &wrong);
  EXPECT_TRUE(s.IsCorruption()) << s.ToString();
}

}  // namespace zt
