// The P workers of a parallel run (docs/profile-workload-parallel.md §3, §7): threads created once per run that
// serve every phase, and the start gate that releases them together. With one worker no thread is created: the
// task runs on the caller, exactly as the single-threaded workload.
//
// Thread-safety: Run() is called from one thread (the coordinator) at a time.
#ifndef KVBENCH_HOST_WORKLOAD_WORKER_POOL_HPP_
#define KVBENCH_HOST_WORKLOAD_WORKER_POOL_HPP_

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace kvbench::workload {

class WorkerPool {
 public:
  // REQUIRES: workers >= 1. Starts the threads (none for one worker).
  explicit WorkerPool(int32_t workers);
  // Joins the threads. REQUIRES: no Run() under way.
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  int32_t size() const { return workers_; }

  // Runs task(i) on worker i, for every i, concurrently. Every worker first arrives at the gate (idle ones too);
  // once all have, `open_gate` runs on the caller and then the gate opens; `all_done` runs on the caller as soon as
  // the last task has returned, before Run returns. The tasks must not throw.
  void Run(const std::function<void(int32_t)>& task, const std::function<void()>& open_gate,
           const std::function<void()>& all_done);

 private:
  void Loop(int32_t index);

  const int32_t workers_;
  std::mutex mu_;
  std::condition_variable work_;     // workers wait here for a new phase, then for the gate
  std::condition_variable arrived_;  // the coordinator waits here for arrivals, then for completions
  const std::function<void(int32_t)>* task_ = nullptr;  // guarded by mu_
  uint64_t generation_ = 0;                             // guarded by mu_: one per Run
  int32_t waiting_ = 0;                                 // guarded by mu_: workers at the gate
  int32_t done_ = 0;                                    // guarded by mu_: tasks finished
  bool gate_open_ = false;                              // guarded by mu_
  bool shutdown_ = false;                               // guarded by mu_
  std::vector<std::thread> threads_;
};

}  // namespace kvbench::workload

#endif  // KVBENCH_HOST_WORKLOAD_WORKER_POOL_HPP_
