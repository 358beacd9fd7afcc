#include "workload/worker_pool.hpp"

namespace kvbench::workload {

WorkerPool::WorkerPool(int32_t workers) : workers_(workers) {
  if (workers_ == 1) return;
  threads_.reserve(static_cast<size_t>(workers_));
  for (int32_t i = 0; i < workers_; ++i) threads_.emplace_back([this, i] { Loop(i); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    shutdown_ = true;
  }
  work_.notify_all();
  for (auto& t : threads_) t.join();
}

void WorkerPool::Run(const std::function<void(int32_t)>& task, const std::function<void()>& open_gate,
                     const std::function<void()>& all_done) {
  if (threads_.empty()) {
    open_gate();
    task(0);
    all_done();
    return;
  }
  std::unique_lock<std::mutex> lock(mu_);
  task_ = &task;
  waiting_ = 0;
  done_ = 0;
  gate_open_ = false;
  ++generation_;
  work_.notify_all();
  arrived_.wait(lock, [this] { return waiting_ == workers_; });
  lock.unlock();
  open_gate();
  lock.lock();
  gate_open_ = true;
  work_.notify_all();
  arrived_.wait(lock, [this] { return done_ == workers_; });
  all_done();
  task_ = nullptr;
}

void WorkerPool::Loop(int32_t index) {
  uint64_t seen = 0;
  std::unique_lock<std::mutex> lock(mu_);
  while (true) {
    work_.wait(lock, [&] { return shutdown_ || generation_ != seen; });
    if (shutdown_) return;
    seen = generation_;
    if (++waiting_ == workers_) arrived_.notify_one();
    work_.wait(lock, [this] { return gate_open_; });
    const std::function<void(int32_t)>* task = task_;
    lock.unlock();
    (*task)(index);
    lock.lock();
    if (++done_ == workers_) arrived_.notify_one();
  }
}

}  // namespace kvbench::workload
