#include "measure/phase_meter.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <memory>
#include <numeric>
#include <string>
#include <thread>

namespace kvbench::measure {
namespace {

uint64_t Sum(const std::vector<uint64_t>& v) { return std::accumulate(v.begin(), v.end(), uint64_t{0}); }

double ThreadCpuSeconds() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

void SpinCpu(double seconds) {
  const double start = ThreadCpuSeconds();
  volatile uint64_t x = 0;
  while (ThreadCpuSeconds() - start < seconds) x = x + 1;
}

MeasureOptions FastOptions() {
  MeasureOptions options;
  options.timeline_interval_ms = 20;
  options.latency_sample_every = 1;
  return options;
}

TEST(PhaseMeterTest, RecordsEveryOperationWhenNotSampling) {
  PhaseMeter meter(FastOptions());
  meter.Begin();
  for (int i = 0; i < 1000; ++i) {
    const uint64_t t = meter.OpStart();
    ASSERT_NE(t, 0u);
    meter.OpEnd(t);
  }
  EXPECT_EQ(meter.ops_done(), 1000u);
  const PhaseMeasurement m = meter.End();
  EXPECT_EQ(m.operations, 1000u);
  EXPECT_EQ(m.latency.Count(), 1000u);
  EXPECT_EQ(m.latency_sample_every, 1u);
  EXPECT_EQ(Sum(m.timeline_ops), 1000u);
  EXPECT_EQ(m.timeline_ops.size(), m.timeline_rss_bytes.size());
  EXPECT_GT(m.peak_rss_bytes, 0u);
  EXPECT_LT(m.latency.Percentile(50), 1000000u);  // an empty operation is far below a millisecond
}

TEST(PhaseMeterTest, LatencyOfTimedOperationsWithEachClock) {
  for (ClockSource source : {ClockSource::kMonotonic, ClockSource::kTsc}) {
    MeasureOptions options = FastOptions();
    options.clock = source;
    PhaseMeter meter(options);
    meter.Begin();
    for (int i = 0; i < 5; ++i) {
      const uint64_t t = meter.OpStart();
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
      meter.OpEnd(t);
    }
    const PhaseMeasurement m = meter.End();
    ASSERT_EQ(m.latency.Count(), 5u) << ClockSourceName(source);
    EXPECT_GE(m.latency.Min(), 2000000u) << ClockSourceName(source);
    EXPECT_LT(m.latency.Percentile(50), 500000000u) << ClockSourceName(source);
    EXPECT_EQ(m.latency_clock, meter.clock_source());
  }
}

TEST(PhaseMeterTest, SamplingRecordsAboutOneInN) {
  MeasureOptions options = FastOptions();
  options.latency_sample_every = 16;
  PhaseMeter meter(options);
  meter.Begin();
  uint64_t sampled = 0;
  for (int i = 0; i < 160000; ++i) {
    const uint64_t t = meter.OpStart();
    sampled += t != 0;
    meter.OpEnd(t);
  }
  const PhaseMeasurement m = meter.End();
  EXPECT_EQ(m.operations, 160000u);  // every operation is counted, sampled or not
  EXPECT_EQ(m.latency.Count(), sampled);
  EXPECT_NEAR(static_cast<double>(sampled), 10000.0, 500.0);
  EXPECT_EQ(m.latency_sample_every, 16u);
  EXPECT_EQ(m.ToJson()["latency"]["sampled_every"], 16);
}

TEST(PhaseMeterTest, DefaultOptionsSample) {
  MeasureOptions options;
  options.timeline_interval_ms = 20;
  ASSERT_GT(options.latency_sample_every, 1u);  // recording every operation costs more than the hot-path budget
  PhaseMeter meter(options);
  meter.Begin();
  for (int i = 0; i < 8000; ++i) meter.OpEnd(meter.OpStart());
  const PhaseMeasurement m = meter.End();
  EXPECT_EQ(m.operations, 8000u);
  EXPECT_NEAR(static_cast<double>(m.latency.Count()), 8000.0 / options.latency_sample_every, 300.0);
  EXPECT_EQ(m.ToJson()["latency"]["sampled_every"], options.latency_sample_every);
}

TEST(PhaseMeterTest, SamplingGapsAreNotPeriodic) {
  MeasureOptions options = FastOptions();
  options.latency_sample_every = 8;
  PhaseMeter meter(options);
  meter.Begin();
  // Operations at even positions only: a fixed period of 8 would sample only one parity.
  uint64_t sampled_at_parity[2] = {0, 0};
  for (int i = 0; i < 80000; ++i) {
    const uint64_t t = meter.OpStart();
    if (t != 0) ++sampled_at_parity[i % 2];
    meter.OpEnd(t);
  }
  meter.End();
  EXPECT_GT(sampled_at_parity[0], 3000u);
  EXPECT_GT(sampled_at_parity[1], 3000u);
}

TEST(PhaseMeterTest, LatencyOffCountsOnly) {
  MeasureOptions options = FastOptions();
  options.latency = false;
  PhaseMeter meter(options);
  meter.Begin();
  for (int i = 0; i < 100; ++i) {
    const uint64_t t = meter.OpStart();
    EXPECT_EQ(t, 0u);
    meter.OpEnd(t);
  }
  meter.AddOps(5);
  const PhaseMeasurement m = meter.End();
  EXPECT_EQ(m.operations, 105u);
  EXPECT_EQ(m.latency.Count(), 0u);
  EXPECT_TRUE(m.ToJson()["latency"].is_null());
}

TEST(PhaseMeterTest, TimelineSamplesEachInterval) {
  PhaseMeter meter(FastOptions());
  meter.Begin();
  const auto start = std::chrono::steady_clock::now();
  uint64_t ops = 0;
  while (std::chrono::steady_clock::now() - start < std::chrono::milliseconds(130)) {
    meter.OpEnd(meter.OpStart());
    ++ops;
    if (ops % 64 == 0) std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  const PhaseMeasurement m = meter.End();
  EXPECT_EQ(m.interval_ms, 20u);
  // 130 ms at 20 ms: 6 full intervals and the partial last one (fewer on a loaded machine, never more).
  EXPECT_GE(m.timeline_ops.size(), 3u);
  EXPECT_LE(m.timeline_ops.size(), 8u);
  EXPECT_EQ(Sum(m.timeline_ops), ops);
  EXPECT_EQ(m.timeline_rss_bytes.size(), m.timeline_ops.size());
  for (uint64_t rss : m.timeline_rss_bytes) {
    EXPECT_GT(rss, 0u);
    EXPECT_LE(rss, m.peak_rss_bytes);
  }
  EXPECT_GE(m.last_interval_ms, 0.0);
  EXPECT_LE(m.last_interval_ms, 20.0 + 50.0);
  EXPECT_GE(m.elapsed_ms, 130.0);
}

TEST(PhaseMeterTest, ProgressIsVisibleFromAnotherThread) {
  PhaseMeter meter(FastOptions());
  meter.Begin();
  for (int i = 0; i < 500; ++i) meter.OpEnd(meter.OpStart());
  uint64_t seen = 0;
  std::thread reader([&] { seen = meter.ops_done(); });
  reader.join();
  EXPECT_EQ(seen, 500u);
  meter.End();
}

TEST(PhaseMeterTest, EndStopsTheSamplerPromptly) {
  MeasureOptions options = FastOptions();
  options.timeline_interval_ms = 10000;
  PhaseMeter meter(options);
  meter.Begin();
  meter.OpEnd(meter.OpStart());
  const auto start = std::chrono::steady_clock::now();
  const PhaseMeasurement m = meter.End();
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
  ASSERT_EQ(m.timeline_ops.size(), 1u);  // only the partial interval
  EXPECT_EQ(m.timeline_ops[0], 1u);
  EXPECT_LT(m.last_interval_ms, 10000.0);
}

TEST(PhaseMeterTest, PeakRssSeesMemoryFreedBeforeTheEnd) {
  PhaseMeter meter(FastOptions());
  meter.Begin();
  const uint64_t before = CurrentRssBytes();
  constexpr size_t kSize = 48 << 20;
  {
    std::unique_ptr<char[]> block(new char[kSize]);
    std::memset(block.get(), 7, kSize);
    std::this_thread::sleep_for(std::chrono::milliseconds(80));  // a few sampler intervals
    volatile char sink = block[kSize - 1];
    (void)sink;
  }
  const PhaseMeasurement m = meter.End();
  EXPECT_GE(m.peak_rss_bytes, before + kSize * 3 / 4);
}

TEST(PhaseMeterTest, CpuIncludesOtherThreads) {
  PhaseMeter meter(FastOptions());
  meter.Begin();
  std::thread background([] { SpinCpu(0.05); });  // like an engine's merge thread
  background.join();
  SpinCpu(0.02);
  const PhaseMeasurement m = meter.End();
  EXPECT_GE(m.cpu_user_s + m.cpu_system_s, 0.065);
}

TEST(PhaseMeterTest, DiskWritesAreCounted) {
  const char* build_dir = std::getenv("KVBENCH_BUILD_DIR");
  const std::filesystem::path dir = build_dir != nullptr ? build_dir : std::filesystem::current_path();
  const std::filesystem::path file = dir / ("phase_meter_test_io_" + std::to_string(::getpid()));
  PhaseMeter meter(FastOptions());
  meter.Begin();
  constexpr size_t kSize = 4 << 20;
  {
    const int fd = ::open(file.c_str(), O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0644);
    ASSERT_GE(fd, 0);
    std::string chunk(1 << 16, 'x');
    for (size_t written = 0; written < kSize; written += chunk.size()) {
      ASSERT_EQ(::write(fd, chunk.data(), chunk.size()), static_cast<ssize_t>(chunk.size()));
    }
    ASSERT_EQ(::fsync(fd), 0);
    ::close(fd);
  }
  const PhaseMeasurement m = meter.End();
  std::filesystem::remove(file);
  if (!m.io_available) {
    EXPECT_TRUE(m.ToJson()["io"]["write_bytes"].is_null());
    GTEST_SKIP() << "/proc/self/io is not readable here";
  }
  EXPECT_GE(m.io_wchar, kSize);  // the write() calls
  // Storage-level bytes: counted when the pages are dirtied on a block device (not on tmpfs).
  EXPECT_GE(m.io_write_bytes, kSize) << "is " << dir << " on tmpfs?";
  EXPECT_EQ(m.ToJson()["io"]["write_bytes"], m.io_write_bytes);
}

TEST(PhaseMeterTest, ReusableAcrossPhases) {
  PhaseMeter meter(FastOptions());
  meter.Begin();
  for (int i = 0; i < 10; ++i) meter.OpEnd(meter.OpStart());
  const PhaseMeasurement first = meter.End();
  meter.Begin();
  meter.OpEnd(meter.OpStart());
  const PhaseMeasurement second = meter.End();
  EXPECT_EQ(first.operations, 10u);
  EXPECT_EQ(second.operations, 1u);
  EXPECT_EQ(second.latency.Count(), 1u);
  EXPECT_EQ(Sum(second.timeline_ops), 1u);
}

TEST(PhaseMeterTest, EndWithoutBeginIsEmpty) {
  PhaseMeter meter(FastOptions());
  const PhaseMeasurement m = meter.End();
  EXPECT_EQ(m.operations, 0u);
  EXPECT_TRUE(m.timeline_ops.empty());
}

TEST(PhaseMeterTest, JsonHasTheSchemaMembers) {
  PhaseMeasurement m;
  m.latency_enabled = true;
  m.latency.Record(1500);
  m.latency.Record(2500);
  m.latency_sample_every = 4;
  m.interval_ms = 1000;
  m.timeline_ops = {183000, 190000};
  m.timeline_rss_bytes = {1 << 20, 2 << 20};
  m.last_interval_ms = 420.5;
  m.cpu_user_s = 0.51;
  m.cpu_system_s = 0.02;
  m.io_available = true;
  m.io_read_bytes = 0;
  m.io_write_bytes = 4096000;
  m.peak_rss_bytes = 460000000;
  const nlohmann::json j = m.ToJson();
  EXPECT_EQ(j["latency"]["unit"], "ns");
  EXPECT_EQ(j["latency"]["count"], 2);
  EXPECT_EQ(j["latency"]["sampled_every"], 4);
  EXPECT_EQ(j["latency"]["min"], 1500);
  EXPECT_EQ(j["latency"]["max"], 2500);
  EXPECT_DOUBLE_EQ(j["latency"]["mean"].get<double>(), 2000.0);
  EXPECT_TRUE(j["latency"]["p50"].is_number());  // two samples resolve the median and nothing above it
  for (const char* p : {"p90", "p99", "p999", "p9999"}) EXPECT_TRUE(j["latency"][p].is_null()) << p;
  EXPECT_EQ(j["latency"]["histogram"]["sub_bucket_bits"], 7);
  EXPECT_EQ(j["latency"]["histogram"]["buckets"].size(), 2u);
  EXPECT_EQ(j["timeline"]["interval_ms"], 1000);
  EXPECT_EQ(j["timeline"]["ops"], nlohmann::json({183000, 190000}));
  EXPECT_EQ(j["timeline"]["rss_bytes"], nlohmann::json({1 << 20, 2 << 20}));
  EXPECT_DOUBLE_EQ(j["timeline"]["last_interval_ms"].get<double>(), 420.5);
  EXPECT_DOUBLE_EQ(j["cpu"]["user_s"].get<double>(), 0.51);
  EXPECT_DOUBLE_EQ(j["cpu"]["system_s"].get<double>(), 0.02);
  EXPECT_EQ(j["io"]["read_bytes"], 0);
  EXPECT_EQ(j["io"]["write_bytes"], 4096000);
  EXPECT_EQ(j["memory"]["peak_rss_bytes"], 460000000);

  // The histogram in the measurement reads back.
  LatencyHistogram back;
  std::string error;
  ASSERT_TRUE(LatencyHistogram::FromJson(j["latency"], &back, &error)) << error;
  EXPECT_EQ(back.Count(), 2u);

  m.io_available = false;  // unknown, not 0
  const nlohmann::json no_io = m.ToJson();
  EXPECT_TRUE(no_io["io"]["read_bytes"].is_null());
  EXPECT_TRUE(no_io["io"]["write_bytes"].is_null());
}

}  // namespace
}  // namespace kvbench::measure
