#include "db/merge_gate.h"

#include <sched.h>

#include <chrono>
#include <thread>

namespace zt {

uint32_t MergeSlotsForCpus(uint32_t cpus) { return cpus > 2 ? cpus - 1 : 1; }

uint32_t DefaultMergeSlots() {
  // The CPUs of this process's affinity mask (what taskset or a container's
  // cpuset leaves it), not every CPU of the machine.
  cpu_set_t set;
  CPU_ZERO(&set);
  uint32_t cpus = 0;
  if (::sched_getaffinity(0, sizeof(set), &set) == 0) cpus = static_cast<uint32_t>(CPU_COUNT(&set));
  if (cpus == 0) cpus = std::thread::hardware_concurrency();
  return MergeSlotsForCpus(cpus);
}

MergeGate::Pass::Pass(MergeGate* gate) : gate_(gate) {
  if (gate_ != nullptr) gate_->Enter();
}

MergeGate::Pass::~Pass() {
  if (gate_ != nullptr) gate_->Leave();
}

void MergeGate::Enter() {
  std::unique_lock<std::mutex> lock(mu_);
  const uint64_t ticket = next_ticket_++;
  auto admitted = [&] { return ticket == serving_ && (slots_ == 0 || running_ < slots_); };
  if (admitted()) {
    ++serving_;
    ++running_;
    return;
  }
  const auto start = std::chrono::steady_clock::now();
  cv_.wait(lock, admitted);
  ++serving_;
  ++running_;
  ++waits_;
  wait_micros_ += static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start).count());
  // The next ticket may fit too (slots > 1).
  cv_.notify_all();
}

void MergeGate::Leave() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    --running_;
  }
  cv_.notify_all();
}

uint32_t MergeGate::slots() const {
  std::lock_guard<std::mutex> lock(mu_);
  return slots_;
}

void MergeGate::SetSlots(uint32_t slots) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    slots_ = slots;
  }
  cv_.notify_all();
}

uint64_t MergeGate::waits() const {
  std::lock_guard<std::mutex> lock(mu_);
  return waits_;
}

uint64_t MergeGate::wait_micros() const {
  std::lock_guard<std::mutex> lock(mu_);
  return wait_micros_;
}

}  // namespace zt
