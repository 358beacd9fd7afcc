// The 16 timed phases (spec §6), as one worker performs its share of each. Each logical operation sits between
// meter.OpStart() and meter.OpEnd(); plan draws happen just before it (the reference drew its plan before any
// phase). Nothing in an operation allocates: keys live in stack buffers, the encoded profile and the decoded
// profiles reuse their strings, and reads are checksummed straight from the engine's bytes inside the get sink.
#include "workload/phase_worker.hpp"

#include <algorithm>
#include <climits>
#include <string>

#include "measure/amplification.hpp"
#include "measure/phase_meter.hpp"
#include "plugin/engine_client.hpp"
#include "workload/keys.hpp"
#include "workload/plan.hpp"

namespace kvbench::workload {

namespace {

// ---- Failures (cold): the phase, the store, the id and the engine's own message. ----

[[gnu::cold, gnu::noinline]] Status EngineError(PhaseId phase, const host::StoreClient& store, const char* op,
                                                int64_t id, kvb_status rc) {
  return Status(rc, std::string("phase '") + PhaseName(phase) + "': " + op + " (user id " + std::to_string(id) +
                        ") on store '" + store.name() + "' failed (" + StatusCodeName(rc) + "): " + store.last_error());
}

[[gnu::cold, gnu::noinline]] Status Missing(PhaseId phase, const host::StoreClient& store, int64_t id) {
  return Status::Corruption(std::string("phase '") + PhaseName(phase) + "': no entry for user id " +
                            std::to_string(id) + " in store '" + store.name() + "' where one must exist");
}

[[gnu::cold, gnu::noinline]] Status Malformed(PhaseId phase, const host::StoreClient& store, int64_t id,
                                              const char* what) {
  return Status::Corruption(std::string("phase '") + PhaseName(phase) + "': malformed " + what + " for user id " +
                            std::to_string(id) + " in store '" + store.name() + "'");
}

[[gnu::cold, gnu::noinline]] Status ScanError(PhaseId phase, const host::StoreClient& store, kvb_status rc,
                                              const char* detail) {
  std::string msg = std::string("phase '") + PhaseName(phase) + "': scan of store '" + store.name() + "' ";
  if (rc != KVB_OK) return Status(rc, msg + "failed (" + StatusCodeName(rc) + "): " + store.last_error());
  return Status::Corruption(msg + detail);
}

// ---- Sinks ----

struct ChecksumSink {
  Checksum* checksum;
  bool ok = false;
  void operator()(std::string_view v) { ok = AddStoredProfile(v, checksum); }
};

struct IdSink {
  int64_t id = 0;
  bool ok = false;
  void operator()(std::string_view v) { ok = DecodeUserId(v, &id); }
};

struct DecodeSink {
  Profile* profile;
  size_t size = 0;
  bool ok = false;
  void operator()(std::string_view v) {
    size = v.size();
    ok = DecodeProfile(v, profile);
  }
};

// Collects the ids of a scan's values; adds each to `checksum` when it is set.
struct ScanCollector {
  int64_t* ids;
  size_t capacity;
  Checksum* checksum;  // may be null
  size_t n = 0;
  bool malformed = false;
  bool overflow = false;

