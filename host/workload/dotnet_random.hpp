// .NET's seeded System.Random (the legacy "Net5Compat" algorithm behind `new Random(seed)`): Knuth's subtractive
// generator as in Numerical Recipes' ran3, plus .NET's Next(lo, hi), NextUInt64 and NextInt64(lo, hi) with its
// rejection loop. Bit-exact with the reference harness (spec §4). The state is 58 ints and freely copyable, which
// is what lets the workload record a plan section's start and replay it later.
#ifndef KVBENCH_HOST_WORKLOAD_DOTNET_RANDOM_HPP_
#define KVBENCH_HOST_WORKLOAD_DOTNET_RANDOM_HPP_

#include <array>
#include <bit>
#include <cstdint>

namespace kvbench::workload {

class DotNetRandom {
 public:
  static constexpr int32_t kMBig = 2147483647;
  static constexpr int32_t kMSeed = 161803398;

  explicit DotNetRandom(int32_t seed);

  // The raw sample in [0, kMBig).
  int32_t InternalSample() {
    int32_t inext = inext_ + 1;
    if (inext >= 56) inext = 1;
    int32_t inextp = inextp_ + 1;
    if (inextp >= 56) inextp = 1;
    int32_t r = Sub(sa_[inext], sa_[inextp]);
    if (r == kMBig) --r;
    if (r < 0) r += kMBig;
    sa_[inext] = r;
    inext_ = inext;
    inextp_ = inextp;
    return r;
  }

  // [0, 1).
  double Sample() { return InternalSample() * (1.0 / kMBig); }

  // [lo, hi) for a 32-bit range: (int)(Sample() * (hi - lo)) + lo. REQUIRES: lo <= hi, hi - lo <= INT32_MAX.
  int32_t Next(int32_t lo, int32_t hi) {
    const int64_t range = static_cast<int64_t>(hi) - lo;
    return static_cast<int32_t>(Sample() * static_cast<double>(range)) + lo;
  }

  // 64 bits from three samples: Next(0, 2^22) | Next(0, 2^22) << 22 | Next(0, 2^20) << 44.
  uint64_t NextUInt64() {
    const uint64_t lo = static_cast<uint32_t>(Next(0, 1 << 22));
    const uint64_t mid = static_cast<uint32_t>(Next(0, 1 << 22));
    const uint64_t hi = static_cast<uint32_t>(Next(0, 1 << 20));
    return lo | (mid << 22) | (hi << 44);
  }

  // [lo, hi): the smallest power-of-two range covering hi - lo, rejection-sampled. Returns lo when hi - lo <= 1.
  int64_t NextInt64(int64_t lo, int64_t hi) {
    const uint64_t range = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo);
    if (range <= 1) return lo;
    const int bits = std::bit_width(range - 1);  // ceil(log2(range)), exactly k for range == 2^k
    for (;;) {
      const uint64_t r = NextUInt64() >> (64 - bits);
      if (r < range) return static_cast<int64_t>(static_cast<uint64_t>(lo) + r);
    }
  }

  bool operator==(const DotNetRandom&) const = default;

 private:
  // 32-bit wrap-around subtraction without signed overflow.
  static int32_t Sub(int32_t a, int32_t b) {
    return static_cast<int32_t>(static_cast<uint32_t>(a) - static_cast<uint32_t>(b));
  }

  std::array<int32_t, 56> sa_{};
  int32_t inext_ = 0;
  int32_t inextp_ = 21;
};

}  // namespace kvbench::workload

#endif  // KVBENCH_HOST_WORKLOAD_DOTNET_RANDOM_HPP_
