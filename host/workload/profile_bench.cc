// The host's own work per profile read, inside every timed read and query loop: checking and checksumming a
// stored profile (AddStoredProfile), against decoding it into a Profile.
//
//   build/profile_bench [--benchmark_filter=...]
#include <benchmark/benchmark.h>

#include <string>
#include <string_view>
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

// Times `read` over the stored profiles, one a loop; stops at the first it refuses.
template <class Read>
void OverStoredProfiles(benchmark::State& state, Read read) {
  const std::vector<std::string>& stored = StoredProfiles();
  size_t i = 0;
  for (auto _ : state) {
    if (!read(stored[i++ & 4095])) {
      state.SkipWithError("malformed profile");
      break;
    }
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_AddStoredProfile(benchmark::State& state) {
  Checksum checksum;
  OverStoredProfiles(state, [&](std::string_view s) { return AddStoredProfile(s, &checksum); });
  benchmark::DoNotOptimize(checksum.value());
}
BENCHMARK(BM_AddStoredProfile);

void BM_DecodeProfile(benchmark::State& state) {
  Profile p;
  OverStoredProfiles(state, [&](std::string_view s) {
    const bool ok = DecodeProfile(s, &p);
    benchmark::DoNotOptimize(p.user_id);
    return ok;
  });
}
BENCHMARK(BM_DecodeProfile);

}  // namespace
}  // namespace kvbench::workload

BENCHMARK_MAIN();