  static int32_t Sink(void* ctx, const void*, size_t, const void* value, size_t value_size) {
    auto* c = static_cast<ScanCollector*>(ctx);
    if (c->n == c->capacity) {
      c->overflow = true;
      return 1;
    }
    int64_t id = 0;
    if (!DecodeUserId(std::string_view(static_cast<const char*>(value), value_size), &id)) {
      c->malformed = true;
      return 1;
    }
    c->ids[c->n++] = id;
    if (c->checksum != nullptr) c->checksum->AddInt64(id);
    return 0;
  }
};

std::string_view IdKey(int64_t id, char (&buf)[kUserIdKeySize]) {
  EncodeUserId(id, buf);
  return std::string_view(buf, kUserIdKeySize);
}

// One scan into `collector`; the error, if any, names the phase and store.
Status RunScan(PhaseId phase, host::StoreClient* store, const kvb_scan_request& request, ScanCollector* collector) {
  collector->n = 0;
  const kvb_status rc = store->Scan(request, &ScanCollector::Sink, collector, nullptr);
  if (rc != KVB_OK) [[unlikely]]
    return ScanError(phase, *store, rc, "");
  if (collector->malformed) [[unlikely]]
    return ScanError(phase, *store, KVB_OK, "returned a value that is not an 8-byte user id");
  if (collector->overflow) [[unlikely]] {
    const std::string detail =
        collector->capacity < request.limit
            ? "returned more entries than there are profiles (" + std::to_string(collector->capacity) + ")"
            : std::string("returned more entries than its limit");
    return ScanError(phase, *store, KVB_OK, detail.c_str());
  }
  return Status::OK();
}

}  // namespace

PhaseWorker::PhaseWorker(const WorkloadParams& params)
    : params_(params),
      seed_bits_(SeedBits(params.seed)),
      // A scan returns at most one index entry per profile: a query_limit of 2^31-1 must not allocate 16 GiB.
      ids_(static_cast<size_t>(std::max(std::min(params.query_limit, params.profiles), 1))) {
  // Warm the reusable buffers to a size no profile of this run exceeds early on.
  encoded_.reserve(256);
  profile_.bio.reserve(160);
  stored_.bio.reserve(160);
}

Status PhaseWorker::Run(PhaseId phase, const WorkerShare& share, const ProfileStores& stores, measure::OpMeter& meter,
                        const std::atomic<bool>& stop, PhaseOutcome* out) {
  *out = PhaseOutcome{};
  switch (phase) {
    case PhaseId::kInsert:
      return RunInsert(share, stores, meter, stop, out);
    case PhaseId::kReadById:
    case PhaseId::kPostReadById:
      return RunReadById(phase, share, stores, meter, stop, out);
    case PhaseId::kLookupByEmail:
    case PhaseId::kPostLookupByEmail:
      return RunLookupByEmail(phase, share, stores, meter, stop, out);
    case PhaseId::kScanCountryStatus:
    case PhaseId::kPostScanCountryStatus:
      return RunCountryStatus(phase, share, false, stores, meter, stop, out);
    case PhaseId::kQueryCountryStatus:
    case PhaseId::kPostQueryCountryStatus:
      return RunCountryStatus(phase, share, true, stores, meter, stop, out);
    case PhaseId::kScanCreatedAt:
      return RunCreatedAt(phase, share, false, stores, meter, stop, out);
    case PhaseId::kQueryCreatedAt:
      return RunCreatedAt(phase, share, true, stores, meter, stop, out);
    case PhaseId::kScanTopReputation:
    case PhaseId::kPostScanTopReputation:
      return RunTopReputation(phase, share, false, stores, meter, stop, out);
    case PhaseId::kQueryTopReputation:
    case PhaseId::kPostQueryTopReputation:
      return RunTopReputation(phase, share, true, stores, meter, stop, out);
    case PhaseId::kUpdate:
      if (share.bucket != nullptr) {
        const int32_t* next = share.bucket->data();
        return RunUpdate([&next] { return int64_t{*next++}; }, static_cast<int64_t>(share.bucket->size()), stores,
                         meter, stop, out);
      } else {
        DotNetRandom r = share.plan;
        const int32_t n = params_.profiles;
        return RunUpdate([&r, n] { return Plan::DrawUserId(r, n); }, share.count, stores, meter, stop, out);
      }
  }
  return Status::InvalidArgument("unknown phase id " + std::to_string(static_cast<int>(phase)));
}

Status PhaseWorker::RunInsert(const WorkerShare& share, const ProfileStores& stores, measure::OpMeter& meter,
                              const std::atomic<bool>& stop, PhaseOutcome* out) {
  constexpr PhaseId kPhase = PhaseId::kInsert;
  Checksum checksum;
  measure::LogicalWriteCounter written;
  const int64_t end = share.first + share.count;
  for (int64_t id = share.first + 1; id <= end; ++id) {
    if (stop.load(std::memory_order_relaxed)) [[unlikely]]
      return Status::OK();
    const uint64_t t = meter.OpStart();
    GenerateProfile(id, seed_bits_, &profile_);
    EncodeProfile(profile_, &encoded_);
    char idbuf[kUserIdKeySize];
    const std::string_view idkey = IdKey(id, idbuf);
    KeyBuffer email, cs, created, rep;
    EmailKey(id, &email);
    CountryStatusKey(profile_.country_name(), profile_.status_name(), id, &cs);
    CreatedAtKey(profile_.created_at, id, &created);
    ReputationKey(profile_.reputation, id, &rep);
    kvb_status rc = stores.profiles->Put(idkey, encoded_);
    if (rc != KVB_OK) [[unlikely]]
      return EngineError(kPhase, *stores.profiles, "put profile", id, rc);
    rc = stores.email->Put(email.view(), idkey);
    if (rc != KVB_OK) [[unlikely]]
      return EngineError(kPhase, *stores.email, "put email entry", id, rc);
    rc = stores.country_status->Put(cs.view(), idkey);
    if (rc != KVB_OK) [[unlikely]]
      return EngineError(kPhase, *stores.country_status, "put country/status entry", id, rc);
    rc = stores.created_at->Put(created.view(), idkey);
    if (rc != KVB_OK) [[unlikely]]
      return EngineError(kPhase, *stores.created_at, "put created-at entry", id, rc);
    rc = stores.reputation->Put(rep.view(), idkey);
    if (rc != KVB_OK) [[unlikely]]
      return EngineError(kPhase, *stores.reputation, "put reputation entry", id, rc);
    meter.OpEnd(t);
    const uint64_t before = written.bytes();
    written.AddPut(kUserIdKeySize, encoded_.size());
    written.AddPut(email.size, kUserIdKeySize);
    written.AddPut(cs.size, kUserIdKeySize);
    written.AddPut(created.size, kUserIdKeySize);
    written.AddPut(rep.size, kUserIdKeySize);
    live_logical_bytes_ += written.bytes() - before;  // every record inserted is live
    checksum.AddInt64(id);
    ++out->operations;
  }
  out->checksum = checksum.value();
  out->logical_bytes_written = written.bytes();
  return Status::OK();
}

Status PhaseWorker::RunReadById(PhaseId phase, const WorkerShare& share, const ProfileStores& stores,
                                measure::OpMeter& meter, const std::atomic<bool>& stop, PhaseOutcome* out) {
  Checksum checksum;
  DotNetRandom r = share.plan;
  const int32_t n = params_.profiles;
  for (int64_t i = 0; i < share.count; ++i) {
    if (stop.load(std::memory_order_relaxed)) [[unlikely]]
      return Status::OK();
    const int64_t id = Plan::DrawUserId(r, n);
    const uint64_t t = meter.OpStart();
    char idbuf[kUserIdKeySize];
    ChecksumSink sink{&checksum};
    const kvb_status rc = stores.profiles->Get(IdKey(id, idbuf), sink);
    meter.OpEnd(t);
    if (rc != KVB_OK) [[unlikely]] {
      return rc == KVB_NOT_FOUND ? Missing(phase, *stores.profiles, id)
                                 : EngineError(phase, *stores.profiles, "get profile", id, rc);
    }
    if (!sink.ok) [[unlikely]]
      return Malformed(phase, *stores.profiles, id, "profile");
    ++out->operations;
  }
  out->checksum = checksum.value();
  return Status::OK();
}

Status PhaseWorker::RunLookupByEmail(PhaseId phase, const WorkerShare& share, const ProfileStores& stores,
                                     measure::OpMeter& meter, const std::atomic<bool>& stop, PhaseOutcome* out) {
  Checksum checksum;
  DotNetRandom r = share.plan;
  const int32_t n = params_.profiles;
  for (int64_t i = 0; i < share.count; ++i) {
    if (stop.load(std::memory_order_relaxed)) [[unlikely]]
      return Status::OK();
    const int64_t id = Plan::DrawUserId(r, n);
    const uint64_t t = meter.OpStart();
    KeyBuffer email;
    EmailKey(id, &email);
    IdSink found;
    kvb_status rc = stores.email->Get(email.view(), found);
    if (rc != KVB_OK) [[unlikely]] {
      return rc == KVB_NOT_FOUND ? Missing(phase, *stores.email, id)
                                 : EngineError(phase, *stores.email, "get email entry", id, rc);
    }
    if (!found.ok) [[unlikely]]
      return Malformed(phase, *stores.email, id, "email-index value");
    char idbuf[kUserIdKeySize];
    ChecksumSink sink{&checksum};
    rc = stores.profiles->Get(IdKey(found.id, idbuf), sink);
    meter.OpEnd(t);
    if (rc != KVB_OK) [[unlikely]] {
      return rc == KVB_NOT_FOUND ? Missing(phase, *stores.profiles, found.id)
                                 : EngineError(phase, *stores.profiles, "get profile", found.id, rc);
    }
    if (!sink.ok) [[unlikely]]
      return Malformed(phase, *stores.profiles, found.id, "profile");
    ++out->operations;
  }
  out->checksum = checksum.value();
  return Status::OK();
}

Status PhaseWorker::GetAndAddProfiles(PhaseId phase, host::StoreClient* profiles, size_t n, Checksum* checksum) {
  for (size_t i = 0; i < n; ++i) {
    const int64_t id = ids_[i];
    char idbuf[kUserIdKeySize];
    ChecksumSink sink{checksum};
    const kvb_status rc = profiles->Get(IdKey(id, idbuf), sink);
    if (rc != KVB_OK) [[unlikely]] {
      return rc == KVB_NOT_FOUND ? Missing(phase, *profiles, id) : EngineError(phase, *profiles, "get profile", id, rc);
    }
    if (!sink.ok) [[unlikely]]
      return Malformed(phase, *profiles, id, "profile");
  }
  return Status::OK();
}

Status PhaseWorker::RunCountryStatus(PhaseId phase, const WorkerShare& share, bool query, const ProfileStores& stores,
                                     measure::OpMeter& meter, const std::atomic<bool>& stop, PhaseOutcome* out) {
  Checksum checksum;
  DotNetRandom r = share.plan;
  ScanCollector collector{ids_.data(), ids_.size(), query ? nullptr : &checksum};
  kvb_scan_request request = host::MakeScanRequest();
  request.flags = KVB_SCAN_BOUND_IS_PREFIX;
  request.limit = static_cast<uint64_t>(params_.query_limit);
  for (int64_t i = 0; i < share.count; ++i) {
    if (stop.load(std::memory_order_relaxed)) [[unlikely]]
      return Status::OK();
    const CountryStatusQuery q = Plan::DrawCountryStatus(r);
    const uint64_t t = meter.OpStart();
    KeyBuffer prefix;
    CountryStatusPrefix(kCountries[q.country], kStatuses[q.status], &prefix);
    request.start = prefix.data;
    request.start_size = prefix.size;
    request.bound = prefix.data;
    request.bound_size = prefix.size;
    Status s = RunScan(phase, stores.country_status, request, &collector);
    if (!s.ok()) [[unlikely]]
      return s;
    if (query) {
      s = GetAndAddProfiles(phase, stores.profiles, collector.n, &checksum);
      if (!s.ok()) [[unlikely]]
        return s;
    }
    meter.OpEnd(t);
    ++out->operations;
  }
  out->checksum = checksum.value();
  return Status::OK();
}

Status PhaseWorker::RunCreatedAt(PhaseId phase, const WorkerShare& share, bool query, const ProfileStores& stores,
                                 measure::OpMeter& meter, const std::atomic<bool>& stop, PhaseOutcome* out) {
  Checksum checksum;
  DotNetRandom r = share.plan;
  const int32_t n = params_.profiles;
  ScanCollector collector{ids_.data(), ids_.size(), query ? nullptr : &checksum};
  kvb_scan_request request = host::MakeScanRequest();
  request.flags = KVB_SCAN_BOUND_INCLUSIVE;
  request.limit = static_cast<uint64_t>(params_.query_limit);
  for (int64_t i = 0; i < share.count; ++i) {
    if (stop.load(std::memory_order_relaxed)) [[unlikely]]
      return Status::OK();
    const int64_t start_id = Plan::DrawCreatedAtStart(r, n);
    const int64_t from = CreatedAtOf(start_id, seed_bits_);
    const int64_t to = CreatedAtOf(Plan::CreatedAtEndId(start_id, n), seed_bits_);
    const uint64_t t = meter.OpStart();
    KeyBuffer lo, hi;
    CreatedAtKey(from, 0, &lo);
    CreatedAtKey(to, INT64_MAX, &hi);
    request.start = lo.data;
    request.start_size = lo.size;
    request.bound = hi.data;
    request.bound_size = hi.size;
    Status s = RunScan(phase, stores.created_at, request, &collector);
    if (!s.ok()) [[unlikely]]
      return s;
    if (query) {
      s = GetAndAddProfiles(phase, stores.profiles, collector.n, &checksum);
      if (!s.ok()) [[unlikely]]
        return s;
    }
    meter.OpEnd(t);
    ++out->operations;
  }
  out->checksum = checksum.value();
  return Status::OK();
}

Status PhaseWorker::RunTopReputation(PhaseId phase, const WorkerShare& share, bool query, const ProfileStores& stores,
                                     measure::OpMeter& meter, const std::atomic<bool>& stop, PhaseOutcome* out) {
  Checksum checksum;
  ScanCollector collector{ids_.data(), ids_.size(), query ? nullptr : &checksum};
  kvb_scan_request request = host::MakeScanRequest();
  request.flags = KVB_SCAN_FROM_FIRST;
  request.limit = static_cast<uint64_t>(params_.query_limit);
  for (int64_t i = 0; i < share.count; ++i) {
    if (stop.load(std::memory_order_relaxed)) [[unlikely]]
      return Status::OK();
    const uint64_t t = meter.OpStart();
    Status s = RunScan(phase, stores.reputation, request, &collector);
    if (!s.ok()) [[unlikely]]
      return s;
    if (query) {
      s = GetAndAddProfiles(phase, stores.profiles, collector.n, &checksum);
      if (!s.ok()) [[unlikely]]
        return s;
    }
    meter.OpEnd(t);
    ++out->operations;
  }
  out->checksum = checksum.value();
  return Status::OK();
}

template <class NextId>
Status PhaseWorker::RunUpdate(NextId next_id, int64_t count, const ProfileStores& stores, measure::OpMeter& meter,
                              const std::atomic<bool>& stop, PhaseOutcome* out) {
  constexpr PhaseId kPhase = PhaseId::kUpdate;
  Checksum checksum;
  measure::LogicalWriteCounter written;
  for (int64_t i = 0; i < count; ++i) {
    if (stop.load(std::memory_order_relaxed)) [[unlikely]]
      return Status::OK();
    const int64_t id = next_id();
    const uint64_t t = meter.OpStart();
    char idbuf[kUserIdKeySize];
    const std::string_view idkey = IdKey(id, idbuf);
    // The current profile, and its update.
    DecodeSink current{&profile_};
    kvb_status rc = stores.profiles->Get(idkey, current);
    if (rc != KVB_OK) [[unlikely]] {
      return rc == KVB_NOT_FOUND ? Missing(kPhase, *stores.profiles, id)
                                 : EngineError(kPhase, *stores.profiles, "get profile", id, rc);
    }
    if (!current.ok) [[unlikely]]
      return Malformed(kPhase, *stores.profiles, id, "profile");
    ApplyUpdate(seed_bits_, &profile_);
    // The store update: read the stored profile again for the index keys it replaces.
    DecodeSink old{&stored_};
    rc = stores.profiles->Get(idkey, old);
    if (rc != KVB_OK) [[unlikely]] {
      return rc == KVB_NOT_FOUND ? Missing(kPhase, *stores.profiles, id)
                                 : EngineError(kPhase, *stores.profiles, "get profile", id, rc);
    }
    if (!old.ok) [[unlikely]]
      return Malformed(kPhase, *stores.profiles, id, "profile");
    KeyBuffer cs, rep;
    CountryStatusKey(stored_.country_name(), stored_.status_name(), id, &cs);
    rc = stores.country_status->Remove(cs.view());
    if (rc != KVB_OK) [[unlikely]]
      return EngineError(kPhase, *stores.country_status, "remove country/status entry", id, rc);
    ReputationKey(stored_.reputation, id, &rep);
    rc = stores.reputation->Remove(rep.view());
    if (rc != KVB_OK) [[unlikely]]
      return EngineError(kPhase, *stores.reputation, "remove reputation entry", id, rc);
    const size_t old_cs_size = cs.size;
    const size_t old_rep_size = rep.size;
    EncodeProfile(profile_, &encoded_);
    rc = stores.profiles->Put(idkey, encoded_);
    if (rc != KVB_OK) [[unlikely]]
      return EngineError(kPhase, *stores.profiles, "put profile", id, rc);
    CountryStatusKey(profile_.country_name(), profile_.status_name(), id, &cs);
    rc = stores.country_status->Put(cs.view(), idkey);
    if (rc != KVB_OK) [[unlikely]]
      return EngineError(kPhase, *stores.country_status, "put country/status entry", id, rc);
    ReputationKey(profile_.reputation, id, &rep);
    rc = stores.reputation->Put(rep.view(), idkey);
    if (rc != KVB_OK) [[unlikely]]
      return EngineError(kPhase, *stores.reputation, "put reputation entry", id, rc);
    meter.OpEnd(t);
    written.AddDelete(old_cs_size);
    written.AddDelete(old_rep_size);
    written.AddPut(kUserIdKeySize, encoded_.size());
    written.AddPut(cs.size, kUserIdKeySize);
    written.AddPut(rep.size, kUserIdKeySize);
    // The reputation key is fixed-width; the profile's value and the country/status key (status names differ in
    // length) may change size.
    live_logical_bytes_ = live_logical_bytes_ + encoded_.size() + cs.size - old.size - old_cs_size;
    AddProfile(profile_, &checksum);
    ++out->operations;
  }
  out->checksum = checksum.value();
  out->logical_bytes_written = written.bytes();
  return Status::OK();
}

}  // namespace kvbench::workload
