// Write and space amplification of an engine run, from the workload's logical bytes and the measured disk bytes.
//   write_amplification = disk bytes written / logical bytes written
//   space_amplification = storage bytes / live logical bytes
// Logical bytes: key + value sizes of puts and key sizes of deletes (written); key + value sizes of the live
// records (live). Disk bytes: the sum of /proc/self/io write_bytes over the run's phases and steps.
// A ratio is null when its numerator is unknown or its denominator is unknown or 0.
#ifndef KVBENCH_HOST_MEASURE_AMPLIFICATION_HPP_
#define KVBENCH_HOST_MEASURE_AMPLIFICATION_HPP_

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "measure/phase_meter.hpp"

namespace kvbench::measure {

// Counts the logical bytes the workload writes. Not thread-safe; cheap enough for the phase loops.
class LogicalWriteCounter {
 public:
  void AddPut(size_t key_size, size_t value_size) { bytes_ += key_size + value_size; }
  void AddDelete(size_t key_size) { bytes_ += key_size; }
  uint64_t bytes() const { return bytes_; }

 private:
  uint64_t bytes_ = 0;
};

// The sum of io_write_bytes; nullopt when any measurement has no /proc/self/io figures (a partial sum would be a
// made-up number). An empty list gives 0.
std::optional<uint64_t> SumDiskBytesWritten(const std::vector<const PhaseMeasurement*>& measurements);

struct Amplification {
  std::optional<uint64_t> logical_bytes_written;
  std::optional<uint64_t> disk_bytes_written;
  std::optional<uint64_t> live_logical_bytes;
  std::optional<uint64_t> storage_bytes;

  std::optional<double> write_amplification() const;
  std::optional<double> space_amplification() const;

  // The "amplification" object of docs/results-schema.md: logical_bytes_written, disk_bytes_written,
  // write_amplification, live_logical_bytes, storage_bytes, space_amplification (null members when unknown).
  nlohmann::json ToJson() const;
};

}  // namespace kvbench::measure

#endif  // KVBENCH_HOST_MEASURE_AMPLIFICATION_HPP_
