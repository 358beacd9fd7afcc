#include "workload/kv/kv_client.hpp"

#include <time.h>

#include <algorithm>
#include <cstring>

#include "measure/tick_clock.hpp"
#include "workload/kv/kv_workload.hpp"

namespace kvbench::workload::kv {
namespace {

using measure::MonotonicNs;

constexpr uint64_t kBackgroundClient = 1u << 20;  // the background writer's stream

// The inserts a phase expects, for YCSB's zipfian item space (records + 2 x expected inserts).
uint64_t ExpectedInserts(const KvPhaseSpec& p) {
  if (p.operations > 0) return static_cast<uint64_t>(static_cast<double>(p.operations) * p.mix.insert);
  if (p.target_ops_per_second > 0) {
    return static_cast<uint64_t>(p.duration_seconds * static_cast<double>(p.target_ops_per_second) * p.mix.insert);
  }
  return 0;
}

void SleepUntil(uint64_t ns) {
  timespec ts{static_cast<time_t>(ns / 1000000000u), static_cast<long>(ns % 1000000000u)};
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nullptr) != 0) {
  }
}

void AppendU32(std::string* out, uint32_t v) { out->append(reinterpret_cast<const char*>(&v), sizeof(v)); }

}  // namespace

KvClient::KvClient(KvWorkload* workload, size_t phase_index, host::StoreClient* store, measure::PhaseMeter* meter,
                   KvOutcome* out)
    : w_(workload),
      phase_(workload->spec_.phases[phase_index]),
      store_(store),
      meter_(meter),
      out_(out),
      rng_(Rng::Stream(workload->spec_.seed, phase_index, 0)),
      background_rng_(Rng::Stream(workload->spec_.seed, phase_index, kBackgroundClient)),
      chooser_(phase_.distribution, workload->KeySpace() + 2 * ExpectedInserts(phase_), workload->KeySpace()),
      keys_(workload->spec_.key) {
  const Mix& m = phase_.mix;
  const double shares[6] = {m.read, m.update, m.rmw, m.insert, m.scan, m.remove};
  double sum = 0;
  for (int i = 0; i < 6; ++i) cumulative_[i] = (sum += shares[i]);
  cumulative_[5] = 2.0;  // rounding never leaves a draw without an operation
  const size_t value_max = w_->values_.MaxSize();
  value_.reserve(value_max);
  got_.reserve(value_max);
  expected_.reserve(value_max);
  previous_key_.reserve(keys_.MaxSize() + 1);
  scan_start_.reserve(keys_.MaxSize() + 1);
  if (m.scan > 0) {
    // Room for the longest scan, up to 64 MiB (beyond that it grows on the first scans that need it).
    scan_buffer_.reserve(
        std::min<size_t>(size_t{phase_.scan.max_length} * (value_max + keys_.MaxSize() + 8), size_t{64} << 20));
    scan_offsets_.reserve(size_t{phase_.scan.max_length} * 2);
  }
  if (m.read + m.update + m.rmw + m.scan + m.remove > 0) {
    hits_.assign(w_->KeySpace() + ExpectedInserts(phase_), 0);
  }
}

KvClient::Op KvClient::Pick(double u) const {
  int i = 0;
  while (u >= cumulative_[i]) ++i;
  return static_cast<Op>(i);
}

Status KvClient::EngineError(const char* what, kvb_status rc) const {
  return Status(rc, std::string(what) + " failed: " + store_->last_error());
}

void KvClient::End(uint64_t timer, uint64_t scheduled_ns) {
  if (scheduled_ns != 0) {
    meter_->OpEndScheduled(timer, scheduled_ns);
  } else {
    meter_->OpEnd(timer);
  }
}

Status KvClient::Run() {
  const uint64_t start = MonotonicNs();
  const bool by_time = phase_.operations == 0;
  const uint64_t end = start + static_cast<uint64_t>(phase_.duration_seconds * 1e9);
  const uint64_t period = phase_.target_ops_per_second > 0 ? 1000000000u / phase_.target_ops_per_second : 0;
  out_->latency_from_schedule = period > 0;
  const uint64_t background_period =
      phase_.background ? std::max<uint64_t>(1, 1000000000u / phase_.background->ops_per_second) : 0;
  if (phase_.background) out_->background_latency.emplace();
  uint64_t background_next = start + background_period;
  int64_t i = 0;
  for (; by_time || i < phase_.operations; ++i) {
    if (by_time && (i & 63) == 0 && MonotonicNs() >= end) break;
    uint64_t scheduled = 0;
    if (period > 0) {
      scheduled = start + static_cast<uint64_t>(i) * period;
      if (MonotonicNs() < scheduled) SleepUntil(scheduled);
    }
    if (background_period > 0) {
      // At most one background write per operation, and no backlog: the writer gets its rate or, when the engine
      // is slower than that, half of the client (as a writer thread sharing the engine would get some share).
      const uint64_t now = MonotonicNs();
      if (now >= background_next) {
        Status s = Background(now);
        if (!s.ok()) return s;
        background_next = std::max(background_next + background_period, now);
      }
    }
    Status s = One(scheduled);
    if (!s.ok()) return s;
  }
  out_->operations = i;
  out_->checksum = checksum_.value();
  if (!hits_.empty()) {
    uint64_t total = 0;
    for (uint32_t h : hits_) total += h;
    if (total > 0) {
      const uint64_t space = std::min<uint64_t>(w_->KeySpace(), hits_.size());
      const size_t top = static_cast<size_t>(std::max<uint64_t>(1, (space + 99) / 100));
      std::vector<uint32_t> sorted(hits_.begin(), hits_.end());
      std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(top - 1), sorted.end(),
                       std::greater<>());
      uint64_t hot = 0;
      for (size_t k = 0; k < top; ++k) hot += sorted[k];
      out_->hottest_1pct_share = static_cast<double>(hot) / static_cast<double>(total);
    }
  }
  return Status::OK();
}

