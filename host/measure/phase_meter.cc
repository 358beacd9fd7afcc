#include "measure/phase_meter.hpp"

#include <algorithm>
#include <chrono>

namespace kvbench::measure {

PhaseMeter::PhaseMeter(MeasureOptions options)
    : options_(options),
      latency_(options.latency),
      sample_every_(std::max<uint32_t>(1, options.latency_sample_every)),
      clock_(TickClock::For(options.clock)),
      main_(latency_, sample_every_, clock_, kSamplingSeed) {}

void PhaseMeter::SetLanes(size_t n) {
  n = std::max<size_t>(n, 1);
  extra_lanes_.resize(std::min(extra_lanes_.size(), n - 1));
  while (extra_lanes_.size() < n - 1) {
    // Each lane its own sampling sequence: lanes that sampled in step would all time the same moments.
    const uint64_t seed = kSamplingSeed + 0x632BE59BD9B4E019ull * (extra_lanes_.size() + 1);
    extra_lanes_.push_back(std::make_unique<OpMeter>(latency_, sample_every_, clock_, seed));
  }
}

uint64_t PhaseMeter::ops_done() const {
  uint64_t ops = main_.ops_done();
  for (const auto& lane : extra_lanes_) ops += lane->ops_done();
  return ops;
}

PhaseMeter::~PhaseMeter() {
  if (running_) End();
}

void PhaseMeter::Begin() {
  if (running_) End();
  main_.Reset();
  for (auto& lane : extra_lanes_) lane->Reset();
  timeline_ops_.clear();
  timeline_rss_.clear();
  timeline_ops_.reserve(options_.timeline_reserve);
  timeline_rss_.reserve(options_.timeline_reserve);
  sampled_ops_ = 0;
  peak_rss_ = CurrentRssBytes();
  max_rss_begin_ = PeakRssBytes();
  io_begin_ = ProcessIoCounters();
  cpu_begin_ = ProcessCpuTimes();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = false;
  }
  begin_ns_ = MonotonicNs();
  last_sample_ns_ = begin_ns_;
  running_ = true;
  if (options_.timeline_interval_ms > 0) sampler_ = std::thread([this] { SamplerLoop(); });
}

void PhaseMeter::SamplerLoop() {
  const auto interval = std::chrono::milliseconds(options_.timeline_interval_ms);
  auto deadline = std::chrono::steady_clock::now() + interval;
  std::unique_lock<std::mutex> lock(mutex_);
  while (true) {
    if (wake_.wait_until(lock, deadline, [this] { return stop_; })) return;
    const uint64_t ops = ops_done();
    const uint64_t rss = CurrentRssBytes();
    timeline_ops_.push_back(ops - sampled_ops_);
    timeline_rss_.push_back(rss);
    sampled_ops_ = ops;
    peak_rss_ = std::max(peak_rss_, rss);
    last_sample_ns_ = MonotonicNs();
    deadline += interval;  // fixed cadence: no drift from the time a sample takes
    // After a stall of the sampler itself (a suspended VM, a starved core), resume the cadence from now rather than
    // catching up with a burst of samples a few microseconds apart.
    const auto now = std::chrono::steady_clock::now();
    if (deadline <= now) deadline = now + interval;
  }
}

PhaseMeasurement PhaseMeter::End() {
  PhaseMeasurement m;
  if (!running_) return m;
  const uint64_t end_ns = MonotonicNs();
  const CpuTimes cpu_end = ProcessCpuTimes();
  const IoCounters io_end = ProcessIoCounters();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  if (sampler_.joinable()) sampler_.join();
  running_ = false;

  const uint64_t ops = ops_done();
  const uint64_t rss = CurrentRssBytes();
  peak_rss_ = std::max(peak_rss_, rss);
  // The process's high-water mark only grows: if it grew during the phase, the new mark was reached during the
  // phase, even between two samples.
  const uint64_t max_rss_end = PeakRssBytes();
  if (max_rss_end > max_rss_begin_) peak_rss_ = std::max(peak_rss_, max_rss_end);
  m.interval_ms = options_.timeline_interval_ms;
  m.timeline_ops = std::move(timeline_ops_);
  m.timeline_rss_bytes = std::move(timeline_rss_);
  // The last, partial interval (always present), so that the timeline sums to the phase's operations.
  if (options_.timeline_interval_ms > 0) {
    m.timeline_ops.push_back(ops - sampled_ops_);
    m.timeline_rss_bytes.push_back(rss);
    m.last_interval_ms = static_cast<double>(end_ns - std::min(end_ns, last_sample_ns_)) / 1e6;
  }
  timeline_ops_ = {};
  timeline_rss_ = {};

  m.latency = main_.histogram();
  for (const auto& lane : extra_lanes_) (void)m.latency.Merge(lane->histogram());  // same options: always merges
  m.latency_enabled = latency_;
  m.latency_sample_every = sample_every_;
  m.latency_clock = clock_.source();
  m.operations = ops;
  m.elapsed_ms = static_cast<double>(end_ns - begin_ns_) / 1e6;
  m.cpu_user_s = std::max(0.0, cpu_end.user_s - cpu_begin_.user_s);
  m.cpu_system_s = std::max(0.0, cpu_end.system_s - cpu_begin_.system_s);
  m.io_available = io_begin_.available && io_end.available;
  if (m.io_available) {
    auto delta = [](uint64_t end, uint64_t begin) { return end >= begin ? end - begin : 0; };
    m.io_read_bytes = delta(io_end.read_bytes, io_begin_.read_bytes);
    m.io_write_bytes = delta(io_end.write_bytes, io_begin_.write_bytes);
    m.io_cancelled_write_bytes = delta(io_end.cancelled_write_bytes, io_begin_.cancelled_write_bytes);
    m.io_rchar = delta(io_end.rchar, io_begin_.rchar);
    m.io_wchar = delta(io_end.wchar, io_begin_.wchar);
  }
  m.peak_rss_bytes = peak_rss_;
  return m;
}

nlohmann::json PhaseMeasurement::ToJson() const {
  nlohmann::json out = nlohmann::json::object();
  if (latency_enabled) {
    nlohmann::json latency_json = latency.ToJson();
    latency_json["sampled_every"] = latency_sample_every;
    latency_json["clock"] = ClockSourceName(latency_clock);
    out["latency"] = std::move(latency_json);
  } else {
    out["latency"] = nullptr;
  }
  out["timeline"] = {{"interval_ms", interval_ms},
                     {"last_interval_ms", last_interval_ms},
                     {"ops", timeline_ops},
                     {"rss_bytes", timeline_rss_bytes}};
  out["cpu"] = {{"user_s", cpu_user_s}, {"system_s", cpu_system_s}};
  if (io_available) {
    out["io"] = {{"read_bytes", io_read_bytes},
                 {"write_bytes", io_write_bytes},
                 {"cancelled_write_bytes", io_cancelled_write_bytes},
                 {"rchar", io_rchar},
                 {"wchar", io_wchar}};
  } else {
    out["io"] = {{"read_bytes", nullptr},
                 {"write_bytes", nullptr},
                 {"cancelled_write_bytes", nullptr},
                 {"rchar", nullptr},
                 {"wchar", nullptr}};
  }
  out["memory"] = {{"peak_rss_bytes", peak_rss_bytes}};
  out["operations"] = operations;
  out["elapsed_ms"] = elapsed_ms;
  return out;
}

}  // namespace kvbench::measure
