// What the five stores must hold after a known prefix of the workload's writes: which ids were inserted and how
// many times each id was updated. The update is a pure function of the id and the profile, so "version c" of an
// id (GenerateProfile, then Update applied c times) is the whole record; the state is one count per id.
#ifndef KVBENCH_HOST_WORKLOAD_EXPECTED_STATE_HPP_
#define KVBENCH_HOST_WORKLOAD_EXPECTED_STATE_HPP_

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.hpp"
#include "workload/keys.hpp"
#include "workload/profile.hpp"
#include "workload/profile_workload.hpp"

namespace kvbench::workload {

// The index stores, in ProfileStores order after `profiles`.
enum class IndexStore : int { kEmail, kCountryStatus, kCreatedAt, kReputation };
inline constexpr int kIndexStoreCount = 4;

struct ExpectedState {
  int32_t profiles = 0;  // N: ids outside 1..N are never written
  uint64_t seed_bits = 0;
  int64_t inserted = 0;           // ids 1..inserted were inserted (the insert phase writes ids in order)
  std::vector<uint16_t> updates;  // [id]: acknowledged updates of id; empty when there were none, else N + 1 long
  // Ids whose operation was under way when the writer stopped: such an id may be in the version before or after
  // that operation, or partly in both (the five puts are separate). An id here that is > inserted is an insert in
  // flight (absent or version 0).
  std::vector<int64_t> in_flight;

  uint16_t Updates(int64_t id) const { return updates.empty() ? 0 : updates[static_cast<size_t>(id)]; }
  bool InFlight(int64_t id) const;

  // Ids 1..inserted, then the first `updates_applied` items of the plan's UpdateIds section. INVALID_ARGUMENT when an
  // id would be updated more than 65535 times.
  static Status Replay(const WorkloadParams& params, int64_t inserted, int64_t updates_applied, ExpectedState* out);
};

// Version `version` of `id`: GenerateProfile, then Update applied `version` times.
void ProfileVersion(int64_t id, uint64_t seed_bits, int version, Profile* out);

// The key `profile` has in an index store.
void IndexKeyOf(IndexStore store, const Profile& profile, KeyBuffer* out);

// The user id an index key names (email: the 12 digits; the others: the 20 digits after the last '|'). False when
// the key has not the store's shape.
bool IdOfIndexKey(IndexStore store, std::string_view key, int64_t* id);

}  // namespace kvbench::workload

#endif  // KVBENCH_HOST_WORKLOAD_EXPECTED_STATE_HPP_
