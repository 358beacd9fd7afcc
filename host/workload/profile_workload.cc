#include "workload/profile_workload.hpp"

#include <algorithm>
#include <climits>
#include <cstdio>

#include "plugin/engine_client.hpp"
#include "workload/keys.hpp"

namespace kvbench::workload {

ProfileWorkload::ProfileWorkload(const WorkloadParams& params)
    : params_(params),
      seed_bits_(SeedBits(params.seed)),
      plan_(params.seed, params.profiles, SectionCounts(params)),
      // A scan returns at most one index entry per profile: a query_limit of 2^31-1 must not allocate 16 GiB.
      ids_(static_cast<size_t>(std::max(std::min(params.query_limit, params.profiles), 1))) {
  // Warm the reusable buffers to a size no profile of this run exceeds early on.
  encoded_.reserve(256);
  profile_.bio.reserve(160);
  stored_.bio.reserve(160);
}

int64_t ProfileWorkload::Operations(PhaseId phase) const {
  switch (phase) {
    case PhaseId::kInsert:
      return params_.profiles;
    case PhaseId::kReadById:
      return params_.reads;
    case PhaseId::kLookupByEmail:
      return params_.email_reads;
    case PhaseId::kScanCountryStatus:
    case PhaseId::kQueryCountryStatus:
    case PhaseId::kScanCreatedAt:
    case PhaseId::kQueryCreatedAt:
    case PhaseId::kScanTopReputation:
    case PhaseId::kQueryTopReputation:
      return params_.queries;
    case PhaseId::kUpdate:
      return params_.updates;
    case PhaseId::kPostReadById:
      return params_.post_reads;
    case PhaseId::kPostLookupByEmail:
      return params_.post_email_reads;
    case PhaseId::kPostScanCountryStatus:
    case PhaseId::kPostQueryCountryStatus:
    case PhaseId::kPostScanTopReputation:
    case PhaseId::kPostQueryTopReputation:
      return params_.post_queries;
  }
  return 0;
}

Status ProfileWorkload::Verify(const ProfileStores& stores, uint64_t* final_checksum, uint64_t* profile_count) {
  uint64_t count = 0;
  Status s = stores.profiles->Count(&count);
  if (!s.ok()) return Status(s.code(), "verify: counting store 'profiles': " + s.message());
  Checksum checksum;
  checksum.AddUInt64(count);
  const int64_t n = params_.profiles;
  const int64_t ids[3] = {1, std::max<int64_t>(1, n / 2), n};
  for (int64_t id : ids) {
    char key[kUserIdKeySize];
    EncodeUserId(id, key);
    bool decoded = false;
    auto sink = [&](std::string_view v) { decoded = AddStoredProfile(v, &checksum); };
    const kvb_status rc = stores.profiles->Get(std::string_view(key, sizeof(key)), sink);
    if (rc == KVB_NOT_FOUND) {
      return Status::Corruption("verify: profile " + std::to_string(id) + " not found in store 'profiles'");
    }
    if (rc != KVB_OK) {
      return Status(rc, "verify: get profile " + std::to_string(id) + " (" + StatusCodeName(rc) +
                            "): " + stores.profiles->last_error());
    }
    if (!decoded) return Status::Corruption("verify: profile " + std::to_string(id) + " is malformed");
  }
  *final_checksum = checksum.value();
  *profile_count = count;
  return Status::OK();
}

std::string FormatChecksum(uint64_t checksum) {
  char buf[17];
  std::snprintf(buf, sizeof(buf), "%016llX", static_cast<unsigned long long>(checksum));
  return std::string(buf, 16);
}

}  // namespace kvbench::workload
