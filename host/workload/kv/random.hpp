// The kv workload's seeded generator: SplitMix64 (Steele et al., "Fast splittable pseudorandom number generators",
// OOPSLA '14), one independent stream per (seed, phase, client), so a phase's choices do not depend on what earlier
// phases drew and parallel clients can each take their own stream.
#ifndef KVBENCH_HOST_WORKLOAD_KV_RANDOM_HPP_
#define KVBENCH_HOST_WORKLOAD_KV_RANDOM_HPP_

#include <cstdint>

namespace kvbench::workload::kv {

inline uint64_t Mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  // The stream of client `client` in phase `phase` of a workload seeded with `seed`.
  static Rng Stream(int32_t seed, uint64_t phase, uint64_t client) {
    return Rng(Mix64(static_cast<uint32_t>(seed) ^ Mix64(phase * 0x9E3779B97F4A7C15ull + client + 1)));
  }

  uint64_t Next() { return Mix64(state_ += 0x9E3779B97F4A7C15ull); }
  // Uniform in [0, 1).
  double Double() { return static_cast<double>(Next() >> 11) * 0x1.0p-53; }
  // Uniform in [0, n); 0 when n == 0. Lemire's multiply-shift (bias below 2^-64 * n, negligible here).
  uint64_t Below(uint64_t n) {
    __extension__ using Uint128 = unsigned __int128;
    return static_cast<uint64_t>((static_cast<Uint128>(Next()) * n) >> 64);
  }

 private:
  uint64_t state_;
};

}  // namespace kvbench::workload::kv

#endif  // KVBENCH_HOST_WORKLOAD_KV_RANDOM_HPP_
