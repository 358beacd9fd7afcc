// Microbenchmark of Segment::Get and iteration on 1M records (~40-byte keys,
// ~150-byte values like the profile store, or 8-byte values like its
// indexes), warm block cache (BM_GetCold: every block read from its file).
// Run: build/zt_segment_bench.
// BM_GetScale reads a profile-like store (8-byte big-endian ids) and an
// email-index-like one, each of 100K and of 1M records: the two scales'
// costs per Get, in one run, are the engine side of `kvbench scaling`'s
// point-read ratios.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "table/segment.h"
#include "table/segment_writer.h"
#include "util/testing.h"

namespace zt {
namespace {

constexpr uint64_t kRecords = 1'000'000;

enum class Keys { kText, kId };

std::string BenchKey(uint64_t i, Keys keys = Keys::kText) {
  if (keys == Keys::kId) {  // the profile store's: 8 bytes big-endian
    char id[8];
    for (int b = 0; b < 8; b++) id[b] = static_cast<char>((i * 3) >> (56 - 8 * b));
    return std::string(id, 8);
  }
  char buf[64];
  std::snprintf(buf, sizeof(buf), "DE|active|%020llu|profile-ix", static_cast<unsigned long long>(i * 3));
  return buf;  // 40 bytes
}

std::string BenchValue(uint64_t i, bool small) {
  if (small) return std::string(reinterpret_cast<const char*>(&i), 8);
  std::string v = testing::Cat("id=", i);
  v += "|user";
  v += std::to_string(i);
  v += "@example.com|DE|active|1672531200000|Profile prefers storage engines";
  while (v.size() < 150) v += static_cast<char>('a' + (i + v.size()) % 26);
  return v;
}

struct Dataset {
  testing::TempDir dir;
  TableOptions options;
  std::vector<PartMeta> parts;
  std::shared_ptr<BlockCache> cache;
  std::shared_ptr<Segment> seg;
  std::vector<std::string> keys;
};

// One dataset per (block size, sparse step, caches, value size, keys,
// records, compression), built on first use and warmed.
Dataset& GetDataset(size_t block_size, uint32_t step, bool record_caches, bool small_values = false,
                    Keys keys = Keys::kText, uint64_t records = kRecords,
                    Compression compression = TableOptions{}.compression) {
  static std::map<std::tuple<size_t, uint32_t, bool, bool, Keys, uint64_t, Compression>, std::unique_ptr<Dataset>>
      datasets;
  auto& slot = datasets[{block_size, step, record_caches, small_values, keys, records, compression}];
  if (slot) return *slot;
  slot = std::make_unique<Dataset>();
  Dataset& d = *slot;
  TableOptions opt;
  opt.block_size = block_size;
  opt.sparse_array_step = step;
  opt.compression = compression;
  if (!record_caches) {
    opt.key_cache_size = 0;
    opt.value_cache_size = 0;
  }
  uint64_t next = 1;
  SegmentWriter writer(d.dir.path(), opt, [&] { return next++; });
  d.keys.reserve(records);
  for (uint64_t i = 0; i < records; i++) {
    d.keys.push_back(BenchKey(i, keys));
    if (!writer.Add(d.keys.back(), EntryKind::kValue, BenchValue(i, small_values)).ok()) {
      std::abort();
    }
  }
  if (!writer.Finish(&d.parts).ok()) std::abort();
  d.options = opt;
  d.cache = std::make_shared<BlockCache>(BlockCache::kUnbounded, std::chrono::milliseconds(0));
  if (!Segment::Open(d.dir.path(), d.parts, opt, d.cache, &d.seg).ok()) {
    std::abort();
  }
  // Warm: every block in the cache.
  auto it = d.seg->NewIterator();
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
  }
  return d;
}

// Reads every byte of the value, as a real reader does (the host parses and
// checksums each profile): a sink that took only the size would not wait for
// the value's cache lines, and would favour layouts that store values apart
// from their keys.
void CountSink(void* ctx, std::string_view v) {
  size_t sum = v.size();
  for (char c : v) sum += static_cast<unsigned char>(c);
  *static_cast<size_t*>(ctx) += sum;
}

std::vector<uint32_t> RandomOrder(uint64_t n, uint32_t seed) {
  std::vector<uint32_t> order(1 << 20);
  std::mt19937 rng(seed);
  for (auto& o : order) o = static_cast<uint32_t>(rng() % n);
  return order;
}

// RandomOrder(records, seed), made once per (records, seed) for benchmarks
// that run at several scales.
const std::vector<uint32_t>& ScaleOrder(uint64_t records, uint32_t seed) {
  static std::map<std::pair<uint64_t, uint32_t>, std::vector<uint32_t>> orders;
  std::vector<uint32_t>& order = orders[{records, seed}];
  if (order.empty()) order = RandomOrder(records, seed);
  return order;
}

void RunGets(benchmark::State& state, Dataset& d, const std::vector<uint32_t>& order, bool absent) {
  size_t bytes = 0, i = static_cast<size_t>(state.thread_index()) * 7919;
  std::vector<std::string> absent_keys;
  if (absent) {
    for (int k = 0; k < 4096; k++) absent_keys.push_back(BenchKey(k * 241) + "~");
  }
  EntryKind kind;
  const size_t mask = order.size() - 1;
  for (auto _ : state) {
    // The key string a few Gets ahead: a reader that makes its keys (the
    // host) does not wait for one in DRAM, and neither should the Get's
    // measured cost.
    if (!absent) {
      __builtin_prefetch(&d.keys[order[(i + 8) & mask]]);
      __builtin_prefetch(d.keys[order[(i + 4) & mask]].data());
    }
    uint32_t k = order[i++ & mask];
    const std::string& key = absent ? absent_keys[k & (absent_keys.size() - 1)] : d.keys[k];
    Status s = d.seg->Get(key, &kind, CountSink, &bytes);
    if (s.ok() == absent) {
      state.SkipWithError("unexpected Get result");
      break;
    }
  }
  benchmark::DoNotOptimize(bytes);
  state.SetItemsProcessed(state.iterations());
}

// Args: block size in KiB, sparse step, record caches on/off, small values
// (8 bytes: ~1,300 entries per 64 KiB block, ~80 sparse keys per block).
void BM_GetRandom(benchmark::State& state) {
  Dataset& d = GetDataset(static_cast<size_t>(state.range(0)) << 10, static_cast<uint32_t>(state.range(1)),
                          state.range(2) != 0, state.range(3) != 0);
  static const std::vector<uint32_t> order = RandomOrder(kRecords, 42);
  RunGets(state, d, order, false);
}
BENCHMARK(BM_GetRandom)
    ->ArgNames({"block_kib", "step", "caches", "small"})
    ->Args({16, 16, 1, 0})
    ->Args({64, 16, 1, 0})
    ->Args({64, 16, 1, 1})
    ->Args({16, 16, 0, 0})
    ->Args({64, 16, 0, 0})
    ->Args({64, 0, 0, 0})
    ->Args({64, 1, 0, 0});
BENCHMARK(BM_GetRandom)
    ->ArgNames({"block_kib", "step", "caches", "small"})
    ->Args({64, 16, 1, 0})
    ->Threads(2)
    ->UseRealTime();

// The workload's point reads at two scales: profile-like records (8-byte
// ids, ~150-byte values) or email-index-like ones (text keys, 8-byte
// values), 100K or 1M of them. At 1M the blocks outgrow the CPU's caches.
void BM_GetScale(benchmark::State& state) {
  const uint64_t records = static_cast<uint64_t>(state.range(0));
  const bool profiles = state.range(1) != 0;
  Dataset& d = GetDataset(64 << 10, 16, true, !profiles, profiles ? Keys::kId : Keys::kText, records);
  RunGets(state, d, ScaleOrder(records, 42), false);
}
BENCHMARK(BM_GetScale)
    ->ArgNames({"records", "profiles"})
    ->Args({100'000, 1})
    ->Args({1'000'000, 1})
    ->Args({100'000, 0})
    ->Args({1'000'000, 0});

// A Get whose block is not in the cache: read from the file (the OS's page
// cache, as in the workload's first reads after a merge), checksummed,
// decompressed and parsed, then dropped again (a one-byte cache budget), so
// every Get pays it. The workload's read phases spend a fifth to a quarter of
// their time on these. This bench's values are more regular than the
// workload's profiles and decompress about 3x faster: 18.6 us a 64 KiB block
// here against 55 us a block of a 100K run's profile part (every block read
// in turn, same machine, 2026-12-05). Args: block size in KiB, compression
// (the Compression enum: 0 none, 1 zstd, 2 lz4): what a point read that
// misses the block cache costs, read, check, decompress and parse.
void BM_GetCold(benchmark::State& state) {
  Dataset& d = GetDataset(static_cast<size_t>(state.range(0)) << 10, 16, false, false, Keys::kId, 100'000,
                          static_cast<Compression>(state.range(1)));
  auto cache = std::make_shared<BlockCache>(1, std::chrono::milliseconds(0));
  std::shared_ptr<Segment> seg;
  if (!Segment::Open(d.dir.path(), d.parts, d.options, cache, &seg).ok()) std::abort();
  static const std::vector<uint32_t> order = RandomOrder(100'000, 7);
  size_t bytes = 0, i = 0;
  EntryKind kind;
  for (auto _ : state) {
    if (!seg->Get(d.keys[order[i++ & (order.size() - 1)]], &kind, CountSink, &bytes).ok()) {
      state.SkipWithError("Get failed");
      break;
    }
  }
  benchmark::DoNotOptimize(bytes);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_GetCold)->ArgNames({"block_kib", "compression"})->ArgsProduct({{4, 16, 64}, {0, 1, 2}});

// The workload's hot set: the same 100 records over and over.
void BM_GetHot100(benchmark::State& state) {
  Dataset& d = GetDataset(static_cast<size_t>(state.range(0)) << 10, 16, true);
  std::vector<uint32_t> order = RandomOrder(100, 7);
  for (auto& o : order) o = o * 9973 % kRecords;
  RunGets(state, d, order, false);
}
BENCHMARK(BM_GetHot100)->ArgName("block_kib")->Arg(16)->Arg(64);
BENCHMARK(BM_GetHot100)->ArgName("block_kib")->Arg(64)->Threads(2)->UseRealTime();

// A few distinct records with the record caches off: the search path with
// its data in CPU caches (compute cost, without DRAM misses).
void BM_GetWarm(benchmark::State& state) {
  Dataset& d = GetDataset(64 << 10, 16, false);
  std::vector<uint32_t> order = RandomOrder(static_cast<uint64_t>(state.range(0)), 5);
  for (auto& o : order) o = o * 997 % kRecords;
  RunGets(state, d, order, false);
}
BENCHMARK(BM_GetWarm)->ArgName("distinct")->Arg(10)->Arg(1000)->Arg(10000);

void BM_GetAbsent(benchmark::State& state) {
  Dataset& d = GetDataset(64 << 10, 16, state.range(0) != 0);
  static const std::vector<uint32_t> order = RandomOrder(1 << 12, 3);
  RunGets(state, d, order, true);
}
BENCHMARK(BM_GetAbsent)->ArgName("caches")->Arg(0)->Arg(1);

void BM_Scan(benchmark::State& state) {
  Dataset& d = GetDataset(64 << 10, 16, true);
  std::unique_ptr<SegmentIterator> it = d.seg->NewIterator();
  it->SeekToFirst();
  size_t bytes = 0;
  for (auto _ : state) {
    if (!it->Valid()) it->SeekToFirst();
    bytes += it->key().size() + it->value().size();
    it->Next();
  }
  benchmark::DoNotOptimize(bytes);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Scan);

void BM_SeekRandom(benchmark::State& state) {
  Dataset& d = GetDataset(64 << 10, 16, true);
  static const std::vector<uint32_t> order = RandomOrder(kRecords, 11);
  std::unique_ptr<SegmentIterator> it = d.seg->NewIterator();
  size_t i = 0;
  for (auto _ : state) {
    it->Seek(d.keys[order[i++ & (order.size() - 1)]]);
    benchmark::DoNotOptimize(it->Valid());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SeekRandom);

// The workload's index scans at two scales: a Seek to a random key of an
// index-like store (text keys, 8-byte values; 100K or 1M records), then the
// next 100 entries, as a range query's first page reads them.
void BM_SeekScale(benchmark::State& state) {
  const uint64_t records = static_cast<uint64_t>(state.range(0));
  Dataset& d = GetDataset(64 << 10, 16, true, true, Keys::kText, records);
  const std::vector<uint32_t>& order = ScaleOrder(records, 13);
  std::unique_ptr<SegmentIterator> it = d.seg->NewIterator();
  size_t i = 0, bytes = 0;
  for (auto _ : state) {
    it->Seek(d.keys[order[i++ & (order.size() - 1)]]);
    for (int n = 0; n < 100 && it->Valid(); n++, it->Next()) bytes += it->key().size() + it->value().size();
  }
  benchmark::DoNotOptimize(bytes);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SeekScale)->ArgName("records")->Arg(100'000)->Arg(1'000'000);

}  // namespace
}  // namespace zt

BENCHMARK_MAIN();
