// Which record an operation addresses: the phase's request distribution over the record numbers in use.
//
// The key space of an operation is [0, n) with n = max(workload.records, records inserted so far): the first
// `records` numbers are the records whether or not a phase loaded them yet (db_bench's fillrandom writes into that
// space; a read of one not written finds nothing, as expected).
//   uniform:    uniform over [0, n).
//   sequential: 0, 1, 2, ... wrapping at n.
//   zipfian:    YCSB's: over `items` = records + 2 x the phase's expected inserts, redrawn while >= n; scrambled
//               (YcsbFnv64 mod items, hot records spread out) or not (record 0 the hottest).
//   latest:     YCSB's SkewedLatest: the newest record minus a zipfian draw over n (ζ grown as records arrive).
//   hotspot:    hot_ops of the draws uniform over the first hot_data x n records, the others over the rest.
// REQUIRES: n >= 1 (workload.records >= 1).
#ifndef KVBENCH_HOST_WORKLOAD_KV_KEY_CHOOSER_HPP_
#define KVBENCH_HOST_WORKLOAD_KV_KEY_CHOOSER_HPP_

#include <cstdint>
#include <optional>

#include "workload/kv/kv_spec.hpp"
#include "workload/kv/random.hpp"
#include "workload/kv/zipfian.hpp"

namespace kvbench::workload::kv {

class KeyChooser {
 public:
  // `items`: the zipfian item space (records + 2 x expected inserts); `n0`: the key space when the phase starts.
  KeyChooser(const Distribution& d, uint64_t items, uint64_t n0);

  uint64_t Next(Rng& rng, uint64_t n);

 private:
  Distribution d_;
  uint64_t sequential_ = 0;
  std::optional<Zipfian> zipfian_;             // unscrambled zipfian, latest
  std::optional<ScrambledZipfian> scrambled_;  // scrambled zipfian
};

}  // namespace kvbench::workload::kv

#endif  // KVBENCH_HOST_WORKLOAD_KV_KEY_CHOOSER_HPP_
