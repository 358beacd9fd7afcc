#include "workload/kv/kv_workload.hpp"

#include <numeric>

#include "workload/checksum.hpp"
#include "workload/kv/kv_client.hpp"
#include "workload/kv/random.hpp"

namespace kvbench::workload::kv {
namespace {

// Room for the records and every insert a phase with an operation count can make.
uint64_t Capacity(const KvSpec& spec) {
  uint64_t n = static_cast<uint64_t>(spec.records);
  for (const KvPhaseSpec& p : spec.phases) {
    if (p.mix.insert > 0 && p.operations > 0) n += static_cast<uint64_t>(p.operations);
  }
  return n;
}

constexpr uint64_t kLoadOrderStream = ~uint64_t{0};

}  // namespace

KvWorkload::KvWorkload(KvSpec spec)
    : spec_(std::move(spec)), keys_(spec_.key), values_(spec_.value, spec_.seed), state_(Capacity(spec_)) {
  if (spec_.load_order == LoadOrder::kUniqueRandom) {
    permutation_.resize(static_cast<size_t>(spec_.records));
    std::iota(permutation_.begin(), permutation_.end(), 0u);
    Rng rng = Rng::Stream(spec_.seed, kLoadOrderStream, 0);
    for (size_t i = permutation_.size(); i > 1; --i) std::swap(permutation_[i - 1], permutation_[rng.Below(i)]);
  }
}

void KvWorkload::NoteWrite(uint64_t id, uint32_t old_version, uint32_t new_version, size_t key_size) {
  if (old_version != 0) live_bytes_ -= key_size + values_.SizeOf(id, old_version);
  live_bytes_ += key_size + values_.SizeOf(id, new_version);
}

void KvWorkload::NoteRemove(uint64_t id, uint32_t old_version, size_t key_size) {
  if (old_version != 0) live_bytes_ -= key_size + values_.SizeOf(id, old_version);
}

Status KvWorkload::RunPhase(size_t index, host::StoreClient* store, measure::PhaseMeter& meter, KvOutcome* out) {
  if (index >= spec_.phases.size()) return Status::InvalidArgument("no kv phase " + std::to_string(index));
  *out = KvOutcome{};
  const KvPhaseSpec& phase = spec_.phases[index];
  const bool by_time = phase.operations == 0;
  out->checksum_comparable = comparable_ && !by_time;
  KvClient client(this, index, store, &meter, out);
  Status s = client.Run();
  if (by_time && phase.mix.Writes()) comparable_ = false;
  return s;
}

Status KvWorkload::Verify(host::StoreClient* store, KvOutcome* out) {
  *out = KvOutcome{};
  out->checksum_comparable = comparable_;
  Checksum checksum;
  std::string got, expected;
  got.reserve(values_.MaxSize());
  expected.reserve(values_.MaxSize());
  const uint64_t space = std::max(KeySpace(), state_.size());
  for (uint64_t id = 0; id < space; ++id) {
    bool found = false;
    auto sink = [&](std::string_view v) {
      found = true;
      got.assign(v.data(), v.size());
    };
    const kvb_status rc = store->Get(keys_.Key(id), sink);
    if (rc != KVB_OK && rc != KVB_NOT_FOUND) return Status(rc, "get failed: " + store->last_error());
    found = found && rc == KVB_OK;
    const uint32_t version = state_.Expected(id);
    uint64_t verdict = 0;
    if (!found) {
      verdict = version == 0 ? 1 : 2;
      if (version != 0) ++out->errors.missing;
    } else if (version == 0) {
      verdict = 3;
      ++out->errors.unexpected;
    } else {
      switch (values_.Check(id, version, got, &expected)) {
        case ValueVerdict::kOk:
          verdict = 4;
          break;
        case ValueVerdict::kStale:
          verdict = 5;
          ++out->errors.stale;
          break;
        case ValueVerdict::kWrong:
          verdict = 6;
          ++out->errors.wrong;
          break;
      }
    }
    ++out->reads;
    if (found) ++out->found;
    checksum.AddUInt64(id);
    checksum.AddUInt64(verdict);
  }
  out->operations = out->reads;
  out->checksum = checksum.value();
  return Status::OK();
}

}  // namespace kvbench::workload::kv
