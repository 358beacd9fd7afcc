#include "workload/profile_workload.hpp"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <optional>

#include "measure/phase_meter.hpp"
#include "plugin/engine_client.hpp"
#include "workload/keys.hpp"
#include "workload/worker_pool.hpp"
#include "workload/worker_split.hpp"

namespace kvbench::workload {

ProfileWorkload::ProfileWorkload(const WorkloadParams& params)
    : params_(params), plan_(params.seed, params.profiles, SectionCounts(params), params.parallelism) {
  workers_.reserve(static_cast<size_t>(params_.parallelism));
  for (int32_t i = 0; i < params_.parallelism; ++i) workers_.push_back(std::make_unique<PhaseWorker>(params_));
}

ProfileWorkload::~ProfileWorkload() = default;

uint64_t ProfileWorkload::live_logical_bytes() const {
  uint64_t bytes = 0;
  for (const auto& w : workers_) bytes += w->live_logical_bytes();  // modulo 2^64: each worker's may "shrink"
  return bytes;
}

namespace {

// The plan section a phase replays, if it replays one.
std::optional<PlanSection> SectionOf(PhaseId phase) {
  switch (phase) {
    case PhaseId::kReadById:
      return PlanSection::kPointReads;
    case PhaseId::kLookupByEmail:
      return PlanSection::kEmailReads;
    case PhaseId::kScanCountryStatus:
    case PhaseId::kQueryCountryStatus:
      return PlanSection::kCountryStatusQueries;
    case PhaseId::kScanCreatedAt:
    case PhaseId::kQueryCreatedAt:
      return PlanSection::kCreatedAtRanges;
    case PhaseId::kUpdate:
      return PlanSection::kUpdates;
    case PhaseId::kPostReadById:
      return PlanSection::kPostPointReads;
    case PhaseId::kPostLookupByEmail:
      return PlanSection::kPostEmailReads;
    case PhaseId::kPostScanCountryStatus:
    case PhaseId::kPostQueryCountryStatus:
      return PlanSection::kPostCountryStatusQueries;
    case PhaseId::kInsert:
    case PhaseId::kScanTopReputation:
    case PhaseId::kQueryTopReputation:
    case PhaseId::kPostScanTopReputation:
    case PhaseId::kPostQueryTopReputation:
      return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace

WorkerShare ProfileWorkload::ShareOf(PhaseId phase, int32_t worker, int32_t workers) const {
  WorkerShare share;
  if (phase == PhaseId::kUpdate && workers > 1) {
    share.bucket = &update_buckets_[static_cast<size_t>(worker)];
    share.count = static_cast<int64_t>(share.bucket->size());
    return share;
  }
  const Slice slice = SplitSlice(Operations(phase), workers, worker);
  share.first = slice.first;
  share.count = slice.count;
  if (const std::optional<PlanSection> section = SectionOf(phase)) {
    // One worker replays the whole section from its start, whatever the plan's own split.
    share.plan = workers == 1 ? plan_.Start(*section) : plan_.SliceStart(*section, worker);
  }
  return share;
}

void ProfileWorkload::BuildUpdateBuckets(int32_t workers) {
  std::vector<int32_t> ids;
  ids.reserve(static_cast<size_t>(params_.updates));
  DotNetRandom r = plan_.Start(PlanSection::kUpdates);
  for (int64_t i = 0; i < params_.updates; ++i) ids.push_back(static_cast<int32_t>(Plan::DrawUserId(r, params_.profiles)));
  update_buckets_ = UpdateBuckets(ids, workers);
}

Status ProfileWorkload::RunPhase(PhaseId phase, const ProfileStores& stores, measure::PhaseMeter& meter,
                                 PhaseOutcome* out) {
  static const std::atomic<bool> kNeverStop{false};
  return workers_[0]->Run(phase, ShareOf(phase, 0, 1), stores, meter.lane(0), kNeverStop, out);
}

Status ProfileWorkload::RunPhase(PhaseId phase, const std::vector<ProfileStores>& stores, WorkerPool& pool,
                                 measure::PhaseMeter& meter, measure::PhaseMeasurement* measurement,
                                 PhaseOutcome* out) {
  const int32_t p = params_.parallelism;
  *out = PhaseOutcome{};
  // Outside the timed interval: the shares (and the update buckets), the meter's lanes, the results' slots.
  if (phase == PhaseId::kUpdate && p > 1) BuildUpdateBuckets(p);
  std::vector<WorkerShare> shares;
  shares.reserve(static_cast<size_t>(p));
  for (int32_t i = 0; i < p; ++i) shares.push_back(ShareOf(phase, i, p));
  std::vector<PhaseOutcome> outcomes(static_cast<size_t>(p));
  std::vector<Status> statuses(static_cast<size_t>(p));
  std::atomic<bool> stop{false};
  std::atomic<int32_t> first_failure{-1};
  pool.Run(
      [&](int32_t i) {
        const size_t k = static_cast<size_t>(i);
        if (shares[k].count == 0) return;  // idle: arrived at the gate, nothing to do
        statuses[k] = workers_[k]->Run(phase, shares[k], stores[k], meter.lane(k), stop, &outcomes[k]);
        if (!statuses[k].ok()) {
          int32_t none = -1;
          first_failure.compare_exchange_strong(none, i);
          stop.store(true, std::memory_order_relaxed);
        }
      },
      [&] { meter.Begin(); }, [&] { *measurement = meter.End(); });
  update_buckets_ = {};
  std::vector<std::optional<uint64_t>> checksums(static_cast<size_t>(p));
  for (size_t k = 0; k < outcomes.size(); ++k) {
    out->operations += outcomes[k].operations;
    out->logical_bytes_written += outcomes[k].logical_bytes_written;
    if (shares[k].count > 0) checksums[k] = outcomes[k].checksum;
  }
  const int32_t failed = first_failure.load();
  if (failed >= 0) return statuses[static_cast<size_t>(failed)];
  out->checksum = CombineWorkerChecksums(checksums);
  return Status::OK();
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
