#include "runner/progress_sampler.hpp"

#include <chrono>

namespace kvbench::runner {

ProgressSampler::ProgressSampler(EventWriter* events, uint32_t interval_ms)
    : events_(events), interval_ms_(interval_ms), thread_([this] { Loop(); }) {}

ProgressSampler::~ProgressSampler() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void ProgressSampler::Track(const std::string& name, const measure::PhaseMeter* meter, int64_t total) {
  std::lock_guard<std::mutex> lock(mutex_);
  name_ = name;
  meter_ = meter;
  total_ = total;
}

void ProgressSampler::Clear() {
  std::lock_guard<std::mutex> lock(mutex_);
  meter_ = nullptr;
}

void ProgressSampler::Loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!stop_) {
    wake_.wait_for(lock, std::chrono::milliseconds(interval_ms_), [this] { return stop_; });
    if (stop_ || meter_ == nullptr) continue;
    nlohmann::json event = {{"event", "progress"}, {"name", name_}, {"done", meter_->ops_done()}};
    event["total"] = total_ >= 0 ? nlohmann::json(total_) : nlohmann::json(nullptr);
    lock.unlock();
    // A failed write means the parent is gone; the engine thread notices on its own next write.
    (void)events_->Write(event);
    lock.lock();
  }
}

}  // namespace kvbench::runner
