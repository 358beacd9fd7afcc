#include "util/file.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "util/testing.h"

namespace zt {

TEST(FileTest, WriteReadAppend) {
  testing::TempDir dir;
  std::string path = JoinPath(dir.path(), "a.dat");
  std::unique_ptr<WritableFile> w;
  ASSERT_TRUE(WritableFile::Open(path, &w, false, 16).ok());
  ASSERT_TRUE(w->Append("hello ").ok());
  ASSERT_TRUE(w->Append(std::string(100, 'x')).ok());  // bigger than buffer
  ASSERT_TRUE(w->Append("!").ok());
  EXPECT_EQ(w->size(), 107u);
  ASSERT_TRUE(w->Sync().ok());
  ASSERT_TRUE(w->Close().ok());
  EXPECT_FALSE(w->Append("late").ok());

  std::string data;
  ASSERT_TRUE(ReadFileToString(path, &data).ok());
  EXPECT_EQ(data, "hello " + std::string(100, 'x') + "!");

  ASSERT_TRUE(WritableFile::Open(path, &w, /*append=*/true).ok());
  EXPECT_EQ(w->size(), 107u);
  ASSERT_TRUE(w->Append("more").ok());
  ASSERT_TRUE(w->Close().ok());
  uint64_t size;
  ASSERT_TRUE(GetFileSize(path, &size).ok());
  EXPECT_EQ(size, 111u);

  std::unique_ptr<RandomAccessFile> r;
  ASSERT_TRUE(RandomAccessFile::Open(path, &r).ok());
  EXPECT_EQ(r->size(), 111u);
  char buf[5];
  ASSERT_TRUE(r->Read(0, 5, buf).ok());
  EXPECT_EQ(std::string(buf, 5), "hello");
  ASSERT_TRUE(r->Read(107, 4, buf).ok());
  EXPECT_EQ(std::string(buf, 4), "more");
  EXPECT_TRUE(r->Read(108, 5, buf).IsCorruption());  // past the end
}

TEST(FileTest, AtomicWriteReplaces) {
  testing::TempDir dir;
  std::string path = JoinPath(dir.path(), "MANIFEST");
  ASSERT_TRUE(WriteFileAtomically(path, "one").ok());
  ASSERT_TRUE(WriteFileAtomically(path, "two two").ok());
  std::string data;
  ASSERT_TRUE(ReadFileToString(path, &data).ok());
  EXPECT_EQ(data, "two two");
  EXPECT_FALSE(FileExists(path + ".tmp"));
}

TEST(FileTest, DirectoryOps) {
  testing::TempDir dir;
  std::string nested = JoinPath(dir.path(), "a/b/c");
  ASSERT_TRUE(CreateDir(nested).ok());
  ASSERT_TRUE(CreateDir(nested).ok());  // exists: fine
  ASSERT_TRUE(WriteFileAtomically(JoinPath(nested, "x"), "1").ok());
  ASSERT_TRUE(WriteFileAtomically(JoinPath(nested, "y"), "2").ok());
  ASSERT_TRUE(RenameFile(JoinPath(nested, "y"), JoinPath(nested, "z")).ok());
  std::vector<std::string> names;
  ASSERT_TRUE(ListDir(nested, &names).ok());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"x", "z"}));
  ASSERT_TRUE(RemoveFile(JoinPath(nested, "x")).ok());
  EXPECT_TRUE(RemoveFile(JoinPath(nested, "x")).IsNotFound());
  EXPECT_FALSE(FileExists(JoinPath(nested, "x")));
  ASSERT_TRUE(SyncDir(nested).ok());
  std::string data;
  EXPECT_TRUE(ReadFileToString(JoinPath(nested, "nope"), &data).IsNotFound());
  EXPECT_TRUE(ListDir(JoinPath(dir.path(), "missing"), &names).IsIOError());
  // A path through a regular file cannot be a directory.
  EXPECT_FALSE(CreateDir(JoinPath(nested, "z/sub")).ok());
}

TEST(FileTest, JoinPath) {
  EXPECT_EQ(JoinPath("a", "b"), "a/b");
  EXPECT_EQ(JoinPath("a/", "b"), "a/b");
  EXPECT_EQ(JoinPath("", "b"), "b");
}

TEST(FileTest, DirNameAndBaseName) {
  EXPECT_EQ(DirName("/data/zt/profiles/7.wal"), "/data/zt/profiles");
  EXPECT_EQ(DirName("7.wal"), ".");
  EXPECT_EQ(DirName("/7.wal"), "/");
  EXPECT_EQ(BaseName("/data/zt/profiles"), "profiles");
  EXPECT_EQ(BaseName("/data/zt/profiles/"), "profiles");
  EXPECT_EQ(BaseName("profiles"), "profiles");
  EXPECT_EQ(BaseName(""), "");
}

}  // namespace zt
