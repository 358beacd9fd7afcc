// Zipfian item numbers as YCSB draws them (research/sql-and-scenarios.md §5.4): Gray et al.'s generator ("Quickly
// Generating Billion-Record Synthetic Databases", SIGMOD '94), item 0 the most popular, and YCSB's scrambled
// variant, which spreads the popular items over the item space with YCSB's FNV-1a 64.
#ifndef KVBENCH_HOST_WORKLOAD_KV_ZIPFIAN_HPP_
#define KVBENCH_HOST_WORKLOAD_KV_ZIPFIAN_HPP_

#include <cstdint>

namespace kvbench::workload::kv {

// YCSB's ZIPFIAN_CONSTANT, and ζ(10^10, 0.99) as YCSB's ScrambledZipfianGenerator precomputes it.
inline constexpr double kYcsbZipfianTheta = 0.99;
inline constexpr uint64_t kYcsbScrambledItems = 10000000000ull;
inline constexpr double kYcsbScrambledZeta = 26.46902820178302;

// YCSB's Utils.fnvhash64: FNV-1a over the 8 bytes of `v`, low byte first, then the absolute value as a signed
// 64-bit number.
uint64_t YcsbFnv64(uint64_t v);

// ζ(n, θ) = Σ_{i=1..n} 1/i^θ, summed from item `from` (with `partial` = ζ(from, θ)). O(n - from).
double Zeta(uint64_t from, uint64_t n, double theta, double partial);

class Zipfian {
 public:
  // Over [0, items); computes ζ(items, θ) (O(items)). REQUIRES: items >= 1, 0 < theta < 1.
  Zipfian(uint64_t items, double theta);
  // With ζ(items, θ) given (the scrambled variant's 10^10 items).
  Zipfian(uint64_t items, double theta, double zeta_items);

  // The item for u uniform in [0, 1).
  uint64_t Next(double u) const;
  // Grows the item space to `items` (> items()), extending ζ incrementally as YCSB does for "latest".
  void Grow(uint64_t items);

  uint64_t items() const { return items_; }
  // The theoretical probability of item i (0-based): 1 / ((i+1)^θ ζ(n)).
  double Probability(uint64_t i) const;

 private:
  void Derive();

  uint64_t items_;
  double theta_, zeta_n_, zeta_2_, alpha_, eta_, half_pow_theta_;
};

// YCSB's ScrambledZipfianGenerator over [0, items): a zipfian draw over 10^10 items (θ = 0.99, ζ precomputed),
// or over `items` items for another θ, mapped to YcsbFnv64(draw) mod items.
class ScrambledZipfian {
 public:
  ScrambledZipfian(uint64_t items, double theta);
  uint64_t Next(double u) const { return YcsbFnv64(base_.Next(u)) % items_; }
  uint64_t items() const { return items_; }

 private:
  uint64_t items_;
  Zipfian base_;
};

}  // namespace kvbench::workload::kv

#endif  // KVBENCH_HOST_WORKLOAD_KV_ZIPFIAN_HPP_
