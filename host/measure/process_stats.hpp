// Cheap readers of the current process's resource counters (Linux). None of them allocates.
#ifndef KVBENCH_HOST_MEASURE_PROCESS_STATS_HPP_
#define KVBENCH_HOST_MEASURE_PROCESS_STATS_HPP_

#include <cstdint>

namespace kvbench::measure {

// Resident set size now, from /proc/self/statm (resident pages * page size); 0 when unreadable.
uint64_t CurrentRssBytes();
// Peak resident set size of the process so far (getrusage ru_maxrss, in bytes).
uint64_t PeakRssBytes();

// CPU seconds of the whole process (all threads, including exited ones), getrusage(RUSAGE_SELF).
struct CpuTimes {
  double user_s = 0.0;
  double system_s = 0.0;
};
CpuTimes ProcessCpuTimes();

// /proc/self/io: storage-level bytes (read_bytes, write_bytes, cancelled_write_bytes) and syscall-level bytes
// (rchar, wchar) of the whole process. `available` is false when the file cannot be read (kernel without task I/O
// accounting, restricted /proc); the counters are then 0 and must be reported as unknown.
struct IoCounters {
  bool available = false;
  uint64_t read_bytes = 0;
  uint64_t write_bytes = 0;
  uint64_t cancelled_write_bytes = 0;
  uint64_t rchar = 0;
  uint64_t wchar = 0;
};
IoCounters ProcessIoCounters();

// Parses the text of /proc/<pid>/io into *out (sets out->available when read_bytes and write_bytes are present).
// Exposed for tests.
void ParseProcIo(const char* text, IoCounters* out);

}  // namespace kvbench::measure

#endif  // KVBENCH_HOST_MEASURE_PROCESS_STATS_HPP_
