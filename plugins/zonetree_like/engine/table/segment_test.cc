#include "table/segment.h"

#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <random>
#include <thread>

#include "table/table_testutil.h"
#include "util/file.h"

namespace zt {

using testing::AbsentKeyOf;
using testing::GetString;
using testing::KeyOf;
using testing::ValueOf;

namespace {

std::shared_ptr<BlockCache> NewCache() { return std::make_shared<BlockCache>(64 << 20, std::chrono::milliseconds(0)); }

// Checks every present key, every absent key in between, and keys outside
// the range.
void CheckAll(const Segment& seg, uint64_t n, uint64_t tombstone_every) {
  std::string v;
  for (uint64_t i = 0; i < n; i++) {
    Status s = GetString(seg, KeyOf(i), &v);
    ASSERT_TRUE(s.ok()) << i << " " << s.ToString();
    if (testing::IsTombstone(i, tombstone_every)) {
      ASSERT_EQ(v, "<tomb>") << i;
    } else {
      ASSERT_EQ(v, ValueOf(i)) << i;
    }
    ASSERT_TRUE(GetString(seg, AbsentKeyOf(i), &v).IsNotFound()) << i;
  }
  EXPECT_TRUE(GetString(seg, "", &v).IsNotFound());
  EXPECT_TRUE(GetString(seg, "a", &v).IsNotFound());
  EXPECT_TRUE(GetString(seg, "zzz", &v).IsNotFound());
  EXPECT_TRUE(GetString(seg, KeyOf(n), &v).IsNotFound());
}

}  // namespace

// Sparse array steps (0 = block index only) over odd sizes and tiny blocks,
// so brackets straddle block boundaries and the last bracket is partial.
// Step 1 and 4 in 64 KiB blocks give a block more sparse entries than one
// round of loads fetches (Part::kSparseFetch), so lookups take the probes.
class SparseStepTest : public ::testing::TestWithParam<std::tuple<uint32_t, uint64_t, size_t>> {};

TEST_P(SparseStepTest, EveryKeyFound) {
  auto [step, n, block_size] = GetParam();
  testing::TempDir dir;
  testing::FileNumbers numbers;
  TableOptions opt = testing::ReadThroughOptions(block_size);  // the search path on every Get
  opt.sparse_array_step = step;
  auto parts = testing::WriteRun(dir.path(), opt, &numbers, 0, n, 5);
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_EQ(parts[0].entries, n);
  EXPECT_EQ(parts[0].tombstones, n / 5);
  std::shared_ptr<Segment> seg;
  ASSERT_TRUE(Segment::Open(dir.path(), parts, opt, NewCache(), &seg).ok());
  EXPECT_EQ(seg->entries(), n);
  CheckAll(*seg, n, 5);
}

INSTANTIATE_TEST_SUITE_P(
    Steps, SparseStepTest,
    ::testing::Values(std::make_tuple(0u, 1ull, size_t{4096}), std::make_tuple(0u, 2001ull, size_t{4096}),
                      std::make_tuple(1u, 1ull, size_t{4096}), std::make_tuple(1u, 777ull, size_t{1024}),
                      std::make_tuple(16u, 1ull, size_t{4096}), std::make_tuple(16u, 15ull, size_t{4096}),
                      std::make_tuple(16u, 16ull, size_t{4096}), std::make_tuple(16u, 17ull, size_t{4096}),
                      std::make_tuple(16u, 3001ull, size_t{4096}), std::make_tuple(16u, 3001ull, size_t{300}),
                      std::make_tuple(7u, 1000ull, size_t{500}), std::make_tuple(16u, 5000ull, size_t{64 * 1024}),
                      std::make_tuple(1u, 5000ull, size_t{64 * 1024}),
                      std::make_tuple(4u, 5000ull, size_t{64 * 1024})));

// Keys that agree on the 8 bytes a sparse entry's window holds and differ
// only after them: the search must fall back to whole keys on every such
// tie. The leading letter changes every 37 keys, so most blocks hold two
// letters and their common prefix stops right after "k".
TEST(SegmentTest, SparseSearchResolvesWindowTies) {
  auto key = [](uint64_t i) {
    char buf[48];
    std::snprintf(buf, sizeof(buf), "k%c==========%08llu", static_cast<char>('A' + (i / 74) % 26),
                  static_cast<unsigned long long>(i));
    return std::string(buf);
  };
  for (uint32_t step : {1u, 2u, 16u}) {
    testing::TempDir dir;
    testing::FileNumbers numbers;
    TableOptions opt = testing::ReadThroughOptions(4096);
    opt.sparse_array_step = step;
    SegmentWriter writer(dir.path(), opt, numbers.fn());
    const uint64_t n = 26 * 74;  // the letters stay in order: A..Z once
    for (uint64_t i = 0; i < n; i += 2) ASSERT_TRUE(writer.Add(key(i), EntryKind::kValue, ValueOf(i)).ok());
    std::vector<PartMeta> parts;
    ASSERT_TRUE(writer.Finish(&parts).ok());
    std::shared_ptr<Segment> seg;
    ASSERT_TRUE(Segment::Open(dir.path(), parts, opt, NewCache(), &seg).ok());
    std::string v;
    for (uint64_t i = 0; i < n; i++) {
      Status s = GetString(*seg, key(i), &v);
      if (i % 2 == 0) {
        ASSERT_TRUE(s.ok()) << "step " << step << " key " << key(i) << ": " << s.ToString();
        ASSERT_EQ(v, ValueOf(i));
      } else {
        ASSERT_TRUE(s.IsNotFound()) << "step " << step << " key " << key(i);
      }
    }
  }
}

TEST(SegmentTest, OpenWithAnotherSparseStepThanWritten) {
  testing::TempDir dir;
  testing::FileNumbers numbers;
  TableOptions write_opt;
  write_opt.sparse_array_step = 4;
  write_opt.block_size = 2048;
  auto parts = testing::WriteRun(dir.path(), write_opt, &numbers, 0, 1500, 0);
  for (uint32_t step : {0u, 1u, 4u, 8u, 16u, 6u, 33u}) {
    TableOptions opt = write_opt;
    opt.sparse_array_step = step;
    opt.value_cache_size = 0;
    opt.key_cache_size = 0;
    std::shared_ptr<Segment> seg;
    ASSERT_TRUE(Segment::Open(dir.path(), parts, opt, NewCache(), &seg).ok());
    CheckAll(*seg, 1500, 0);
  }
}

TEST(SegmentTest, NoCompressionAndBigValues) {
  testing::TempDir dir;
  testing::FileNumbers numbers;
  TableOptions opt;
  opt.compression = Compression::kNone;
  opt.block_size = 8192;
  SegmentWriter writer(dir.path(), opt, numbers.fn());
  // Values bigger than a block: one entry per block.
  for (int i = 0; i < 50; i++) {
    ASSERT_TRUE(writer.Add(KeyOf(i), EntryKind::kValue, std::string(20000 + i, static_cast<char>('a' + i % 26))).ok());
  }
  std::vector<PartMeta> parts;
  ASSERT_TRUE(writer.Finish(&parts).ok());
  std::shared_ptr<Segment> seg;
  ASSERT_TRUE(Segment::Open(dir.path(), parts, opt, NewCache(), &seg).ok());
  std::string v;
  for (int i = 0; i < 50; i++) {
    ASSERT_TRUE(GetString(*seg, KeyOf(i), &v).ok());
    EXPECT_EQ(v, std::string(20000 + i, static_cast<char>('a' + i % 26)));
  }
}

// Every block compression reads back what was written, through a point
// lookup of every key and a scan, at the default block size (a store
// written with one compression is read whatever the options say later: the
// type is in each block's trailer).
class SegmentCompressionTest : public ::testing::TestWithParam<Compression> {};

TEST_P(SegmentCompressionTest, EveryKeyReadsBack) {
  testing::TempDir dir;
  testing::FileNumbers numbers;
  TableOptions opt;
  opt.compression = GetParam();
  opt.value_cache_size = 0;
  opt.key_cache_size = 0;
  SegmentWriter writer(dir.path(), opt, numbers.fn());
  constexpr int kKeys = 3000;
  for (int i = 0; i < kKeys; i++) {
    ASSERT_TRUE(writer.Add(KeyOf(i), EntryKind::kValue, ValueOf(i)).ok());
  }
  std::vector<PartMeta> parts;
  ASSERT_TRUE(writer.Finish(&parts).ok());
  TableOptions read_opt = opt;
  read_opt.compression = GetParam() == Compression::kLz4 ? Compression::kZstd : Compression::kLz4;
  std::shared_ptr<Segment> seg;
  ASSERT_TRUE(Segment::Open(dir.path(), parts, read_opt, NewCache(), &seg).ok());
  CheckAll(*seg, kKeys, 0);
}

INSTANTIATE_TEST_SUITE_P(Compressions, SegmentCompressionTest,
                         ::testing::Values(Compression::kNone, Compression::kZstd, Compression::kLz4),
                         [](const ::testing::TestParamInfo<Compression>& info) {
                           return std::string(CompressionName(info.param));
                         });

namespace {

// Rewrites the footer of part file `path` as one of format version 2 (the
// layout a limit of 0 writes, with the version number it had then).
void MarkFormatVersion2(const std::string& path) {
  std::string file;
  ASSERT_TRUE(ReadFileToString(path, &file).ok());
  ASSERT_GE(file.size(), kFooterSize);
  Footer footer;
  ASSERT_TRUE(footer.DecodeFrom(std::string_view(file).substr(file.size() - kFooterSize)).ok());
  footer.version = 2;
  std::string encoded;
  footer.EncodeTo(&encoded);
  file.replace(file.size() - kFooterSize, kFooterSize, encoded);
  ASSERT_TRUE(WriteFileAtomically(path, file).ok());
}

}  // namespace

// Values on both sides of the inline limit, written with one limit and read
// with options that name another: the reader must take the file's own. A
// part of format version 2 (no values next to their keys) is still read.
TEST(SegmentTest, InlineValueLimitIsTheFiles) {
  auto value = [](int i) { return std::string(static_cast<size_t>(i * 7 % 400), static_cast<char>('a' + i % 26)); };
  const uint32_t kVersion2 = ~0u;  // limit 0, footer rewritten as version 2
  for (uint32_t case_limit : {0u, kVersion2, 16u, kDefaultInlineValueMax}) {
    const uint32_t written = case_limit == kVersion2 ? 0 : case_limit;
    testing::TempDir dir;
    testing::FileNumbers numbers;
    TableOptions opt = testing::ReadThroughOptions(4096);
    opt.inline_value_max = written;
    SegmentWriter writer(dir.path(), opt, numbers.fn());
    for (int i = 0; i < 2000; i++) {
      EntryKind kind = i % 11 == 3 ? EntryKind::kTombstone : EntryKind::kValue;
      ASSERT_TRUE(writer.Add(KeyOf(i), kind, kind == EntryKind::kValue ? value(i) : "").ok());
    }
    std::vector<PartMeta> parts;
    ASSERT_TRUE(writer.Finish(&parts).ok());
    if (case_limit == kVersion2) {
      for (const PartMeta& part : parts) MarkFormatVersion2(PartFileName(dir.path(), part.file_number));
    }
    opt.inline_value_max = written == 0 ? kDefaultInlineValueMax : 0;
    std::shared_ptr<Segment> seg;
    ASSERT_TRUE(Segment::Open(dir.path(), parts, opt, NewCache(), &seg).ok());
    std::string v;
    for (int i = 0; i < 2000; i++) {
      ASSERT_TRUE(GetString(*seg, KeyOf(i), &v).ok()) << case_limit << " " << i;
      ASSERT_EQ(v, i % 11 == 3 ? "<tomb>" : value(i)) << case_limit << " " << i;
    }
    int i = 0;
    auto it = seg->NewIterator();
    for (it->SeekToFirst(); it->Valid(); it->Next(), i++) {
      ASSERT_EQ(it->key(), KeyOf(i));
      if (it->kind() == EntryKind::kValue) {
        ASSERT_EQ(it->value(), value(i)) << case_limit << " " << i;
      }
    }
    EXPECT_TRUE(it->status().ok());
    EXPECT_EQ(i, 2000);
  }
  // A version 2 footer on a part with values next to their keys is damage.
  testing::TempDir dir;
  testing::FileNumbers numbers;
  TableOptions opt;
  auto parts = testing::WriteRun(dir.path(), opt, &numbers, 0, 100, 0);
  MarkFormatVersion2(PartFileName(dir.path(), parts[0].file_number));
  std::shared_ptr<Segment> seg;
  EXPECT_TRUE(Segment::Open(dir.path(), parts, opt, NewCache(), &seg).IsCorruption());
}

// Records [0, n) (every tombstone_every-th a tombstone, 0: none) in 4 KiB
// blocks, with both record caches at 1024 slots.
struct CachedSegment {
  testing::TempDir dir;
  std::shared_ptr<BlockCache> cache = NewCache();
  std::shared_ptr<Segment> seg;
};
std::unique_ptr<CachedSegment> OpenCachedSegment(uint64_t n, uint64_t tombstone_every) {
  auto s = std::make_unique<CachedSegment>();
  testing::FileNumbers numbers;
  TableOptions opt;
  opt.block_size = 4096;
  opt.value_cache_size = 1024;
  opt.key_cache_size = 1024;
  auto parts = testing::WriteRun(s->dir.path(), opt, &numbers, 0, n, tombstone_every);
  EXPECT_TRUE(Segment::Open(s->dir.path(), parts, opt, s->cache, &s->seg).ok());
  return s;
}

TEST(SegmentTest, ValueAndKeyCachesServeRepeatedReads) {
  auto cached = OpenCachedSegment(5000, 7);
  ASSERT_NE(cached->seg, nullptr);
  const auto& seg = cached->seg;
  const auto& cache = cached->cache;
  std::string v;
  // 100 hot records read over and over (the workload's pattern).
  for (int round = 0; round < 20; round++) {
    for (uint64_t i = 0; i < 100; i++) {
      ASSERT_TRUE(GetString(*seg, KeyOf(i * 37), &v).ok());
      ASSERT_EQ(v, testing::IsTombstone(i * 37, 7) ? "<tomb>" : ValueOf(i * 37));
    }
  }
  uint64_t block_lookups = cache->stats().hits + cache->stats().misses;
  Segment::CacheStats st = seg->cache_stats();
  // Rounds 2-19 can hit (round 0 searches, round 1 admits); two ways per
  // bucket, so nearly all must hit.
  EXPECT_GT(st.value_hits, 18u * 100 * 8 / 10);
  EXPECT_LT(block_lookups, 20u * 100 / 2);
  // The second round found each record through the key cache, which admitted
  // it to the value cache; the later rounds were value cache hits.
  EXPECT_GT(st.key_hits, 100u * 8 / 10);
  EXPECT_LT(st.key_hits, 100u * 2);
  // Absent keys are searched every time (the key cache holds only records).
  for (int round = 0; round < 3; round++) {
    EXPECT_TRUE(GetString(*seg, AbsentKeyOf(10), &v).IsNotFound());
  }
}

// Random reads of distinct keys never reach the value cache: a record is
// admitted on its second read only.
TEST(SegmentTest, ValueCacheAdmitsRecordsOnTheirSecondRead) {
  auto cached = OpenCachedSegment(3000, 0);
  ASSERT_NE(cached->seg, nullptr);
  const auto& seg = cached->seg;
  std::string v;
  const size_t fresh = seg->MemoryUsage();
  for (uint64_t i = 0; i < 2500; i++) ASSERT_TRUE(GetString(*seg, KeyOf(i), &v).ok());
  EXPECT_EQ(seg->MemoryUsage(), fresh);  // nothing copied into the value cache
  // Keys not read before, three times each: the second read finds the key
  // cache's location and admits the record; the third is a value cache hit.
  for (uint64_t i = 2500; i < 2510; i++) {
    for (int read = 0; read < 3; read++) {
      ASSERT_TRUE(GetString(*seg, KeyOf(i), &v).ok());
      EXPECT_EQ(v, ValueOf(i));
    }
  }
  EXPECT_EQ(seg->cache_stats().value_hits, 10u);
  EXPECT_GT(seg->MemoryUsage(), fresh);
}

TEST(SegmentTest, KeyCacheOnlyStillReadsCorrectValues) {
  testing::TempDir dir;
  testing::FileNumbers numbers;
  TableOptions opt;
  opt.block_size = 2048;
  opt.value_cache_size = 0;
  opt.key_cache_size = 64;  // small: many collisions and replacements
  auto parts = testing::WriteRun(dir.path(), opt, &numbers, 0, 3000, 4);
  std::shared_ptr<Segment> seg;
  ASSERT_TRUE(Segment::Open(dir.path(), parts, opt, NewCache(), &seg).ok());
  std::mt19937 rng(7);
  std::string v;
  for (int i = 0; i < 20000; i++) {
    uint64_t k = rng() % 3000;
    ASSERT_TRUE(GetString(*seg, KeyOf(k), &v).ok());
    ASSERT_EQ(v, testing::IsTombstone(k, 4) ? "<tomb>" : ValueOf(k));
  }
  EXPECT_GT(seg->cache_stats().key_hits, 0u);
}

TEST(SegmentTest, ZeroBudgetBlockCacheStillWorks) {
  testing::TempDir dir;
  testing::FileNumbers numbers;
  TableOptions opt;
  opt.block_size = 4096;
  auto parts = testing::WriteRun(dir.path(), opt, &numbers, 0, 2000, 0);
  auto cache = std::make_shared<BlockCache>(0, std::chrono::milliseconds(0));
  std::shared_ptr<Segment> seg;
  ASSERT_TRUE(Segment::Open(dir.path(), parts, opt, cache, &seg).ok());
  CheckAll(*seg, 2000, 0);
  EXPECT_EQ(cache->charge(), 0u);
}

// Binary keys of many lengths with zero bytes (like the profile store's
// 8-byte big-endian ids), against a std::map model.
TEST(SegmentTest, BinaryKeysAgainstModel) {
  for (uint32_t step : {0u, 3u, 16u}) {
    testing::TempDir dir;
    testing::FileNumbers numbers;
    TableOptions opt;
    opt.block_size = 512;
    opt.sparse_array_step = step;
    opt.part_max_entries = 700;
    std::mt19937 rng(step + 1);
    std::map<std::string, std::string> model;
    while (model.size() < 2000) {
      std::string k(rng() % 12, '\0');
      for (auto& c : k) c = static_cast<char>(rng() % 3 == 0 ? 0 : rng() % 256);
      model[k] = testing::Cat("v", model.size());
    }
    SegmentWriter w(dir.path(), opt, numbers.fn());
    for (const auto& [k, v] : model) {
      ASSERT_TRUE(w.Add(k, EntryKind::kValue, v).ok());
    }
    std::vector<PartMeta> parts;
    ASSERT_TRUE(w.Finish(&parts).ok());
    std::shared_ptr<Segment> seg;
    ASSERT_TRUE(Segment::Open(dir.path(), parts, opt, NewCache(), &seg).ok());
    std::string v;
    for (const auto& [k, want] : model) {
      ASSERT_TRUE(GetString(*seg, k, &v).ok());
      ASSERT_EQ(v, want);
      // Neighbours that are not keys: k + "\0", k with its last byte bumped.
      std::string longer = k + std::string(1, '\0');
      EXPECT_EQ(GetString(*seg, longer, &v).ok(), model.count(longer) == 1);
      if (!k.empty() && static_cast<uint8_t>(k.back()) < 255) {
        std::string bumped = k;
        bumped.back() = static_cast<char>(bumped.back() + 1);
        EXPECT_EQ(GetString(*seg, bumped, &v).ok(), model.count(bumped) == 1);
      }
    }
    // Seek agrees with the model's lower_bound for arbitrary targets.
    auto it = seg->NewIterator();
    for (int i = 0; i < 500; i++) {
      std::string t(rng() % 10, '\0');
      for (auto& c : t) c = static_cast<char>(rng() % 4 == 0 ? 0 : rng() % 256);
      it->Seek(t);
      auto m = model.lower_bound(t);
      if (m == model.end()) {
        EXPECT_FALSE(it->Valid());
      } else {
        ASSERT_TRUE(it->Valid());
        EXPECT_EQ(it->key(), m->first);
      }
    }
  }
}

TEST(SegmentTest, EmptySegment) {
  testing::TempDir dir;
  std::shared_ptr<Segment> seg;
  ASSERT_TRUE(Segment::Open(dir.path(), {}, TableOptions(), NewCache(), &seg).ok());
  std::string v;
  EXPECT_TRUE(GetString(*seg, "x", &v).IsNotFound());
  auto it = seg->NewIterator();
  it->SeekToFirst();
  EXPECT_FALSE(it->Valid());
  EXPECT_TRUE(it->status().ok());
}

TEST(SegmentTest, OpenRejectsOverlappingParts) {
  testing::TempDir dir;
  testing::FileNumbers numbers;
  TableOptions opt;
  auto a = testing::WriteRun(dir.path(), opt, &numbers, 0, 100, 0);
  auto b = testing::WriteRun(dir.path(), opt, &numbers, 50, 150, 0);
  std::vector<PartMeta> both = {a[0], b[0]};
  std::shared_ptr<Segment> seg;
  EXPECT_TRUE(Segment::Open(dir.path(), both, opt, NewCache(), &seg).IsInvalidArgument());
}

TEST(SegmentTest, ConcurrentReadersWhileIterating) {
  testing::TempDir dir;
  testing::FileNumbers numbers;
  TableOptions opt;
  opt.block_size = 4096;
  opt.part_max_entries = 7000;
  opt.key_cache_size = 256;
  opt.value_cache_size = 256;
  const uint64_t n = 20000;
  auto parts = testing::WriteRun(dir.path(), opt, &numbers, 0, n, 9);
  ASSERT_EQ(parts.size(), 3u);
  // A small cache so that readers also race on eviction and reloads.
  auto cache = std::make_shared<BlockCache>(256 << 10, std::chrono::milliseconds(1));
  std::shared_ptr<Segment> seg;
  ASSERT_TRUE(Segment::Open(dir.path(), parts, opt, cache, &seg).ok());
  std::atomic<int> errors{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 3; t++) {
    threads.emplace_back([&, t] {
      std::mt19937 rng(t);
      std::string v;
      for (int i = 0; i < 30000; i++) {
        uint64_t k = rng() % n;
        bool absent = rng() % 4 == 0;
        Status s = GetString(*seg, absent ? AbsentKeyOf(k) : KeyOf(k), &v);
        if (absent) {
          if (!s.IsNotFound()) errors++;
        } else if (!s.ok() || v != (testing::IsTombstone(k, 9) ? "<tomb>" : ValueOf(k))) {
          errors++;
        }
      }
    });
  }
  threads.emplace_back([&] {
    for (int round = 0; round < 3; round++) {
      auto it = seg->NewIterator();
      uint64_t i = 0;
      for (it->SeekToFirst(); it->Valid(); it->Next(), i++) {
        if (it->key() != KeyOf(i)) errors++;
      }
      if (i != n || !it->status().ok()) errors++;
      cache->EvictExpired();
    }
  });
  for (auto& th : threads) th.join();
  EXPECT_EQ(errors.load(), 0);
}

}  // namespace zt
