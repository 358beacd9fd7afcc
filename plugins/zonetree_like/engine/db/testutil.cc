#include "db/testutil.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

namespace zt::test {

TempDir::TempDir() {
  const char* base = std::getenv("TMPDIR");
  std::string tmpl = std::string(base != nullptr ? base : "/tmp") + "/zt_test_XXXXXX";
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back('\0');
  char* p = ::mkdtemp(buf.data());
  if (p == nullptr) {
    ADD_FAILURE() << "mkdtemp failed";
    return;
  }
  path_ = p;
}

TempDir::~TempDir() {
  std::error_code ec;
  if (!path_.empty()) std::filesystem::remove_all(path_, ec);
}

Options SmallOptions(WalMode mode) {
  Options o;
  o.wal_mode = mode;
  o.mutable_segment_max_item_count = 200;
  o.disk_segment_max_item_count = 1'000'000;
  o.max_frozen_segments = 3;
  o.table.block_size = 512;
  o.table.part_max_entries = 300;
  o.table.part_min_entries = 100;
  o.table.sparse_array_step = 4;
  o.table.key_cache_size = 16;
  o.table.value_cache_size = 16;
  o.table.iterator_prefetch = 4;
  o.block_cache_bytes = 64 * 1024;
  o.block_cache_shared_bytes = 0;  // the tests of sharing set their own
  o.wal_tail_interval = std::chrono::milliseconds(20);
  o.wal_async_interval = std::chrono::milliseconds(5);
  o.wal_block_size = 2048;
  return o;
}

std::string Key(uint64_t i) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "key%010llu", static_cast<unsigned long long>(i));
  return buf;
}

std::string Value(uint64_t i, uint64_t round, size_t size) {
  std::string v = "v";
  v.append(std::to_string(i));
  v.append(".");
  v.append(std::to_string(round));
  v.append(":");
  while (v.size() < size) v.push_back(static_cast<char>('a' + (i + v.size()) % 26));
  return v;
}

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << path;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void WriteAll(const std::string& path, const std::string& data) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << data;
  EXPECT_TRUE(out.good()) << path;
}

std::vector<std::string> FilesWithSuffix(const std::string& dir,
                                         const std::string& suffix) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
    std::string name = e.path().filename().string();
    if (name.size() >= suffix.size() &&
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0) {
      out.push_back(e.path().string());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace zt::test
