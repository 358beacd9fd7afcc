// Deep verify over the real memory.so plugin: a clean run is all zeros, and every kind of damage done by hand to
// the stores (a deleted profile, a corrupted value, an extra key, an orphan index entry, a stale version, an index
// entry gone) is found and counted where it belongs; an in-flight id is tolerated and counted apart.
#include "workload/deep_verify.hpp"

#include <gtest/gtest.h>

#include "measure/phase_meter.hpp"
#include "workload/keys.hpp"
#include "workload/profile_workload_test_util.hpp"

namespace kvbench::workload {
namespace {

constexpr int32_t kProfiles = 300;
constexpr int64_t kUpdates = 200;

size_t Idx(IndexStore s) { return static_cast<size_t>(s); }

std::string IdKey(int64_t id) {
  char buf[kUserIdKeySize];
  EncodeUserId(id, buf);
  return std::string(buf, kUserIdKeySize);
}

class DeepVerifyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    params_ = WorkloadParams::Defaults(kProfiles);
    params_.updates = kUpdates;
    Status s = host::PluginLibrary::Load(MEMORY_PLUGIN_PATH, &plugin_);
    ASSERT_TRUE(s.ok()) << s.message();
    s = host::EngineClient::Open(plugin_, dir_.path(), "{}", &engine_);
    ASSERT_TRUE(s.ok()) << s.message();
    ASSERT_NO_FATAL_FAILURE(testing::OpenAllStores(engine_.get(), &open_));
    ProfileWorkload workload(params_);
    for (PhaseId phase : {PhaseId::kInsert, PhaseId::kUpdate}) {
      measure::PhaseMeter meter(measure::MeasureOptions{});
      PhaseOutcome outcome;
      meter.Begin();
      s = workload.RunPhase(phase, open_.stores, meter, &outcome);
      meter.End();
      ASSERT_TRUE(s.ok()) << s.message();
    }
    s = ExpectedState::Replay(params_, kProfiles, kUpdates, &expected_);
    ASSERT_TRUE(s.ok()) << s.message();
  }

  DeepVerifyResult Verify() {
    DeepVerifyResult r;
    Status s = DeepVerify(open_.stores, expected_, &r);
    EXPECT_TRUE(s.ok()) << s.message();
    return r;
  }

  // An id the update phase touched at least once, and one it did not.
  int64_t UpdatedId() const {
    for (int64_t id = 1; id <= kProfiles; ++id) {
      if (expected_.Updates(id) > 0) return id;
    }
    return 0;
  }

  WorkloadParams params_;
  std::shared_ptr<const host::PluginLibrary> plugin_;
  testing::TempDir dir_;
  std::unique_ptr<host::EngineClient> engine_;
  testing::OpenStores open_;
  ExpectedState expected_;
};

TEST_F(DeepVerifyTest, CleanRunIsAllZeros) {
  const DeepVerifyResult r = Verify();
  EXPECT_TRUE(r.clean()) << r.ToJson().dump();
  EXPECT_EQ(r.profiles.scanned, static_cast<uint64_t>(kProfiles));
  for (const StoreFindings& f : r.indexes) EXPECT_EQ(f.scanned, static_cast<uint64_t>(kProfiles));
  EXPECT_EQ(r.missing() + r.wrong() + r.stale() + r.extra() + r.orphans() + r.lost_ids + r.in_flight_partial, 0u);
  const nlohmann::json j = r.ToJson();
  EXPECT_EQ(j["missing"], 0);
  EXPECT_EQ(j["stores"]["reputation-index"]["scanned"], kProfiles);
}

TEST_F(DeepVerifyTest, ExpectingNoUpdatesFindsEveryUpdatedRecordUnexpected) {
  // The same stores checked against "insert only": every updated profile is a version nobody expected.
  ExpectedState insert_only;
  ASSERT_TRUE(ExpectedState::Replay(params_, kProfiles, 0, &insert_only).ok());
  DeepVerifyResult r;
  ASSERT_TRUE(DeepVerify(open_.stores, insert_only, &r).ok());
  EXPECT_FALSE(r.clean());
  EXPECT_GT(r.profiles.wrong, 0u);
}

TEST_F(DeepVerifyTest, DeletedProfileIsMissingAndLeavesFourOrphanEntries) {
  ASSERT_EQ(open_.stores.profiles->Remove(IdKey(17)), KVB_OK);
  const DeepVerifyResult r = Verify();
  EXPECT_EQ(r.profiles.missing, 1u);
  EXPECT_EQ(r.missing(), 1u);
  EXPECT_EQ(r.orphan_index_entries, 4u);
  EXPECT_EQ(r.orphan_profiles, 0u);
  EXPECT_EQ(r.lost_ids, 1u);
  EXPECT_FALSE(r.clean());
}

