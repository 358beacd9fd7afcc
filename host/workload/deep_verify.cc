#include "workload/deep_verify.hpp"

#include <chrono>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "plugin/engine_client.hpp"

namespace kvbench::workload {
namespace {

// Per-id flags (one byte per id of 0..N).
constexpr uint8_t kPresent = 1;  // the profiles store holds a record for the id
constexpr uint8_t kCurrent = 2;  // ... and it is the expected version
constexpr uint8_t kStale = 4;    // ... and it is an older version
constexpr uint8_t IndexBit(int store) { return static_cast<uint8_t>(8u << store); }

// What the stores hold of one in-flight id. Version A is the state before the operation (for an insert: absent),
// version B the state after it. mask[store] has bit 0 when the store holds A's record, bit 1 for B's.
struct InFlight {
  int64_t id = 0;
  bool insert = false;
  int before = 0;  // the version before an update
  std::array<uint8_t, 5> mask{};
};

host::StoreClient* IndexClient(const ProfileStores& stores, int store) {
  switch (static_cast<IndexStore>(store)) {
    case IndexStore::kEmail:
      return stores.email;
    case IndexStore::kCountryStatus:
      return stores.country_status;
    case IndexStore::kCreatedAt:
      return stores.created_at;
    case IndexStore::kReputation:
      return stores.reputation;
  }
  return nullptr;
}

class Verifier {
 public:
  Verifier(const ProfileStores& stores, const ExpectedState& expected, DeepVerifyResult* out)
      : stores_(stores), expected_(expected), out_(out), flags_(static_cast<size_t>(expected.profiles) + 1, 0) {
    for (int64_t id : expected.in_flight) {
      if (id < 1 || id > expected.profiles) continue;
      InFlight f;
      f.id = id;
      f.insert = id > expected.inserted;
      f.before = expected.Updates(id);
      in_flight_.push_back(f);
    }
  }

  Status Run() {
    Status s = ScanProfiles();
    for (int i = 0; s.ok() && i < kIndexStoreCount; ++i) s = ScanIndex(static_cast<IndexStore>(i));
    if (!s.ok()) return s;
    s = CheckExpectedIds();
    if (!s.ok()) return s;
    CountPartialInFlight();
    return Status::OK();
  }

 private:
  bool InRange(int64_t id) const { return id >= 1 && id <= expected_.profiles; }

  InFlight* FindInFlight(int64_t id) {
    for (InFlight& f : in_flight_) {
      if (f.id == id) return &f;
    }
    return nullptr;
  }

  const std::string& Encoded(int64_t id, int version) {
    ProfileVersion(id, expected_.seed_bits, version, &profile_);
    EncodeProfile(profile_, &encoded_);
    return encoded_;
  }

  std::string_view IndexKey(IndexStore store, int64_t id, int version) {
    ProfileVersion(id, expected_.seed_bits, version, &profile_);
    IndexKeyOf(store, profile_, &key_);
    return key_.view();
  }

  static Status IteratorFailed(const host::StoreClient& store, const Status& s) {
    return Status(s.code(), "deep verify: scanning store '" + store.name() + "': " + s.message());
  }

  // Calls visit(key, value) for every entry of `store`.
  template <class Visit>
  Status ScanAll(host::StoreClient* store, StoreFindings* findings, Visit visit) {
    std::unique_ptr<host::IteratorClient> it;
    Status s = store->NewIterator(&it);
    if (!s.ok()) return IteratorFailed(*store, s);
    for (it->SeekToFirst(); it->Valid(); it->Next()) {
      ++findings->scanned;
      visit(it->key(), it->value());
    }
    s = it->status();
    return s.ok() ? s : IteratorFailed(*store, s);
  }