Status KvClient::One(uint64_t scheduled_ns) {
  const Op op = Pick(rng_.Double());
  checksum_.AddUInt64(static_cast<uint64_t>(op));
  if (op == Op::kInsert) return Write(w_->InsertId(), /*insert=*/true, scheduled_ns);
  if (op == Op::kScan && phase_.distribution.kind == DistributionKind::kSequential) return Scan(0, scheduled_ns);
  const uint64_t id = chooser_.Next(rng_, w_->KeySpace());
  Count(id);
  checksum_.AddUInt64(id);
  switch (op) {
    case Op::kRead:
      return Read(id, false, scheduled_ns);
    case Op::kUpdate:
      if (phase_.update == UpdateMode::kReadModifyWrite) return Read(id, true, scheduled_ns);
      return Write(id, false, scheduled_ns);
    case Op::kRmw:
      return Read(id, true, scheduled_ns);
    case Op::kScan:
      return Scan(id, scheduled_ns);
    case Op::kDelete:
      return Delete(id, scheduled_ns);
    case Op::kInsert:
      break;
  }
  return Status::OK();
}

KvClient::Verdict KvClient::CheckRead(uint64_t id, bool found, std::string_view value) {
  const uint32_t expected = w_->state_.Expected(id);
  if (!found) {
    if (expected == 0) return kAbsentOk;
    ++out_->errors.missing;
    return kMissing;
  }
  if (expected == 0) {
    ++out_->errors.unexpected;
    return kUnexpected;
  }
  switch (w_->values_.Check(id, expected, value, &expected_)) {
    case ValueVerdict::kOk:
      return kFoundOk;
    case ValueVerdict::kStale:
      ++out_->errors.stale;
      return kStale;
    case ValueVerdict::kWrong:
      break;
  }
  ++out_->errors.wrong;
  return kWrong;
}

Status KvClient::Read(uint64_t id, bool rmw, uint64_t scheduled_ns) {
  const std::string_view key = keys_.Key(id);
  uint32_t version = 0;
  if (rmw) {
    version = w_->state_.NextVersion(id);
    w_->values_.Encode(id, version, &value_);
  }
  bool found = false;
  auto sink = [this, &found](std::string_view v) {
    found = true;
    got_.assign(v.data(), v.size());
  };
  const uint64_t timer = meter_->OpStart();
  const kvb_status rc = store_->Get(key, sink);
  if (rc != KVB_OK && rc != KVB_NOT_FOUND) return EngineError("get", rc);
  if (rmw) {
    const kvb_status put = store_->Put(key, value_);
    if (put != KVB_OK) return EngineError("put", put);
  }
  End(timer, scheduled_ns);
  found = found && rc == KVB_OK;
  ++out_->reads;
  if (found) ++out_->found;
  checksum_.AddUInt64(CheckRead(id, found, got_));
  if (rmw) {
    ++out_->rmws;
    w_->NoteWrite(id, w_->state_.Expected(id), version, key.size());
    w_->state_.Commit(id, version);
    out_->logical_bytes_written += key.size() + value_.size();
  }
  return Status::OK();
}

Status KvClient::Write(uint64_t id, bool insert, uint64_t scheduled_ns) {
  const std::string_view key = keys_.Key(id);
  const uint32_t version = w_->state_.NextVersion(id);
  w_->values_.Encode(id, version, &value_);
  const uint64_t timer = meter_->OpStart();
  const kvb_status rc = store_->Put(key, value_);
  if (rc != KVB_OK) return EngineError("put", rc);
  End(timer, scheduled_ns);
  w_->NoteWrite(id, w_->state_.Expected(id), version, key.size());
  w_->state_.Commit(id, version);
  out_->logical_bytes_written += key.size() + value_.size();
  if (insert) {
    ++out_->inserts;
    ++w_->next_insert_;
    checksum_.AddUInt64(id);
  } else {
    ++out_->updates;
  }
  return Status::OK();
}