TEST_F(DeepVerifyTest, CorruptedValueIsWrong) {
  ASSERT_EQ(open_.stores.profiles->Put(IdKey(23), "23|not a profile"), KVB_OK);
  const DeepVerifyResult r = Verify();
  EXPECT_EQ(r.profiles.wrong, 1u);
  EXPECT_EQ(r.wrong(), 1u);
  EXPECT_EQ(r.missing(), 0u);
  EXPECT_EQ(r.lost_ids, 0u);
  EXPECT_FALSE(r.clean());
}

TEST_F(DeepVerifyTest, IndexEntryWithWrongValueIsWrong) {
  KeyBuffer email;
  EmailKey(31, &email);
  ASSERT_EQ(open_.stores.email->Put(email.view(), IdKey(32)), KVB_OK);
  const DeepVerifyResult r = Verify();
  EXPECT_EQ(r.indexes[Idx(IndexStore::kEmail)].wrong, 1u);
  EXPECT_EQ(r.wrong(), 1u);
  // The entry does not count as the id's email entry, so the profile lacks one.
  EXPECT_EQ(r.indexes[Idx(IndexStore::kEmail)].missing, 1u);
  EXPECT_EQ(r.orphan_profiles, 1u);
}

TEST_F(DeepVerifyTest, ExtraProfileOfAnIdNeverWrittenIsExtra) {
  Profile p;
  GenerateProfile(kProfiles + 7, expected_.seed_bits, &p);
  std::string encoded;
  EncodeProfile(p, &encoded);
  ASSERT_EQ(open_.stores.profiles->Put(IdKey(kProfiles + 7), encoded), KVB_OK);
  ASSERT_EQ(open_.stores.profiles->Put("not-an-id", "x"), KVB_OK);
  const DeepVerifyResult r = Verify();
  EXPECT_EQ(r.profiles.extra, 2u);
  EXPECT_EQ(r.extra(), 2u);
  EXPECT_EQ(r.missing() + r.wrong() + r.orphans(), 0u);
}

TEST_F(DeepVerifyTest, OrphanIndexEntryIsExtraAndOrphan) {
  // A country/status entry for an id that was never inserted, pointing at that id.
  KeyBuffer cs;
  CountryStatusKey("US", "active", kProfiles + 1, &cs);
  ASSERT_EQ(open_.stores.country_status->Put(cs.view(), IdKey(kProfiles + 1)), KVB_OK);
  const DeepVerifyResult r = Verify();
  EXPECT_EQ(r.indexes[Idx(IndexStore::kCountryStatus)].extra, 1u);
  EXPECT_EQ(r.orphan_index_entries, 1u);
  EXPECT_EQ(r.orphans(), 1u);
}

TEST_F(DeepVerifyTest, MissingIndexEntryMakesAnOrphanProfile) {
  Profile p;
  ProfileVersion(41, expected_.seed_bits, expected_.Updates(41), &p);
  KeyBuffer rep;
  ReputationKey(p.reputation, 41, &rep);
  ASSERT_EQ(open_.stores.reputation->Remove(rep.view()), KVB_OK);
  const DeepVerifyResult r = Verify();
  EXPECT_EQ(r.indexes[Idx(IndexStore::kReputation)].missing, 1u);
  EXPECT_EQ(r.orphan_profiles, 1u);
  EXPECT_EQ(r.lost_ids, 1u);
}

TEST_F(DeepVerifyTest, OlderVersionIsStaleAndLost) {
  const int64_t id = UpdatedId();
  ASSERT_GT(id, 0);
  Profile p;
  ProfileVersion(id, expected_.seed_bits, expected_.Updates(id) - 1, &p);
  std::string encoded;
  EncodeProfile(p, &encoded);
  ASSERT_EQ(open_.stores.profiles->Put(IdKey(id), encoded), KVB_OK);
  const DeepVerifyResult r = Verify();
  EXPECT_EQ(r.profiles.stale, 1u);
  EXPECT_EQ(r.profiles.wrong, 0u);
  EXPECT_EQ(r.lost_ids, 1u);
  // The stale profile's own country/status and reputation entries are gone (the index holds the newer ones).
  EXPECT_EQ(r.orphan_profiles, 1u);
}

