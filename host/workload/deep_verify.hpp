// Deep verify: scans all five stores in full and compares every record with an ExpectedState. Unlike Verify (a
// count and three profiles), it finds each record that is missing, wrong, stale (an older version of its id),
// extra (no version of any written id has it) and every cross-store orphan.
//
// Tolerance: an id in ExpectedState::in_flight may be in the version before or after its operation, or partly in
// each; its records that match one of those versions are never counted as missing, stale or extra. Such an id is
// counted in `in_flight_partial` when its five stores do not all hold one and the same version (or, for an insert
// in flight, none at all).
#ifndef KVBENCH_HOST_WORKLOAD_DEEP_VERIFY_HPP_
#define KVBENCH_HOST_WORKLOAD_DEEP_VERIFY_HPP_

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>

#include "common/status.hpp"
#include "workload/expected_state.hpp"
#include "workload/profile_workload.hpp"

namespace kvbench::workload {

struct StoreFindings {
  uint64_t scanned = 0;  // entries the scan visited
  uint64_t missing = 0;  // an expected record is absent
  uint64_t wrong = 0;    // the key is expected but the value is not (undecodable, or no version of the id)
  uint64_t stale = 0;    // the record of an older version of a written id (a lost update)
  uint64_t extra = 0;    // a key no version of any written id has (an id never written, or an invented key)
};

struct DeepVerifyResult {
  StoreFindings profiles;
  std::array<StoreFindings, kIndexStoreCount> indexes;  // IndexStore order
  uint64_t orphan_index_entries = 0;                    // an index entry whose profile is absent
  uint64_t orphan_profiles = 0;  // a profile lacking one of the four index entries of its stored version
  uint64_t in_flight_partial = 0;
  // Ids (not in flight) with an expected record missing or stale in any store: writes that were acknowledged
  // and did not survive.
  uint64_t lost_ids = 0;
  double elapsed_ms = 0;

  uint64_t missing() const;
  uint64_t wrong() const;
  uint64_t stale() const;
  uint64_t extra() const;
  uint64_t orphans() const { return orphan_index_entries + orphan_profiles; }
  // Nothing missing, wrong, stale, extra or orphaned (in-flight partial states are allowed).
  bool clean() const;
  // {clean, missing, wrong, stale, extra, orphans, orphan_index_entries, orphan_profiles, in_flight_partial,
  //  lost_ids, elapsed_ms, stores: {<store name>: {scanned, missing, wrong, stale, extra}}}
  nlohmann::json ToJson() const;
};

// Scans every store of `stores` (REQUIRES: open, not written to while this runs). An error is an engine or
// iterator failure; findings are never errors.
Status DeepVerify(const ProfileStores& stores, const ExpectedState& expected, DeepVerifyResult* out);

}  // namespace kvbench::workload

#endif  // KVBENCH_HOST_WORKLOAD_DEEP_VERIFY_HPP_