Status KvClient::Delete(uint64_t id, uint64_t scheduled_ns) {
  const std::string_view key = keys_.Key(id);
  const uint64_t timer = meter_->OpStart();
  const kvb_status rc = store_->Remove(key);
  if (rc != KVB_OK) return EngineError("remove", rc);
  End(timer, scheduled_ns);
  w_->NoteRemove(id, w_->state_.Expected(id), key.size());
  w_->state_.Remove(id);
  ++out_->deletes;
  return Status::OK();
}

KvClient::Verdict KvClient::CheckScanEntry(std::string_view key, std::string_view value,
                                           std::string_view previous_key) {
  uint64_t id = 0;
  uint32_t version = 0;
  if (!w_->values_.ReadHeader(value, &id, &version)) {
    ++out_->errors.wrong;
    return kWrong;
  }
  if (key != keys_.Key(id) || (!previous_key.empty() && key <= previous_key)) {
    ++out_->errors.misordered;
    return kMisordered;
  }
  checksum_.AddUInt64(id);
  return CheckRead(id, true, value);
}

Status KvClient::Scan(uint64_t id, uint64_t scheduled_ns) {
  const bool sequential = phase_.distribution.kind == DistributionKind::kSequential;
  uint32_t length = phase_.scan.max_length;
  if (phase_.scan.distribution == ScanLengthDistribution::kUniform) {
    length = 1 + static_cast<uint32_t>(rng_.Below(phase_.scan.max_length));
  }
  kvb_scan_request request = host::MakeScanRequest();
  request.limit = length;
  if (sequential && scan_from_first_) {
    request.flags = KVB_SCAN_FROM_FIRST;
  } else {
    if (!sequential) scan_start_.assign(keys_.Key(id));
    request.start = scan_start_.data();
    request.start_size = scan_start_.size();
  }
  scan_buffer_.clear();
  scan_offsets_.clear();
  struct Context {
    std::string* buffer;
    std::vector<uint32_t>* offsets;
  } context{&scan_buffer_, &scan_offsets_};
  const auto sink = [](void* ctx, const void* key, size_t key_size, const void* value, size_t value_size) -> int32_t {
    Context* c = static_cast<Context*>(ctx);
    c->offsets->push_back(static_cast<uint32_t>(c->buffer->size()));
    AppendU32(c->buffer, static_cast<uint32_t>(key_size));
    c->buffer->append(static_cast<const char*>(key), key_size);
    AppendU32(c->buffer, static_cast<uint32_t>(value_size));
    c->buffer->append(static_cast<const char*>(value), value_size);
    return 0;
  };
  uint64_t visited = 0;
  const uint64_t timer = meter_->OpStart();
  const kvb_status rc = store_->Scan(request, sink, &context, &visited);
  if (rc != KVB_OK && rc != KVB_NOT_FOUND) return EngineError("scan", rc);
  End(timer, scheduled_ns);
  ++out_->scans;
  out_->scan_entries += static_cast<int64_t>(scan_offsets_.size());
  checksum_.AddUInt64(scan_offsets_.size());
  std::string_view previous;
  for (uint32_t offset : scan_offsets_) {
    const char* p = scan_buffer_.data() + offset;
    uint32_t key_size = 0, value_size = 0;
    std::memcpy(&key_size, p, 4);
    const std::string_view key(p + 4, key_size);
    std::memcpy(&value_size, p + 4 + key_size, 4);
    const std::string_view value(p + 8 + key_size, value_size);
    checksum_.AddUInt64(CheckScanEntry(key, value, previous));
    previous = key;
  }
  if (sequential) {
    // The next scan starts right after this one's last key (that key with a zero byte appended), or at the first
    // key again when this one reached the end.
    scan_from_first_ = scan_offsets_.size() < length;
    if (!scan_from_first_) {
      scan_start_.assign(previous);
      scan_start_.push_back('\0');
    }
  }
  return Status::OK();
}

Status KvClient::Background(uint64_t now_ns) {
  (void)now_ns;
  const uint64_t id = background_rng_.Below(w_->KeySpace());
  if (w_->state_.Expected(id) == 0) return Status::OK();  // overwrites only: an absent record stays absent
  const std::string_view key = keys_.Key(id);
  const uint32_t version = w_->state_.NextVersion(id);
  w_->values_.Encode(id, version, &value_);
  const uint64_t begin = MonotonicNs();
  const kvb_status rc = store_->Put(key, value_);
  if (rc != KVB_OK) return EngineError("background put", rc);
  out_->background_latency->Record(MonotonicNs() - begin);
  w_->NoteWrite(id, w_->state_.Expected(id), version, key.size());
  w_->state_.Commit(id, version);
  out_->logical_bytes_written += key.size() + value_.size();
  ++out_->background_ops;
  return Status::OK();
}

}  // namespace kvbench::workload::kv
