// PhaseMeter measures one timed phase (or untimed step) of an engine run: per-operation latency, throughput and
// RSS over time, CPU seconds and disk bytes of the whole process.
//
// Usage, on the phase thread:
//   PhaseMeter meter(options);
//   meter.Begin();
//   for (...) { const uint64_t t = meter.OpStart(); engine.Get(...); meter.OpEnd(t); }
//   PhaseMeasurement m = meter.End();
//
// With several client threads, each gets its own lane (an OpMeter: its own latency histogram, sampling countdown
// and operation counter on its own cache line), so that the hot path shares nothing: SetLanes(n) before Begin(),
// lane(i) for thread i; End() merges the lanes' histograms and sums their counts.
//
// Thread-safety: Begin/SetLanes/End are called from one thread (the phase's coordinator); each lane's
// OpStart/OpEnd from one thread at a time (lane 0's through the PhaseMeter's own OpStart/OpEnd); ops_done() from
// any thread. OpStart/OpEnd never allocate, lock or make a system call beyond reading the clock.
#ifndef KVBENCH_HOST_MEASURE_PHASE_METER_HPP_
#define KVBENCH_HOST_MEASURE_PHASE_METER_HPP_

#include <atomic>
#include <condition_variable>
#include <memory>
#include <cstdint>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>
#include <vector>

#include "measure/latency_histogram.hpp"
#include "measure/process_stats.hpp"
#include "measure/tick_clock.hpp"

namespace kvbench::measure {

struct MeasureOptions {
  bool latency = true;  // per-operation latency histogram
  // Record every Nth operation on average (1 = all; > 1: randomized gaps). Sampled by default: a correctly ordered
  // clock read pair costs ~38 ns per timed operation here (host/measure/phase_meter_bench, BM_MeterOp), over the
  // ~20 ns budget; one in 8 costs ~5 ns per operation and still gives 12,500 samples in a 100K-operation phase.
  uint32_t latency_sample_every = 8;
  uint32_t timeline_interval_ms = 1000;  // throughput/RSS timeline interval
  uint32_t timeline_reserve = 4096;      // timeline entries reserved at Begin (grows, off the hot path, beyond)
  // The host's memory latency probe (memory_latency.hpp), run once after the engines. Unset: on for workloads of
  // at least 100,000 profiles (smaller ones stay in the CPU caches, and the probe's ~2 s would outlast them); see
  // config::RunConfig::ProbesMemoryLatency.
  std::optional<bool> memory_latency;
  // Latency clock (tick_clock.hpp). Ordered, the TSC measured no cheaper than clock_gettime's vDSO (~19 ns per read
  // both, BM_TickClockNow), so the default is the kernel's clock: no calibration, correct on any clocksource.
  ClockSource clock = ClockSource::kMonotonic;
};

struct PhaseMeasurement {    // everything measured over one phase or step
  LatencyHistogram latency;  // of the sampled operations
  bool latency_enabled = false;
  uint32_t latency_sample_every = 1;
  ClockSource latency_clock = ClockSource::kMonotonic;
  uint64_t operations = 0;  // every operation counted by OpEnd (sampled or not)
  double elapsed_ms = 0.0;  // Begin .. End

  uint32_t interval_ms = 0;
  std::vector<uint64_t> timeline_ops;        // operations completed in each interval
  std::vector<uint64_t> timeline_rss_bytes;  // RSS at the end of each interval
  double last_interval_ms = 0.0;             // length of the last (partial) interval, <= interval_ms

  double cpu_user_s = 0.0, cpu_system_s = 0.0;     // getrusage(RUSAGE_SELF) deltas: all threads of the engine process
  bool io_available = false;                       // /proc/self/io readable at Begin and End
  uint64_t io_read_bytes = 0, io_write_bytes = 0;  // /proc/self/io read_bytes/write_bytes deltas
  uint64_t io_cancelled_write_bytes = 0;           // cancelled_write_bytes delta (dirty pages dropped by truncate)
  uint64_t io_rchar = 0, io_wchar = 0;             // syscall-level bytes (read()/write() arguments, incl. cache hits)
  uint64_t peak_rss_bytes = 0;  // max sampled RSS during the phase (and at its begin and end); the process's
                                // high-water mark (ru_maxrss) instead when that rose during the phase

  nlohmann::json ToJson() const;  // the "measurements" object of docs/results-schema.md
};

// One client thread's share of a PhaseMeter: the hot-path half (see the file comment).
class OpMeter {
 public:
  OpMeter(bool latency, uint32_t sample_every, TickClock clock, uint64_t sampling_seed)
      : latency_(latency), sample_every_(sample_every), clock_(clock), seed_(sampling_seed), rng_(sampling_seed) {}
  OpMeter(const OpMeter&) = delete;
  OpMeter& operator=(const OpMeter&) = delete;

