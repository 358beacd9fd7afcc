// The cost of timing one operation: the raw clocks, the histogram, and PhaseMeter's OpStart/OpEnd pair with each
// clock, alone and around a real memory.so point read (the cheapest engine operation the host times).
//
//   build/phase_meter_bench [--benchmark_filter=...]
// The memory.so benchmarks look for the plugin in $KVBENCH_PLUGIN_DIR, else plugins/ beside this executable.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "measure/latency_histogram.hpp"
#include "measure/phase_meter.hpp"
#include "measure/tick_clock.hpp"
#include "plugin/engine_client.hpp"
#include "plugin/plugin_library.hpp"

namespace kvbench::measure {
namespace {

void BM_ClockGettimeMonotonic(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(MonotonicNs());
}
BENCHMARK(BM_ClockGettimeMonotonic);

void BM_SteadyClockNow(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(std::chrono::steady_clock::now());
}
BENCHMARK(BM_SteadyClockNow);

#if KVBENCH_HAVE_RDTSC
void BM_RdtscPlain(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(__rdtsc());
}
BENCHMARK(BM_RdtscPlain);

void BM_RdtscOrdered(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(OrderedRdtsc());
}
BENCHMARK(BM_RdtscOrdered);
#endif

void BM_TickClockNow(benchmark::State& state) {
  const TickClock clock = TickClock::For(static_cast<ClockSource>(state.range(0)));
  if (state.range(0) == static_cast<int>(ClockSource::kTsc) && clock.source() != ClockSource::kTsc) {
    state.SkipWithError("TSC not usable on this machine");
    return;
  }
  for (auto _ : state) benchmark::DoNotOptimize(clock.Now());
  state.SetLabel(ClockSourceName(clock.source()));
}
BENCHMARK(BM_TickClockNow)
    ->ArgName("clock")
    ->Arg(static_cast<int>(ClockSource::kMonotonic))
    ->Arg(static_cast<int>(ClockSource::kTsc));

// Values spread over ~3 decades so that the increments hit different buckets, as real latencies do.
std::vector<uint64_t> SpreadValues() {
  std::mt19937_64 rng(42);
  std::lognormal_distribution<double> dist(8.0, 1.2);
  std::vector<uint64_t> values(4096);
  for (auto& v : values) v = static_cast<uint64_t>(dist(rng));
  return values;
}

void BM_HistogramRecord(benchmark::State& state) {
  const std::vector<uint64_t> values = SpreadValues();
  LatencyHistogram histogram;
  size_t i = 0;
  for (auto _ : state) {
    histogram.Record(values[i]);
    i = (i + 1) & (values.size() - 1);
  }
  benchmark::DoNotOptimize(histogram.Count());
}
BENCHMARK(BM_HistogramRecord);

// One OpStart/OpEnd pair around nothing: the pure recording overhead per operation.
// Args: clock source, sample_every (0 = latency off, count only).
void BM_MeterOp(benchmark::State& state) {
  MeasureOptions options;
  options.clock = static_cast<ClockSource>(state.range(0));
  options.latency = state.range(1) > 0;
  options.latency_sample_every = static_cast<uint32_t>(std::max<int64_t>(1, state.range(1)));
  PhaseMeter meter(options);
  if (options.clock == ClockSource::kTsc && meter.clock_source() != ClockSource::kTsc) {
    state.SkipWithError("TSC not usable on this machine");
    return;
  }
  meter.Begin();
  for (auto _ : state) {
    const uint64_t t = meter.OpStart();
    benchmark::ClobberMemory();
    meter.OpEnd(t);
  }
  const PhaseMeasurement m = meter.End();
  state.SetLabel(std::string(ClockSourceName(meter.clock_source())) +
                 (options.latency ? ", every " + std::to_string(options.latency_sample_every) : ", count only"));
  benchmark::DoNotOptimize(m.latency.Count());
}
BENCHMARK(BM_MeterOp)
    ->ArgNames({"clock", "every"})
    ->Args({static_cast<int>(ClockSource::kMonotonic), 1})
    ->Args({static_cast<int>(ClockSource::kTsc), 1})
    ->Args({static_cast<int>(ClockSource::kMonotonic), 16})
    ->Args({static_cast<int>(ClockSource::kTsc), 8})
    ->Args({static_cast<int>(ClockSource::kTsc), 16})
    ->Args({static_cast<int>(ClockSource::kAuto), 0});

// A memory.so store with 100K keys "user-000000042"-style, values of ~200 bytes.
struct MemoryFixture {
  std::shared_ptr<const host::PluginLibrary> plugin;
  std::unique_ptr<host::EngineClient> engine;
  std::unique_ptr<host::StoreClient> store;
  std::vector<std::string> keys;
  std::unique_ptr<host::StoreClient> profiles;  // 8-byte big-endian ids -> ~150-byte values
  std::vector<uint64_t> ids;
  std::string error;
  std::filesystem::path dir;

