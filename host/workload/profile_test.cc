#include "workload/profile.hpp"

#include <gtest/gtest.h>

#include <climits>
#include <string>

namespace kvbench::workload {
namespace {

constexpr uint64_t kS = SeedBits(570123434);

// Expected strings computed by hand from spec §2 (an independent Python rendering).
TEST(ProfileTest, MixIsSplitMix64) { EXPECT_EQ(Mix(0), 0xE220A8397B1DCDAFull); }

TEST(ProfileTest, GeneratesTheStoredFormat) {
  Profile p;
  std::string s;
  GenerateProfile(1, kS, &p);
  EncodeProfile(p, &s);
  EXPECT_EQ(s,
            "1|user000000000001@example01.com|NO|active|1672531201300|1678393734062|534062|User 000000000001|"
            "Profile 1 prefers developer tools and has segment 4062.");
  GenerateProfile(100000, kS, &p);
  EncodeProfile(p, &s);
  EXPECT_EQ(s,
            "100000|user000000100000@example90.com|CA|active|1672631200562|1679236673297|473297|User "
            "000000100000|Profile 100000 prefers developer tools and has segment 3297.");
  EXPECT_EQ(CreatedAtOf(100000, kS), p.created_at);
  GenerateProfile(3, SeedBits(-1), &p);  // S = 0xFFFFFFFF
  EncodeProfile(p, &s);
  EXPECT_EQ(s,
            "3|user000000000003@example03.com|GB|active|1672531203564|1679508356102|156102|User 000000000003|"
            "Profile 3 prefers backend services and has segment 6102.");
}

TEST(ProfileTest, UpdatesCompound) {
  Profile p;
  std::string s;
  GenerateProfile(4, kS, &p);
  ApplyUpdate(kS, &p);
  EncodeProfile(p, &s);
  EXPECT_EQ(s,
            "4|user000000000004@example04.com|PL|deleted|1672531204609|1673552924744|677648|User 000000000004|"
            "Profile 4 prefers analytics and has segment 7403. updated");
  ApplyUpdate(kS, &p);
  EncodeProfile(p, &s);
  EXPECT_EQ(s,
            "4|user000000000004@example04.com|PL|pending|1672531204609|1674163972085|677893|User 000000000004|"
            "Profile 4 prefers analytics and has segment 7403. updated updated");
  // id mod 4 != 0 keeps its status.
  GenerateProfile(1, kS, &p);
  ApplyUpdate(kS, &p);
  ApplyUpdate(kS, &p);
  EncodeProfile(p, &s);
  EXPECT_EQ(s,
            "1|user000000000001@example01.com|NO|active|1672531201300|1679757513704|533706|User 000000000001|"
            "Profile 1 prefers developer tools and has segment 4062. updated updated");
}

TEST(ProfileTest, UpdateClampsReputation) {
  Profile p;
  GenerateProfile(8, kS, &p);
  p.reputation = 0;
  for (int i = 0; i < 50; ++i) ApplyUpdate(kS, &p);
  EXPECT_GE(p.reputation, 0);
  p.reputation = 1000000;
  ApplyUpdate(kS, &p);
  EXPECT_LE(p.reputation, 1000000);
  p.status = 3;  // pending -> active (cyclic), id 8 is a multiple of 4
  ApplyUpdate(kS, &p);
  EXPECT_EQ(p.status_name(), "active");
}

TEST(ProfileTest, EncodeDecodeRoundTripAndChecksumFromBytes) {
  Profile p, q;
  std::string s;
  for (int64_t id : {1, 2, 3, 4, 97, 12345, 999999, 2147483647}) {
    GenerateProfile(id, kS, &p);
    if (id % 2 == 0) ApplyUpdate(kS, &p);
    EncodeProfile(p, &s);
    ASSERT_TRUE(DecodeProfile(s, &q)) << s;
    EXPECT_EQ(p, q);
    Checksum from_bytes, from_profile;
    ASSERT_TRUE(AddStoredProfile(s, &from_bytes));
    AddProfile(p, &from_profile);
    EXPECT_EQ(from_bytes.value(), from_profile.value());
  }
  GenerateProfile(1, kS, &p);
  Checksum c;
  AddProfile(p, &c);
  EXPECT_EQ(c.value(), 0xF621DBEDCAAFBDA5ull);
}

TEST(ProfileTest, BioMayHoldSeparators) {
  Profile p, q;
  std::string s;
  GenerateProfile(5, kS, &p);
  p.bio = "a|b|c";
  EncodeProfile(p, &s);
  ASSERT_TRUE(DecodeProfile(s, &q));
  EXPECT_EQ(q.bio, "a|b|c");
}

TEST(ProfileTest, MalformedValuesAreRejected) {
  Profile q;
  Checksum c;
  const std::string good =
      "1|user000000000001@example01.com|NO|active|1672531201300|1678393734062|534062|User 000000000001|bio";
  ASSERT_TRUE(DecodeProfile(good, &q));
  for (const std::string& bad : {
           std::string(""),
           std::string("1|user000000000001@example01.com|NO|active|1672531201300|1678393734062|534062"),
           std::string("x|user000000000001@example01.com|NO|active|1672531201300|1678393734062|534062|U|b"),
           std::string("1|user000000000001@example01.com|NO|active|16725312013a0|1678393734062|534062|U|b"),
           std::string("1|user000000000001@example01.com|NO|active|1672531201300||534062|U|b"),
           std::string("1|e|NO|active|1672531201300|1678393734062|2147483648|U|b"),     // reputation > INT32_MAX
           std::string("1|e|NO|active|16725312013000000000|1678393734062|534062|U|b"),  // 20 digits
           std::string("1|e|NO|active|+1|1678393734062|534062|U|b"),
       }) {
    EXPECT_FALSE(DecodeProfile(bad, &q)) << bad;
    EXPECT_FALSE(AddStoredProfile(bad, &c)) << bad;
  }
  // Unknown country/status: DecodeProfile refuses (update needs the index); the checksum decoder adds the bytes.
  const std::string xx = "1|e|XX|active|1|2|3|U|b";
  EXPECT_FALSE(DecodeProfile(xx, &q));
  EXPECT_TRUE(AddStoredProfile(xx, &c));
  // A failed decode leaves the checksum as it was.
  const uint64_t before = c.value();
  EXPECT_FALSE(AddStoredProfile("1|e|XX|active|1|2|3", &c));
  EXPECT_EQ(c.value(), before);
  // Negative numbers and the extremes of the field types parse.
  ASSERT_TRUE(DecodeProfile("-9223372036854775808|e|US|active|9223372036854775807|-1|-2147483648|U|b", &q));
  EXPECT_EQ(q.user_id, INT64_MIN);
  EXPECT_EQ(q.created_at, INT64_MAX);
  EXPECT_EQ(q.last_login, -1);
  EXPECT_EQ(q.reputation, INT32_MIN);
}

}  // namespace
}  // namespace kvbench::workload
