// The host's own work per profile read, inside every timed read and query loop: checking and checksumming a
// stored profile (AddStoredProfile), against decoding it into a Profile.
//
//   build/profile_bench [--benchmark_filter=...]
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "workload/checksum.hpp"
#include "workload/profile.hpp"

namespace kvbench::workload {
namespace {

// Stored profiles of ids spread over 1..100M, some updated, cycled through in a fixed order.
const std::vector<std::string>& StoredProfiles() {
  static const std::vector<std::string> stored = [] {
    std::vector<std::string> out;
    Profile p;
    for (int64_t i = 0; i < 4096; ++i) {
      const int64_t id = 1 + i * 24'413;
      GenerateProfile(id, 570123434, &p);
      if (i % 3 == 0) ApplyUpdate(570123434, &p);
      out.emplace_back();
      EncodeProfile(p, &out.back());
    }
    return out;
  }();
  return stored;
}

void BM_AddStoredProfile(benchmark::State& state) {
  const std::vector<std::string>& stored = StoredProfiles();
  Checksum checksum;
  size_t i = 0;
  for (auto _ : state) {
    if (!AddStoredProfile(stored[i++ & 4095], &checksum)) {
      state.SkipWithError("malformed profile");
      break;
    }
  }
  benchmark::DoNotOptimize(checksum.value());
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_AddStoredProfile);

void BM_DecodeProfile(benchmark::State& state) {
  const std::vector<std::string>& stored = StoredProfiles();
  Profile p;
  size_t i = 0;
  for (auto _ : state) {
    if (!DecodeProfile(stored[i++ & 4095], &p)) {
      state.SkipWithError("malformed profile");
      break;
    }
    benchmark::DoNotOptimize(p.user_id);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_DecodeProfile);

}  // namespace
}  // namespace kvbench::workload

BENCHMARK_MAIN();