  MemoryFixture() {
    const char* env = std::getenv("KVBENCH_PLUGIN_DIR");
    const std::string plugin_dir = env != nullptr ? env : host::DefaultPluginDir();
    Status s = host::PluginLibrary::Load(host::ResolvePluginPath("memory", plugin_dir), &plugin);
    dir = std::filesystem::temp_directory_path() / ("kvbench-meter-bench-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    if (s.ok()) s = host::EngineClient::Open(plugin, dir.string(), "{}", &engine);
    if (s.ok()) s = engine->OpenStore("bench", &store);
    if (s.ok()) s = engine->OpenStore("profiles", &profiles);
    if (!s.ok()) {
      error = s.message();
      return;
    }
    const std::string value(200, 'v');
    for (int i = 0; i < 100000; ++i) {
      char key[32];
      std::snprintf(key, sizeof(key), "user-%09d", i);
      keys.emplace_back(key);
      store->Put(keys.back(), value);
    }
    std::shuffle(keys.begin(), keys.end(), std::mt19937_64(7));
    for (uint64_t id = 1; id <= 100000; ++id) {
      char v[192];
      const int n = std::snprintf(v, sizeof(v),
                                  "%llu|user%012llu@example%02llu.com|DE|active|%llu|%llu|%llu|User %012llu|"
                                  "Profile %llu prefers storage engines and has segment 0042.",
                                  static_cast<unsigned long long>(id), static_cast<unsigned long long>(id),
                                  static_cast<unsigned long long>(id % 97), 1672531200000ull + id * 1000,
                                  1672531200000ull + id * 7, static_cast<unsigned long long>(id * 31 % 1000000),
                                  static_cast<unsigned long long>(id), static_cast<unsigned long long>(id));
      const std::string key = BigEndian(id);
      profiles->Put(key, std::string_view(v, static_cast<size_t>(n)));
    }
    std::mt19937_64 rng(9);
    for (int i = 0; i < 100000; ++i) ids.push_back(1 + rng() % 100000);
  }
  static std::string BigEndian(uint64_t id) {
    std::string key(8, '\0');
    for (int i = 0; i < 8; ++i) key[i] = static_cast<char>(id >> (56 - 8 * i));
    return key;
  }
  ~MemoryFixture() {
    store.reset();
    profiles.reset();
    if (engine) engine->Close();
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
};

MemoryFixture& Memory() {
  static MemoryFixture fixture;
  return fixture;
}

// Args: -1 = no meter at all (the baseline), else clock source; second: sample_every (0 = count only).
void BM_MemoryGet(benchmark::State& state) {
  MemoryFixture& memory = Memory();
  if (!memory.error.empty()) {
    state.SkipWithError(memory.error.c_str());
    return;
  }
  const bool metered = state.range(0) >= 0;
  MeasureOptions options;
  options.clock = metered ? static_cast<ClockSource>(state.range(0)) : ClockSource::kAuto;
  options.latency = state.range(1) > 0;
  options.latency_sample_every = static_cast<uint32_t>(std::max<int64_t>(1, state.range(1)));
  PhaseMeter meter(options);
  if (metered && options.clock == ClockSource::kTsc && meter.clock_source() != ClockSource::kTsc) {
    state.SkipWithError("TSC not usable on this machine");
    return;
  }
  size_t found = 0;
  auto sink = [&found](std::string_view value) { found += value.size(); };
  size_t i = 0;
  const size_t n = memory.keys.size();
  meter.Begin();
  for (auto _ : state) {
    if (metered) {
      const uint64_t t = meter.OpStart();
      memory.store->Get(memory.keys[i], sink);
      meter.OpEnd(t);
    } else {
      memory.store->Get(memory.keys[i], sink);
    }
    if (++i == n) i = 0;
  }
  meter.End();
  benchmark::DoNotOptimize(found);
  state.SetLabel(
      !metered ? "no meter"
               : std::string(ClockSourceName(meter.clock_source())) +
                     (options.latency ? ", every " + std::to_string(options.latency_sample_every) : ", count only"));
}
BENCHMARK(BM_MemoryGet)
    ->ArgNames({"clock", "every"})
    ->Args({-1, 0})
    ->Args({static_cast<int>(ClockSource::kAuto), 0})
    ->Args({static_cast<int>(ClockSource::kMonotonic), 1})
    ->Args({static_cast<int>(ClockSource::kTsc), 1})
    ->Args({static_cast<int>(ClockSource::kTsc), 8})
    ->Args({static_cast<int>(ClockSource::kTsc), 16})
    ->Args({static_cast<int>(ClockSource::kTsc), 64})
    ->Args({static_cast<int>(ClockSource::kTsc), 128})
    ->Args({static_cast<int>(ClockSource::kTsc), 256});

// Closer to a logical "read by user id" operation of the profile workload: encode the id, point-read the profile
// from memory.so, hash its bytes into a checksum. Args as BM_MemoryGet.
void BM_ProfileReadLike(benchmark::State& state) {
  MemoryFixture& memory = Memory();
  if (!memory.error.empty()) {
    state.SkipWithError(memory.error.c_str());
    return;
  }
  const bool metered = state.range(0) >= 0;
  MeasureOptions options;
  options.clock = metered ? static_cast<ClockSource>(state.range(0)) : ClockSource::kAuto;
  options.latency = state.range(1) > 0;
  options.latency_sample_every = static_cast<uint32_t>(std::max<int64_t>(1, state.range(1)));
  PhaseMeter meter(options);
  uint64_t checksum = 0xcbf29ce484222325ull;
  auto sink = [&checksum](std::string_view value) {
    for (const char c : value) checksum = (checksum ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
  };
  auto read = [&](uint64_t id) {
    char key[8];
    for (int b = 0; b < 8; ++b) key[b] = static_cast<char>(id >> (56 - 8 * b));
    memory.profiles->Get(std::string_view(key, 8), sink);
  };
  size_t i = 0;
  const size_t n = memory.ids.size();
  meter.Begin();
  for (auto _ : state) {
    if (metered) {
      const uint64_t t = meter.OpStart();
      read(memory.ids[i]);
      meter.OpEnd(t);
    } else {
      read(memory.ids[i]);
    }
    if (++i == n) i = 0;
  }
  const PhaseMeasurement m = meter.End();
  benchmark::DoNotOptimize(checksum);
  if (m.latency.Count() > 0) state.counters["p50_ns"] = static_cast<double>(m.latency.Percentile(50));
  state.SetLabel(
      !metered ? "no meter"
               : std::string(ClockSourceName(meter.clock_source())) +
                     (options.latency ? ", every " + std::to_string(options.latency_sample_every) : ", count only"));
}
BENCHMARK(BM_ProfileReadLike)
    ->ArgNames({"clock", "every"})
    ->Args({-1, 0})
    ->Args({static_cast<int>(ClockSource::kAuto), 0})
    ->Args({static_cast<int>(ClockSource::kMonotonic), 1})
    ->Args({static_cast<int>(ClockSource::kTsc), 1})
    ->Args({static_cast<int>(ClockSource::kTsc), 4})
    ->Args({static_cast<int>(ClockSource::kTsc), 8})
    ->Args({static_cast<int>(ClockSource::kTsc), 16})
    ->Args({static_cast<int>(ClockSource::kTsc), 64});

// Timing a memory.so read by hand with each way of reading a clock; the counter "p50_ns" shows whether the clock
// reading is ordered around the read (a correct clock reports about the time per iteration of the untimed loop with
// timing, an unordered one reports much less). Arg: 0 = untimed, 1 = plain rdtsc, 2 = lfence-ordered rdtsc,
// 3 = clock_gettime(CLOCK_MONOTONIC).
void BM_MemoryGetTimedRaw(benchmark::State& state) {
  MemoryFixture& memory = Memory();
  if (!memory.error.empty()) {
    state.SkipWithError(memory.error.c_str());
    return;
  }
  const TickClock tsc = TickClock::For(ClockSource::kTsc);
  const int mode = static_cast<int>(state.range(0));
  if ((mode == 1 || mode == 2) && tsc.source() != ClockSource::kTsc) {
    state.SkipWithError("TSC not usable on this machine");
    return;
  }
  LatencyHistogram histogram;
  size_t found = 0;
  auto sink = [&found](std::string_view value) { found += value.size(); };
  size_t i = 0;
  const size_t n = memory.keys.size();
  for (auto _ : state) {
    switch (mode) {
      case 0:
        memory.store->Get(memory.keys[i], sink);
        break;
#if KVBENCH_HAVE_RDTSC
      case 1: {
        const uint64_t t = __rdtsc();
        memory.store->Get(memory.keys[i], sink);
        histogram.Record(tsc.TicksToNs(__rdtsc() - t));
        break;
      }
      case 2: {
        const uint64_t t = OrderedRdtsc();
        memory.store->Get(memory.keys[i], sink);
        histogram.Record(tsc.TicksToNs(OrderedRdtsc() - t));
        break;
      }
#endif
      default: {
        const uint64_t t = MonotonicNs();
        memory.store->Get(memory.keys[i], sink);
        histogram.Record(MonotonicNs() - t);
        break;
      }
    }
    if (++i == n) i = 0;
  }
  benchmark::DoNotOptimize(found);
  static const char* const kLabels[] = {"untimed", "plain rdtsc", "lfence-ordered rdtsc", "clock_gettime"};
  state.SetLabel(kLabels[mode]);
  state.counters["p50_ns"] = static_cast<double>(histogram.Percentile(50));
}
BENCHMARK(BM_MemoryGetTimedRaw)->ArgName("mode")->DenseRange(0, 3);
}  // namespace
}  // namespace kvbench::measure

BENCHMARK_MAIN();
