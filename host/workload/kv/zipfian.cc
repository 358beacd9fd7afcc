#include "workload/kv/zipfian.hpp"

#include <cmath>

namespace kvbench::workload::kv {

uint64_t YcsbFnv64(uint64_t v) {
  uint64_t h = 0xCBF29CE484222325ull;
  for (int i = 0; i < 8; ++i) {
    h ^= v & 0xff;
    v >>= 8;
    h *= 1099511628211ull;
  }
  const int64_t s = static_cast<int64_t>(h);
  // Java's Math.abs: Long.MIN_VALUE stays itself (and YCSB then takes it modulo as a negative number; the one
  // input that hashes there is never a record number here).
  return s < 0 ? uint64_t{0} - h : h;
}

double Zeta(uint64_t from, uint64_t n, double theta, double partial) {
  double sum = partial;
  for (uint64_t i = from; i < n; ++i) sum += 1.0 / std::pow(static_cast<double>(i + 1), theta);
  return sum;
}

Zipfian::Zipfian(uint64_t items, double theta) : Zipfian(items, theta, Zeta(0, items, theta, 0.0)) {}

Zipfian::Zipfian(uint64_t items, double theta, double zeta_items) : items_(items), theta_(theta), zeta_n_(zeta_items) {
  zeta_2_ = Zeta(0, 2, theta, 0.0);
  alpha_ = 1.0 / (1.0 - theta);
  half_pow_theta_ = 1.0 + std::pow(0.5, theta);
  Derive();
}

void Zipfian::Derive() {
  eta_ = (1.0 - std::pow(2.0 / static_cast<double>(items_), 1.0 - theta_)) / (1.0 - zeta_2_ / zeta_n_);
}

uint64_t Zipfian::Next(double u) const {
  const double uz = u * zeta_n_;
  if (uz < 1.0) return 0;
  if (uz < half_pow_theta_) return items_ > 1 ? 1 : 0;
  const uint64_t item = static_cast<uint64_t>(static_cast<double>(items_) * std::pow(eta_ * u - eta_ + 1.0, alpha_));
  return item < items_ ? item : items_ - 1;
}

void Zipfian::Grow(uint64_t items) {
  if (items <= items_) return;
  zeta_n_ = Zeta(items_, items, theta_, zeta_n_);
  items_ = items;
  Derive();
}

double Zipfian::Probability(uint64_t i) const {
  return 1.0 / (std::pow(static_cast<double>(i + 1), theta_) * zeta_n_);
}

ScrambledZipfian::ScrambledZipfian(uint64_t items, double theta)
    : items_(items),
      base_(theta == kYcsbZipfianTheta ? Zipfian(kYcsbScrambledItems, theta, kYcsbScrambledZeta)
                                       : Zipfian(items, theta)) {}

}  // namespace kvbench::workload::kv
