#include "measure/amplification.hpp"

namespace kvbench::measure {

namespace {

std::optional<double> Ratio(const std::optional<uint64_t>& numerator, const std::optional<uint64_t>& denominator) {
  if (!numerator || !denominator || *denominator == 0) return std::nullopt;
  return static_cast<double>(*numerator) / static_cast<double>(*denominator);
}

template <class T>
nlohmann::json OrNull(const std::optional<T>& value) {
  return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

}  // namespace

std::optional<uint64_t> SumDiskBytesWritten(const std::vector<const PhaseMeasurement*>& measurements) {
  uint64_t sum = 0;
  for (const PhaseMeasurement* m : measurements) {
    if (m == nullptr || !m->io_available) return std::nullopt;
    sum += m->io_write_bytes;
  }
  return sum;
}

std::optional<double> Amplification::write_amplification() const {
  return Ratio(disk_bytes_written, logical_bytes_written);
}

std::optional<double> Amplification::space_amplification() const { return Ratio(storage_bytes, live_logical_bytes); }

nlohmann::json Amplification::ToJson() const {
  return {{"logical_bytes_written", OrNull(logical_bytes_written)},
          {"disk_bytes_written", OrNull(disk_bytes_written)},
          {"write_amplification", OrNull(write_amplification())},
          {"live_logical_bytes", OrNull(live_logical_bytes)},
          {"storage_bytes", OrNull(storage_bytes)},
          {"space_amplification", OrNull(space_amplification())}};
}

}  // namespace kvbench::measure