  Status ScanProfiles() {
    StoreFindings& f = out_->profiles;
    return ScanAll(stores_.profiles, &f, [&](std::string_view key, std::string_view value) {
      int64_t id = 0;
      if (!DecodeUserId(key, &id) || !InRange(id)) {
        ++f.extra;
        return;
      }
      uint8_t& flags = flags_[static_cast<size_t>(id)];
      flags |= kPresent;
      if (InFlight* in = FindInFlight(id)) {
        if (!in->insert && value == Encoded(id, in->before)) in->mask[0] |= 1;
        if (value == Encoded(id, in->insert ? 0 : in->before + 1)) in->mask[0] |= 2;
        if (in->mask[0] != 0) return;
      } else if (id > expected_.inserted) {
        ++f.extra;
        return;
      }
      const int version = expected_.Updates(id);
      if (value == Encoded(id, version)) {
        flags |= kCurrent;
        return;
      }
      for (int c = version - 1; c >= 0; --c) {
        if (value == Encoded(id, c)) {
          ++f.stale;
          flags |= kStale;
          stale_profiles_.emplace_back(id, c);
          return;
        }
      }
      ++f.wrong;
    });
  }

  Status ScanIndex(IndexStore store) {
    const int s = static_cast<int>(store);
    StoreFindings& f = out_->indexes[static_cast<size_t>(s)];
    host::StoreClient* client = IndexClient(stores_, s);
    return ScanAll(client, &f, [&](std::string_view key, std::string_view value) {
      int64_t target = 0;
      const bool value_ok = DecodeUserId(value, &target);
      int64_t id = 0;
      if (!IdOfIndexKey(store, key, &id) || !InRange(id)) {
        ++f.extra;
        CheckOrphan(value_ok, target);
        return;
      }
      if (InFlight* in = FindInFlight(id)) {
        uint8_t matched = 0;
        if (!in->insert && key == IndexKey(store, id, in->before)) matched |= 1;
        if (key == IndexKey(store, id, in->insert ? 0 : in->before + 1)) matched |= 2;
        if (matched != 0) {
          in->mask[static_cast<size_t>(s) + 1] |= matched;
          if (!value_ok || target != id) ++f.wrong;
          return;
        }
      } else if (id > expected_.inserted) {
        ++f.extra;
        CheckOrphan(value_ok, target);
        return;
      }
      const int version = expected_.Updates(id);
      if (key == IndexKey(store, id, version)) {
        if (value_ok && target == id) {
          flags_[static_cast<size_t>(id)] |= IndexBit(s);
        } else {
          ++f.wrong;
        }
        CheckOrphan(value_ok, target);
        return;
      }
      for (int c = version - 1; c >= 0; --c) {
        if (key == IndexKey(store, id, c)) {
          ++f.stale;
          CheckOrphan(value_ok, target);
          return;
        }
      }
      ++f.extra;
      CheckOrphan(value_ok, target);
    });
  }

  // An index entry that names a profile the profiles store does not hold (in-flight ids aside).
  void CheckOrphan(bool value_ok, int64_t target) {
    if (!value_ok) return;
    if (InRange(target) && ((flags_[static_cast<size_t>(target)] & kPresent) != 0 || FindInFlight(target) != nullptr)) {
      return;
    }
    ++out_->orphan_index_entries;
  }

  Status CheckExpectedIds() {
    for (int64_t id = 1; id <= expected_.inserted; ++id) {
      if (FindInFlightConst(id)) continue;
      const uint8_t flags = flags_[static_cast<size_t>(id)];
      bool lost = false;
      if ((flags & kPresent) == 0) {
        ++out_->profiles.missing;
        lost = true;
      } else if ((flags & kStale) != 0) {
        lost = true;
      }
      bool lacks_index = false;
      for (int s = 0; s < kIndexStoreCount; ++s) {
        if ((flags & IndexBit(s)) == 0) {
          ++out_->indexes[static_cast<size_t>(s)].missing;
          lost = true;
          lacks_index = true;
        }
      }
      if (lost) ++out_->lost_ids;
      if ((flags & kCurrent) != 0 && lacks_index) ++out_->orphan_profiles;
    }
    // A stale profile's own index entries are the older version's: look them up.
    for (const auto& [id, version] : stale_profiles_) {
      for (int s = 0; s < kIndexStoreCount; ++s) {
        const IndexStore store = static_cast<IndexStore>(s);
        host::StoreClient* client = IndexClient(stores_, s);
        bool found = false;
        auto sink = [&](std::string_view) { found = true; };
        const kvb_status rc = client->Get(IndexKey(store, id, version), sink);
        if (rc != KVB_OK && rc != KVB_NOT_FOUND) {
          return Status(rc, "deep verify: get on store '" + client->name() + "' failed: " + client->last_error());
        }
        if (!found) {
          ++out_->orphan_profiles;
          break;
        }
      }
    }
    return Status::OK();
  }

