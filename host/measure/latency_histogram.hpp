// A log-linear latency histogram in the style of HdrHistogram: the value range is split into power-of-two ranges
// [2^e, 2^(e+1)), each split into 2^sub_bucket_bits equal sub-buckets, so every recorded value is known to within
// 1 / 2^sub_bucket_bits of itself (7 bits: 0.78% bucket width, at most 0.39% error of the reported midpoint). Values
// below 2^(sub_bucket_bits+1) are exact. The whole uint64_t range is covered (1 ns to ~584 years), so nothing is
// clamped.
//
// The count array is allocated once, at construction; Record() never allocates.
// Thread-safety: none. A histogram is written by one thread; Merge() per-thread histograms afterwards.
#ifndef KVBENCH_HOST_MEASURE_LATENCY_HISTOGRAM_HPP_
#define KVBENCH_HOST_MEASURE_LATENCY_HISTOGRAM_HPP_

#include <bit>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace kvbench::measure {

class LatencyHistogram {
 public:
  static constexpr uint32_t kDefaultSubBucketBits = 7;
  static constexpr uint32_t kMinSubBucketBits = 1;
  static constexpr uint32_t kMaxSubBucketBits = 10;

  // REQUIRES: kMinSubBucketBits <= sub_bucket_bits <= kMaxSubBucketBits (out-of-range values are clamped).
  explicit LatencyHistogram(uint32_t sub_bucket_bits = kDefaultSubBucketBits);

  // Hot path: one array increment plus min/max/sum updates.
  void Record(uint64_t value) {
    ++counts_[IndexOf(value)];
    ++count_;
    sum_ += static_cast<double>(value);
    if (value < min_) min_ = value;
    if (value > max_) max_ = value;
  }
  // Records `count` occurrences of `value`.
  void RecordMany(uint64_t value, uint64_t count);

  // Adds every count of `other`. Returns false (and changes nothing) when the sub_bucket_bits differ.
  bool Merge(const LatencyHistogram& other);
  void Reset();

  uint64_t Count() const { return count_; }
  // Exact minimum / maximum recorded value; 0 when empty.
  uint64_t Min() const { return count_ == 0 ? 0 : min_; }
  uint64_t Max() const { return count_ == 0 ? 0 : max_; }
  // Exact mean (up to double rounding); 0 when empty.
  double Mean() const { return count_ == 0 ? 0.0 : sum_ / static_cast<double>(count_); }
  // The value at `percentile` (0..100; 99.9 for p99.9): the midpoint of the bucket holding the
  // ceil(percentile/100 * count)-th smallest value, clamped to [Min(), Max()]; exactly Min() / Max() for the first
  // and last rank. 0 when empty.
  uint64_t Percentile(double percentile) const;

  // The fewest samples that resolve `percentile` (0..100): count >= 1 / (1 - percentile/100), i.e. 2 for p50,
  // 100 for p99, 1,000 for p99.9, 10,000 for p99.99. With fewer, its rank is the last one and Percentile() gives
  // the largest sample, not an estimate of that percentile. 1 for percentile <= 0; UINT64_MAX for 100 and above.
  static uint64_t SamplesToResolve(double percentile);
  // The largest relative error of a reported percentile against the sampled value at its rank: half a bucket of
  // relative width 2^-sub_bucket_bits, i.e. 2^-(sub_bucket_bits+1) (1/256, 0.39%, with the default 7 bits).
  static constexpr double MaxRelativeError(uint32_t sub_bucket_bits) {
    return 1.0 / static_cast<double>(uint64_t{2} << sub_bucket_bits);
  }

  uint32_t sub_bucket_bits() const { return sub_bucket_bits_; }
  size_t bucket_count() const { return counts_.size(); }
  uint64_t count_at_index(size_t index) const { return counts_[index]; }

  size_t IndexOf(uint64_t value) const {
    if (value < (uint64_t{2} << sub_bucket_bits_)) return static_cast<size_t>(value);
    const uint32_t exponent = 63u - static_cast<uint32_t>(std::countl_zero(value));
    const uint32_t shift = exponent - sub_bucket_bits_;
    return (static_cast<size_t>(shift + 1) << sub_bucket_bits_) +
           static_cast<size_t>((value >> shift) - (uint64_t{1} << sub_bucket_bits_));
  }
  // The smallest and largest value that land in bucket `index`.
  uint64_t LowestValueAt(size_t index) const;
  uint64_t HighestValueAt(size_t index) const;

  // {"unit":"ns","count":..,"min":..,"max":..,"mean":..,"p50":..,"p90":..,"p99":..,"p999":..,"p9999":..,
  //  "histogram":{"sub_bucket_bits":7,"buckets":[[index,count],...]}} (sparse; statistics are null when empty, a
  //  percentile is null when the count does not resolve it: SamplesToResolve).
  nlohmann::json ToJson() const;
  // Rebuilds a histogram from ToJson() output (min/max/mean are taken from the JSON when present, else estimated
  // from the buckets). Returns false with a message in *error when the JSON is malformed.
  static bool FromJson(const nlohmann::json& json, LatencyHistogram* out, std::string* error);

 private:
  uint32_t sub_bucket_bits_;
  std::vector<uint64_t> counts_;  // sized once, at construction
  uint64_t count_ = 0;
  double sum_ = 0.0;
  uint64_t min_ = std::numeric_limits<uint64_t>::max();
  uint64_t max_ = 0;
};

}  // namespace kvbench::measure

#endif  // KVBENCH_HOST_MEASURE_LATENCY_HISTOGRAM_HPP_
