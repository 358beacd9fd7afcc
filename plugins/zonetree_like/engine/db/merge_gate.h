// MergeGate: bounds how many merges of one engine's trees run at once.
//
// Every tree has its own merge thread, so a workload that fills several
// stores' memtables together (the profile workload's updates: the profile
// store and two indexes) can have one merge per store running beside the
// writers. On a machine with few cores those merges then take turns on the
// writers' core, and the writers pay for them. With slots = cores - 1 the
// writers keep a core and the merges share the rest. The price is memory:
// a merge waiting for a slot keeps its frozen memtables alive longer (the
// writers' back-pressure, MaxFrozenSegments, still bounds how many).
//
// Admission is first come, first served. Thread-safe.
//
// While nothing writes (the engine's Stabilize), the engine lifts the limit,
// since then the merges are the only work.
#ifndef ZT_DB_MERGE_GATE_H_
#define ZT_DB_MERGE_GATE_H_

#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace zt {

// The default number of slots: one less than the CPUs this process may run
// on (at least 1), so the writers keep a core; on a machine with more cores
// than stores, no store ever waits.
uint32_t DefaultMergeSlots();
// The same for a given number of CPUs.
uint32_t MergeSlotsForCpus(uint32_t cpus);

class MergeGate {
 public:
  // slots == 0: no limit (a pass never waits).
  explicit MergeGate(uint32_t slots) : slots_(slots) {}
  MergeGate(const MergeGate&) = delete;
  MergeGate& operator=(const MergeGate&) = delete;

  // Holds a slot from construction (waiting for one) until destruction.
  class Pass {
   public:
    explicit Pass(MergeGate* gate);  // gate may be null: no limit
    ~Pass();
    Pass(const Pass&) = delete;
    Pass& operator=(const Pass&) = delete;

   private:
    MergeGate* gate_;
  };

  uint32_t slots() const;
  // Changes the limit (0: none); merges waiting may enter at once.
  void SetSlots(uint32_t slots);
  // Merges that had to wait for a slot, and the total time they waited.
  uint64_t waits() const;
  uint64_t wait_micros() const;

 private:
  void Enter();
  void Leave();

  mutable std::mutex mu_;
  uint32_t slots_;
  std::condition_variable cv_;
  uint32_t running_ = 0;
  uint64_t next_ticket_ = 0;  // FIFO: tickets are served in order
  uint64_t serving_ = 0;
  uint64_t waits_ = 0;
  uint64_t wait_micros_ = 0;
};

}  // namespace zt

#endif  // ZT_DB_MERGE_GATE_H_
