#include "workload/expected_state.hpp"

#include <algorithm>
#include <array>
#include <limits>

#include "workload/plan.hpp"

namespace kvbench::workload {

bool ExpectedState::InFlight(int64_t id) const {
  return std::find(in_flight.begin(), in_flight.end(), id) != in_flight.end();
}

Status ExpectedState::Replay(const WorkloadParams& params, int64_t inserted, int64_t updates_applied,
                             ExpectedState* out) {
  *out = ExpectedState{};
  out->profiles = params.profiles;
  out->seed_bits = SeedBits(params.seed);
  out->inserted = std::clamp<int64_t>(inserted, 0, params.profiles);
  if (updates_applied <= 0) return Status::OK();
  out->updates.assign(static_cast<size_t>(params.profiles) + 1, 0);
  // The whole plan: the UpdateIds section starts where the sections before it left the generator.
  const Plan plan(params.seed, params.profiles, SectionCounts(params));
  DotNetRandom r = plan.Start(PlanSection::kUpdates);
  const int64_t n = std::min(updates_applied, params.updates);
  for (int64_t i = 0; i < n; ++i) {
    uint16_t& count = out->updates[static_cast<size_t>(Plan::DrawUserId(r, params.profiles))];
    if (count == std::numeric_limits<uint16_t>::max()) {
      return Status::InvalidArgument("expected state: an id is updated more than 65535 times");
    }
    ++count;
  }
  return Status::OK();
}

void ProfileVersion(int64_t id, uint64_t seed_bits, int version, Profile* out) {
  GenerateProfile(id, seed_bits, out);
  for (int i = 0; i < version; ++i) ApplyUpdate(seed_bits, out);
}

void IndexKeyOf(IndexStore store, const Profile& p, KeyBuffer* out) {
  switch (store) {
    case IndexStore::kEmail:
      EmailKey(p.user_id, out);
      return;
    case IndexStore::kCountryStatus:
      CountryStatusKey(p.country_name(), p.status_name(), p.user_id, out);
      return;
    case IndexStore::kCreatedAt:
      CreatedAtKey(p.created_at, p.user_id, out);
      return;
    case IndexStore::kReputation:
      ReputationKey(p.reputation, p.user_id, out);
      return;
  }
}

namespace {

bool ParseDigits(std::string_view digits, int64_t* out) {
  if (digits.empty() || digits.size() > 18) return false;
  int64_t v = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  *out = v;
  return true;
}

}  // namespace

bool IdOfIndexKey(IndexStore store, std::string_view key, int64_t* id) {
  if (store == IndexStore::kEmail) {
    constexpr std::string_view kPrefix = "user";
    if (key.size() < kPrefix.size() + 12 || key.substr(0, kPrefix.size()) != kPrefix) return false;
    return ParseDigits(key.substr(kPrefix.size(), 12), id);
  }
  const size_t bar = key.rfind('|');
  if (bar == std::string_view::npos || key.size() - bar - 1 != 20) return false;
  // 20 digits: an id of this workload fits in the last 18 (N is a 32-bit count).
  const std::string_view digits = key.substr(bar + 1);
  if (digits.substr(0, 2) != "00") return false;
  return ParseDigits(digits.substr(2), id);
}

}  // namespace kvbench::workload
