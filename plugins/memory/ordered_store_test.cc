#include "ordered_store.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "snapshot_file.hpp"

namespace kvbench::memory {
namespace {

TEST(OrderedStore, PutFindDeleteKeepOrder) {
  OrderedStore s;
  s.Put("b", "2");
  s.Put("a", "1");
  s.Put("c", "3");
  s.Put("b", "22");
  ASSERT_NE(s.Find("b"), nullptr);
  EXPECT_EQ(*s.Find("b"), "22");
  s.Delete("a");
  s.Delete("zz");
  EXPECT_EQ(s.Find("a"), nullptr);
  std::string order;
  for (const auto& [k, v] : s) order += k;
  EXPECT_EQ(order, "bc");
  EXPECT_EQ(s.size(), 2u);
}

TEST(SnapshotFile, RoundTripAndCorruption) {
  auto dir = std::filesystem::temp_directory_path() / ("kvb_mem_snap_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::string path = (dir / "s.kvsnap").string();
  OrderedStore s;
  for (int i = 0; i < 1000; ++i) s.Put("key" + std::to_string(i), std::string(i % 50, 'x'));
  ASSERT_TRUE(WriteSnapshot(s, path).ok());
  OrderedStore r;
  ASSERT_TRUE(ReadSnapshot(path, &r).ok());
  EXPECT_EQ(r.size(), 1000u);
  EXPECT_EQ(*r.Find("key7"), std::string(7, 'x'));
  {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(100);
    f.put('\x7f');
  }
  sdk::Status st = ReadSnapshot(path, &r);
  EXPECT_EQ(st.code(), KVB_CORRUPTION);
  EXPECT_NE(st.message().find("s.kvsnap"), std::string::npos);
  EXPECT_TRUE(ReadSnapshot((dir / "missing").string(), &r).ok());
  EXPECT_EQ(r.size(), 0u);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace kvbench::memory
