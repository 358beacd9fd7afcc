#include "db/manifest.h"

#include <gtest/gtest.h>

#include "db/testutil.h"
#include "util/file.h"

namespace zt {
namespace {

ManifestState Sample() {
  ManifestState s;
  s.next_file_number = 42;
  s.wal_floor = 30;
  s.live_wals = {30, 35, 41};
  s.disk = {{10, 1000, 3, 65536, "a", "m"}, {12, 500, 0, 30000, "n", "q"}};
  s.bottoms = {{{20, 7, 1, 100, "b", "c"}}, {{5, 9, 0, 200, "a", "z"}}};
  return s;
}

void ExpectEqual(const ManifestState& a, const ManifestState& b) {
  EXPECT_EQ(a.next_file_number, b.next_file_number);
  EXPECT_EQ(a.wal_floor, b.wal_floor);
  EXPECT_EQ(a.live_wals, b.live_wals);
  ASSERT_EQ(a.disk.size(), b.disk.size());
  for (size_t i = 0; i < a.disk.size(); ++i) {
    EXPECT_EQ(a.disk[i].file_number, b.disk[i].file_number);
    EXPECT_EQ(a.disk[i].entries, b.disk[i].entries);
    EXPECT_EQ(a.disk[i].tombstones, b.disk[i].tombstones);
    EXPECT_EQ(a.disk[i].file_size, b.disk[i].file_size);
    EXPECT_EQ(a.disk[i].smallest_key, b.disk[i].smallest_key);
    EXPECT_EQ(a.disk[i].largest_key, b.disk[i].largest_key);
  }
  ASSERT_EQ(a.bottoms.size(), b.bottoms.size());
  for (size_t i = 0; i < a.bottoms.size(); ++i) {
    ASSERT_EQ(a.bottoms[i].size(), b.bottoms[i].size());
    EXPECT_EQ(a.bottoms[i][0].file_number, b.bottoms[i][0].file_number);
  }
}

TEST(ManifestTest, RoundTrip) {
  test::TempDir dir;
  bool exists = true;
  ManifestState read;
  ASSERT_TRUE(ReadManifest(dir.path(), &read, &exists).ok());
  EXPECT_FALSE(exists);
  ASSERT_TRUE(WriteManifest(dir.path(), Sample()).ok());
  ASSERT_TRUE(ReadManifest(dir.path(), &read, &exists).ok());
  EXPECT_TRUE(exists);
  ExpectEqual(read, Sample());
  EXPECT_FALSE(FileExists(ManifestFileName(dir.path()) + ".tmp"));
}

TEST(ManifestTest, EveryFlippedByteIsCorruption) {
  std::string data;
  EncodeManifest(Sample(), &data);
  for (size_t i = 0; i < data.size(); ++i) {
    std::string bad = data;
    bad[i] ^= 0x10;
    ManifestState st;
    Status s = DecodeManifest("MANIFEST", bad, &st);
    EXPECT_TRUE(s.IsCorruption()) << "byte " << i << ": " << s.ToString();
    EXPECT_NE(s.message().find("MANIFEST"), std::string::npos);
  }
  for (size_t n = 0; n < data.size(); ++n) {
    ManifestState st;
    EXPECT_TRUE(DecodeManifest("MANIFEST", data.substr(0, n), &st).IsCorruption())
        << "truncated to " << n;
  }
}

TEST(ManifestTest, BadFileOnDiskIsCorruption) {
  test::TempDir dir;
  ASSERT_TRUE(WriteManifest(dir.path(), Sample()).ok());
  std::string path = ManifestFileName(dir.path());
  std::string data = test::ReadAll(path);
  data[data.size() / 2] ^= 0xff;
  test::WriteAll(path, data);
  ManifestState st;
  bool exists = false;
  Status s = ReadManifest(dir.path(), &st, &exists);
  EXPECT_TRUE(s.IsCorruption()) << s.ToString();
}

TEST(ManifestTest, OverlappingPartsAreCorruption) {
  ManifestState s = Sample();
  s.disk[1].smallest_key = "k";  // overlaps part 0 ("a".."m")
  std::string data;
  EncodeManifest(s, &data);
  ManifestState st;
  EXPECT_TRUE(DecodeManifest("MANIFEST", data, &st).IsCorruption());
}

}  // namespace
}  // namespace zt