  // Hot: a timestamp, or 0 when this operation is not sampled.
  uint64_t OpStart() {
    if (!latency_) return 0;
    if (--countdown_ != 0) return 0;
    countdown_ = NextSampleGap();
    return clock_.Now();
  }
  // Hot: records the latency of a sampled operation and counts the operation.
  void OpEnd(uint64_t start) {
    if (start != 0) {
      const uint64_t now = clock_.Stop();
      histogram_.Record(now > start ? clock_.TicksToNs(now - start) : 0);
    }
    AddOps(1);
  }
  // Hot: OpEnd for an operation a rate-limited client scheduled to start at `scheduled_ns` (MonotonicNs()): a
  // sampled operation's latency runs from its schedule, not from when it started, so time spent waiting behind a
  // slow operation counts (coordinated omission corrected). `start` is OpStart()'s (0: not sampled).
  void OpEndScheduled(uint64_t start, uint64_t scheduled_ns) {
    if (start != 0) {
      const uint64_t now = MonotonicNs();
      histogram_.Record(now > scheduled_ns ? now - scheduled_ns : 0);
    }
    AddOps(1);
  }
  // Counts operations that were not timed one by one.
  void AddOps(uint64_t n) { ops_.store(ops_.load(std::memory_order_relaxed) + n, std::memory_order_relaxed); }

  uint64_t ops_done() const { return ops_.load(std::memory_order_relaxed); }
  const LatencyHistogram& histogram() const { return histogram_; }

  // Back to the state of a new phase: no operations, the same sampling sequence.
  void Reset() {
    histogram_.Reset();
    countdown_ = 1;  // the first operation is sampled
    rng_ = seed_;
    ops_.store(0, std::memory_order_relaxed);
  }

 private:
  // Operations until the next sampled one: uniform in [1, 2N-1] (mean N) so that sampling cannot alias with a
  // periodic pattern of the workload or the engine; exactly 1 when every operation is sampled.
  uint32_t NextSampleGap() {
    if (sample_every_ == 1) return 1;
    rng_ ^= rng_ << 13;  // xorshift64
    rng_ ^= rng_ >> 7;
    rng_ ^= rng_ << 17;
    const uint64_t span = 2 * uint64_t{sample_every_} - 1;
    return 1 + static_cast<uint32_t>(((rng_ >> 32) * span) >> 32);
  }

  const bool latency_;
  const uint32_t sample_every_;
  const TickClock clock_;
  const uint64_t seed_;
  uint32_t countdown_ = 1;
  uint64_t rng_;
  LatencyHistogram histogram_;
  alignas(64) std::atomic<uint64_t> ops_{0};  // written by the lane's thread only; read by the sampler/progress
};

class PhaseMeter {
 public:
  explicit PhaseMeter(MeasureOptions options);
  ~PhaseMeter();
  PhaseMeter(const PhaseMeter&) = delete;
  PhaseMeter& operator=(const PhaseMeter&) = delete;

  // Snapshots CPU and I/O and starts the sampler thread. REQUIRES: not already begun (End() re-arms).
  void Begin();

  // Lane 0's hot path (the phase thread's, when there is one client thread): see OpMeter.
  uint64_t OpStart() { return main_.OpStart(); }
  void OpEnd(uint64_t start) { main_.OpEnd(start); }
  void OpEndScheduled(uint64_t start, uint64_t scheduled_ns) { main_.OpEndScheduled(start, scheduled_ns); }
  void AddOps(uint64_t n) { main_.AddOps(n); }

  // Operations counted so far by every lane.
  uint64_t ops_done() const;

  // n >= 1 lanes from the next Begin() on (1 by default). REQUIRES: not begun.
  void SetLanes(size_t n);
  size_t lanes() const { return 1 + extra_lanes_.size(); }
  // REQUIRES: i < lanes().
  OpMeter& lane(size_t i) { return i == 0 ? main_ : *extra_lanes_[i - 1]; }

  // Stops the sampler (promptly: it waits on a condition variable), takes the final sample and computes deltas.
  PhaseMeasurement End();

  const MeasureOptions& options() const { return options_; }
  // The clock in use (ClockSource::kAuto resolved).
  ClockSource clock_source() const { return clock_.source(); }

 private:
  void SamplerLoop();
  const MeasureOptions options_;
  const bool latency_;
  const uint32_t sample_every_;
  const TickClock clock_;
  static constexpr uint64_t kSamplingSeed = 0x9E3779B97F4A7C15ull;
  OpMeter main_;
  std::vector<std::unique_ptr<OpMeter>> extra_lanes_;

  alignas(64) std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;  // guarded by mutex_
  std::thread sampler_;
  bool running_ = false;

  // Written by the sampler thread while it runs; read by End() after joining it.
  std::vector<uint64_t> timeline_ops_;
  std::vector<uint64_t> timeline_rss_;
  uint64_t sampled_ops_ = 0;
  uint64_t peak_rss_ = 0;
  uint64_t max_rss_begin_ = 0;
  uint64_t begin_ns_ = 0;
  uint64_t last_sample_ns_ = 0;

  CpuTimes cpu_begin_;
  IoCounters io_begin_;
};

}  // namespace kvbench::measure

#endif  // KVBENCH_HOST_MEASURE_PHASE_METER_HPP_