TEST_F(DeepVerifyTest, InFlightUpdateMayBeHalfApplied) {
  const int64_t id = UpdatedId();
  ASSERT_GT(id, 0);
  // Pretend the last acknowledged state is one update less, with that update in flight: the stores hold the
  // version after it, which is allowed, and complete, so not partial.
  --expected_.updates[static_cast<size_t>(id)];
  expected_.in_flight = {id};
  DeepVerifyResult r = Verify();
  EXPECT_TRUE(r.clean()) << r.ToJson().dump();
  EXPECT_EQ(r.in_flight_partial, 0u);
  // Drop its reputation entry: half applied, counted apart, never as missing or lost.
  Profile p;
  ProfileVersion(id, expected_.seed_bits, expected_.Updates(id) + 1, &p);
  KeyBuffer rep;
  ReputationKey(p.reputation, id, &rep);
  ASSERT_EQ(open_.stores.reputation->Remove(rep.view()), KVB_OK);
  r = Verify();
  EXPECT_TRUE(r.clean()) << r.ToJson().dump();
  EXPECT_EQ(r.in_flight_partial, 1u);
  // Without the tolerance the same stores are a lost write.
  expected_.in_flight.clear();
  r = Verify();
  EXPECT_FALSE(r.clean());
  EXPECT_EQ(r.lost_ids, 1u);
}

TEST_F(DeepVerifyTest, InFlightInsertMayBePartlyPresent) {
  ExpectedState fewer;
  ASSERT_TRUE(ExpectedState::Replay(params_, kProfiles - 1, 0, &fewer).ok());
  // Only the last id's profile and email entry, as if the writer died after its second put.
  testing::TempDir dir;
  std::unique_ptr<host::EngineClient> engine;
  ASSERT_TRUE(host::EngineClient::Open(plugin_, dir.path(), "{}", &engine).ok());
  testing::OpenStores open;
  ASSERT_NO_FATAL_FAILURE(testing::OpenAllStores(engine.get(), &open));
  WorkloadParams params = params_;
  params.updates = 0;
  ProfileWorkload workload(params);
  measure::PhaseMeter meter(measure::MeasureOptions{});
  PhaseOutcome outcome;
  meter.Begin();
  ASSERT_TRUE(workload.RunPhase(PhaseId::kInsert, open.stores, meter, &outcome).ok());
  meter.End();
  for (int s = 1; s < kIndexStoreCount; ++s) {
    Profile p;
    GenerateProfile(kProfiles, fewer.seed_bits, &p);
    KeyBuffer key;
    IndexKeyOf(static_cast<IndexStore>(s), p, &key);
    host::StoreClient* store = s == 1   ? open.stores.country_status
                               : s == 2 ? open.stores.created_at
                                        : open.stores.reputation;
    ASSERT_EQ(store->Remove(key.view()), KVB_OK);
  }
  fewer.in_flight = {kProfiles};
  DeepVerifyResult r;
  ASSERT_TRUE(DeepVerify(open.stores, fewer, &r).ok());
  EXPECT_TRUE(r.clean()) << r.ToJson().dump();
  EXPECT_EQ(r.in_flight_partial, 1u);
  fewer.in_flight.clear();
  ASSERT_TRUE(DeepVerify(open.stores, fewer, &r).ok());
  EXPECT_EQ(r.extra(), 2u);  // the profile and the email entry of an id not inserted
}

TEST(ExpectedStateTest, IndexKeysNameTheirId) {
  Profile p;
  ProfileVersion(123456, SeedBits(570123434), 2, &p);
  for (int s = 0; s < kIndexStoreCount; ++s) {
    KeyBuffer key;
    IndexKeyOf(static_cast<IndexStore>(s), p, &key);
    int64_t id = 0;
    EXPECT_TRUE(IdOfIndexKey(static_cast<IndexStore>(s), key.view(), &id)) << key.view();
    EXPECT_EQ(id, 123456);
  }
  int64_t id = 0;
  EXPECT_FALSE(IdOfIndexKey(IndexStore::kCountryStatus, "US|active|12", &id));
  EXPECT_FALSE(IdOfIndexKey(IndexStore::kEmail, "someone@example.com", &id));
}

TEST(ExpectedStateTest, ReplayCountsThePlansUpdates) {
  WorkloadParams params = WorkloadParams::Defaults(1000);
  ExpectedState all, half;
  ASSERT_TRUE(ExpectedState::Replay(params, 1000, params.updates, &all).ok());
  ASSERT_TRUE(ExpectedState::Replay(params, 1000, params.updates / 2, &half).ok());
  uint64_t total_all = 0, total_half = 0;
  for (int64_t id = 1; id <= 1000; ++id) {
    total_all += all.Updates(id);
    total_half += half.Updates(id);
    EXPECT_LE(half.Updates(id), all.Updates(id));
  }
  EXPECT_EQ(total_all, 1000u);
  EXPECT_EQ(total_half, 500u);
}

}  // namespace
}  // namespace kvbench::workload
