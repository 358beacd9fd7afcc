#include "measure/latency_histogram.hpp"

#include <algorithm>
#include <cmath>

namespace kvbench::measure {

namespace {

uint32_t ClampBits(uint32_t bits) {
  return std::clamp(bits, LatencyHistogram::kMinSubBucketBits, LatencyHistogram::kMaxSubBucketBits);
}

// Buckets: the exact range [0, 2^(bits+1)) then (63 - bits) more power-of-two ranges of 2^bits sub-buckets.
size_t BucketCountFor(uint32_t bits) { return static_cast<size_t>(65 - bits) << bits; }

// A non-negative JSON integer (parsed text gives unsigned numbers, built values may be signed).
bool GetUnsigned(const nlohmann::json& j, uint64_t* out) {
  if (j.is_number_unsigned()) {
    *out = j.get<uint64_t>();
    return true;
  }
  if (j.is_number_integer() && j.get<int64_t>() >= 0) {
    *out = static_cast<uint64_t>(j.get<int64_t>());
    return true;
  }
  return false;
}

// ceil(x) for a product of decimal fractions: 99.9 / 100 * 1000 is 999.0000000000001 in binary floating point,
// whose plain ceil (1000) would be the next rank. Any x within a relative 1e-12 above an integer is that integer.
uint64_t CeilTolerant(double x) { return static_cast<uint64_t>(std::ceil(x - x * 1e-12)); }

}  // namespace

LatencyHistogram::LatencyHistogram(uint32_t sub_bucket_bits)
    : sub_bucket_bits_(ClampBits(sub_bucket_bits)), counts_(BucketCountFor(sub_bucket_bits_), 0) {}

void LatencyHistogram::RecordMany(uint64_t value, uint64_t count) {
  if (count == 0) return;
  counts_[IndexOf(value)] += count;
  count_ += count;
  sum_ += static_cast<double>(value) * static_cast<double>(count);
  min_ = std::min(min_, value);
  max_ = std::max(max_, value);
}

bool LatencyHistogram::Merge(const LatencyHistogram& other) {
  if (other.sub_bucket_bits_ != sub_bucket_bits_) return false;
  if (other.count_ == 0) return true;
  for (size_t i = 0; i < counts_.size(); ++i) counts_[i] += other.counts_[i];
  count_ += other.count_;
  sum_ += other.sum_;
  min_ = std::min(min_, other.min_);
  max_ = std::max(max_, other.max_);
  return true;
}

void LatencyHistogram::Reset() {
  std::fill(counts_.begin(), counts_.end(), 0);
  count_ = 0;
  sum_ = 0.0;
  min_ = std::numeric_limits<uint64_t>::max();
  max_ = 0;
}

uint64_t LatencyHistogram::LowestValueAt(size_t index) const {
  const size_t exact_limit = size_t{2} << sub_bucket_bits_;
  if (index < exact_limit) return index;
  const uint32_t shift = static_cast<uint32_t>(index >> sub_bucket_bits_) - 1;
  const uint64_t sub = (index & ((size_t{1} << sub_bucket_bits_) - 1)) + (uint64_t{1} << sub_bucket_bits_);
  return sub << shift;
}

uint64_t LatencyHistogram::HighestValueAt(size_t index) const {
  const size_t exact_limit = size_t{2} << sub_bucket_bits_;
  if (index < exact_limit) return index;
  const uint32_t shift = static_cast<uint32_t>(index >> sub_bucket_bits_) - 1;
  return LowestValueAt(index) + ((uint64_t{1} << shift) - 1);  // never overflows: the top bucket ends at 2^64-1
}

uint64_t LatencyHistogram::Percentile(double percentile) const {
  if (count_ == 0) return 0;
  if (!(percentile >= 0.0)) percentile = 0.0;  // also catches NaN
  percentile = std::min(percentile, 100.0);
  uint64_t rank = CeilTolerant(percentile / 100.0 * static_cast<double>(count_));
  rank = std::clamp<uint64_t>(rank, 1, count_);
  if (rank == 1) return min_;  // the extremes are known exactly
  if (rank == count_) return max_;
  uint64_t seen = 0;
  for (size_t i = 0; i < counts_.size(); ++i) {
    seen += counts_[i];
    if (seen >= rank) {
      const uint64_t low = LowestValueAt(i);
      const uint64_t mid = low + (HighestValueAt(i) - low) / 2;
      return std::clamp(mid, min_, max_);
    }
  }
  return max_;  // unreachable when counts_ and count_ agree
}

uint64_t LatencyHistogram::SamplesToResolve(double percentile) {
  if (!(percentile > 0.0)) return 1;  // also catches NaN
  if (percentile >= 100.0) return std::numeric_limits<uint64_t>::max();
  const double samples = 100.0 / (100.0 - percentile);
  if (samples >= 1e18) return std::numeric_limits<uint64_t>::max();
  return std::max<uint64_t>(1, CeilTolerant(samples));
}

nlohmann::json LatencyHistogram::ToJson() const {
  nlohmann::json buckets = nlohmann::json::array();
  for (size_t i = 0; i < counts_.size(); ++i) {
    if (counts_[i] != 0) buckets.push_back(nlohmann::json::array({i, counts_[i]}));
  }
  nlohmann::json out = nlohmann::json::object();
  out["unit"] = "ns";
  out["count"] = count_;
  const bool empty = count_ == 0;
  out["min"] = empty ? nlohmann::json(nullptr) : nlohmann::json(min_);
  out["max"] = empty ? nlohmann::json(nullptr) : nlohmann::json(max_);
  out["mean"] = empty ? nlohmann::json(nullptr) : nlohmann::json(Mean());
  static constexpr struct {
    const char* name;
    double percentile;
  } kReported[] = {{"p50", 50.0}, {"p90", 90.0}, {"p99", 99.0}, {"p999", 99.9}, {"p9999", 99.99}};
  for (const auto& p : kReported) {
    const bool resolved = count_ >= SamplesToResolve(p.percentile);
    out[p.name] = resolved ? nlohmann::json(Percentile(p.percentile)) : nlohmann::json(nullptr);
  }
  out["histogram"] = {{"sub_bucket_bits", sub_bucket_bits_}, {"buckets", std::move(buckets)}};
  return out;
}

bool LatencyHistogram::FromJson(const nlohmann::json& json, LatencyHistogram* out, std::string* error) {
  auto fail = [error](const std::string& message) {
    if (error != nullptr) *error = message;
    return false;
  };
  if (!json.is_object()) return fail("latency: not an object");
  const auto hist = json.find("histogram");
  if (hist == json.end() || !hist->is_object()) return fail("latency: missing \"histogram\" object");
  const auto bits = hist->find("sub_bucket_bits");
  uint64_t bits_value = 0;
  if (bits == hist->end() || !GetUnsigned(*bits, &bits_value)) return fail("latency: missing \"sub_bucket_bits\"");
  if (bits_value < kMinSubBucketBits || bits_value > kMaxSubBucketBits) {
    return fail("latency: sub_bucket_bits " + std::to_string(bits_value) + " out of range");
  }
  const auto buckets = hist->find("buckets");
  if (buckets == hist->end() || !buckets->is_array()) return fail("latency: missing \"buckets\" array");

  LatencyHistogram result(static_cast<uint32_t>(bits_value));
  size_t lowest = result.counts_.size();
  size_t highest = 0;
  double estimated_sum = 0.0;
  for (const auto& entry : *buckets) {
    uint64_t index = 0;
    uint64_t count = 0;
    if (!entry.is_array() || entry.size() != 2 || !GetUnsigned(entry[0], &index) || !GetUnsigned(entry[1], &count)) {
      return fail("latency: a bucket is not [index, count]");
    }
    if (index >= result.counts_.size()) return fail("latency: bucket index " + std::to_string(index) + " out of range");
    if (count == 0) continue;
    result.counts_[index] += count;
    result.count_ += count;
    lowest = std::min<size_t>(lowest, index);
    highest = std::max<size_t>(highest, index);
    const uint64_t low = result.LowestValueAt(index);
    estimated_sum += (static_cast<double>(low) + static_cast<double>(result.HighestValueAt(index) - low) / 2.0) *
                     static_cast<double>(count);
  }
  if (const auto count = json.find("count"); count != json.end() && !count->is_null()) {
    uint64_t value = 0;
    if (!GetUnsigned(*count, &value) || value != result.count_) {
      return fail("latency: \"count\" disagrees with the buckets");
    }
  }
  if (result.count_ != 0) {
    auto number_or = [&json](const char* key, uint64_t fallback) {
      const auto it = json.find(key);
      uint64_t value = 0;
      return it != json.end() && GetUnsigned(*it, &value) ? value : fallback;
    };
    result.min_ = number_or("min", result.LowestValueAt(lowest));
    result.max_ = number_or("max", result.HighestValueAt(highest));
    if (result.min_ > result.max_ || result.IndexOf(result.min_) != lowest || result.IndexOf(result.max_) != highest) {
      return fail("latency: \"min\"/\"max\" disagree with the buckets");
    }
    const auto mean = json.find("mean");
    result.sum_ = mean != json.end() && mean->is_number() ? mean->get<double>() * static_cast<double>(result.count_)
                                                          : estimated_sum;
  }
  *out = std::move(result);
  return true;
}

}  // namespace kvbench::measure