  bool FindInFlightConst(int64_t id) const {
    for (const InFlight& f : in_flight_) {
      if (f.id == id) return true;
    }
    return false;
  }

  void CountPartialInFlight() {
    for (const InFlight& f : in_flight_) {
      uint8_t all = 3, any = 0;
      for (uint8_t m : f.mask) {
        all &= m;
        any |= m;
      }
      const bool complete = f.insert ? (any == 0 || (all & 2) != 0) : all != 0;
      if (!complete) ++out_->in_flight_partial;
    }
  }

  const ProfileStores& stores_;
  const ExpectedState& expected_;
  DeepVerifyResult* out_;
  std::vector<uint8_t> flags_;
  std::vector<InFlight> in_flight_;
  std::vector<std::pair<int64_t, int>> stale_profiles_;
  Profile profile_;
  std::string encoded_;
  KeyBuffer key_;
};

template <class F>
uint64_t SumOver(const DeepVerifyResult& r, F field) {
  uint64_t total = field(r.profiles);
  for (const StoreFindings& f : r.indexes) total += field(f);
  return total;
}

nlohmann::json FindingsJson(const StoreFindings& f) {
  return {{"scanned", f.scanned}, {"missing", f.missing}, {"wrong", f.wrong}, {"stale", f.stale}, {"extra", f.extra}};
}

}  // namespace

uint64_t DeepVerifyResult::missing() const {
  return SumOver(*this, [](const StoreFindings& f) { return f.missing; });
}
uint64_t DeepVerifyResult::wrong() const {
  return SumOver(*this, [](const StoreFindings& f) { return f.wrong; });
}
uint64_t DeepVerifyResult::stale() const {
  return SumOver(*this, [](const StoreFindings& f) { return f.stale; });
}
uint64_t DeepVerifyResult::extra() const {
  return SumOver(*this, [](const StoreFindings& f) { return f.extra; });
}

bool DeepVerifyResult::clean() const {
  return missing() == 0 && wrong() == 0 && stale() == 0 && extra() == 0 && orphans() == 0 && lost_ids == 0;
}

nlohmann::json DeepVerifyResult::ToJson() const {
  nlohmann::json stores = {{kStoreNames[0], FindingsJson(profiles)}};
  for (size_t i = 0; i < indexes.size(); ++i) stores[kStoreNames[i + 1]] = FindingsJson(indexes[i]);
  return {{"clean", clean()},
          {"missing", missing()},
          {"wrong", wrong()},
          {"stale", stale()},
          {"extra", extra()},
          {"orphans", orphans()},
          {"orphan_index_entries", orphan_index_entries},
          {"orphan_profiles", orphan_profiles},
          {"in_flight_partial", in_flight_partial},
          {"lost_ids", lost_ids},
          {"elapsed_ms", elapsed_ms},
          {"stores", stores}};
}

Status DeepVerify(const ProfileStores& stores, const ExpectedState& expected, DeepVerifyResult* out) {
  *out = DeepVerifyResult{};
  const auto start = std::chrono::steady_clock::now();
  Verifier verifier(stores, expected, out);
  Status s = verifier.Run();
  out->elapsed_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return s;
}

}  // namespace kvbench::workload
