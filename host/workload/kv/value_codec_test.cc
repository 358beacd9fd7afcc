#include "workload/kv/value_codec.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "workload/kv/key_codec.hpp"

namespace kvbench::workload::kv {
namespace {

TEST(ValueCodecTest, TheWrittenValueChecksOutAndNothingElseDoes) {
  const ValueCodec codec(ValueSpec{}, 1);
  std::string v, scratch;
  codec.Encode(7, 3, &v);
  EXPECT_EQ(v.size(), 1000u);
  EXPECT_EQ(codec.Check(7, 3, v, &scratch), ValueVerdict::kOk);

  std::string older;
  codec.Encode(7, 2, &older);
  EXPECT_NE(older, v);
  EXPECT_EQ(codec.Check(7, 3, older, &scratch), ValueVerdict::kStale);  // a lost update
  EXPECT_EQ(codec.Check(7, 2, v, &scratch), ValueVerdict::kWrong);      // newer than written
  std::string other;
  codec.Encode(8, 3, &other);
  EXPECT_EQ(codec.Check(7, 3, other, &scratch), ValueVerdict::kWrong);  // another record's value
  std::string flipped = v;
  flipped[500] ^= 1;
  EXPECT_EQ(codec.Check(7, 3, flipped, &scratch), ValueVerdict::kWrong);
  EXPECT_EQ(codec.Check(7, 3, v.substr(0, 999), &scratch), ValueVerdict::kWrong);
  EXPECT_EQ(codec.Check(7, 3, "", &scratch), ValueVerdict::kWrong);
  std::string header = v;
  header[8] = 9;  // claims version 9 without the matching header check
  EXPECT_EQ(codec.Check(7, 9, header, &scratch), ValueVerdict::kWrong);
  // Another seed writes other bytes.
  const ValueCodec reseeded(ValueSpec{}, 2);
  EXPECT_EQ(reseeded.Check(7, 3, v, &scratch), ValueVerdict::kWrong);
}

TEST(ValueCodecTest, CompressibilityRepeatsEachFieldsRandomRun) {
  ValueSpec spec;
  spec.size = 16 + 4 * 100;
  spec.fields = 4;
  spec.compressibility = 0.25;
  const ValueCodec codec(spec, 1);
  std::string v;
  codec.Encode(1, 1, &v);
  ASSERT_EQ(v.size(), spec.size);
  for (size_t f = 0; f < 4; ++f) {
    const std::string field = v.substr(16 + f * 100, 100);
    EXPECT_EQ(field.substr(25, 25), field.substr(0, 25)) << f;  // a 25-byte random run, repeated
    EXPECT_EQ(field.substr(75, 25), field.substr(0, 25)) << f;
    EXPECT_NE(field.substr(0, 25), v.substr(16 + ((f + 1) % 4) * 100, 25)) << f;  // fields differ
  }
  spec.compressibility = 1.0;
  std::string random;
  ValueCodec(spec, 1).Encode(1, 1, &random);
  const std::string field = random.substr(16, 100);
  EXPECT_NE(field.substr(25, 25), field.substr(0, 25));
}

TEST(ValueCodecTest, SizeDistributionsStayInBoundsAndAreDeterministic) {
  for (SizeDistribution d : {SizeDistribution::kUniform, SizeDistribution::kZipfian}) {
    ValueSpec spec;
    spec.size = 200;
    spec.size_distribution = d;
    const ValueCodec codec(spec, 5);
    std::set<size_t> sizes;
    std::string v, scratch;
    for (uint64_t id = 0; id < 2000; ++id) {
      const size_t n = codec.SizeOf(id, 1);
      ASSERT_GE(n, kValueHeaderBytes);
      ASSERT_LE(n, 200u);
      EXPECT_EQ(n, codec.SizeOf(id, 1));
      sizes.insert(n);
      codec.Encode(id, 1, &v);
      ASSERT_EQ(v.size(), n);
      ASSERT_EQ(codec.Check(id, 1, v, &scratch), ValueVerdict::kOk);
    }
    EXPECT_GT(sizes.size(), 50u) << SizeDistributionName(d);
  }
}

TEST(KeyCodecTest, YcsbKeysAreHashedRecordNumbers) {
  KeyCodec keys(KeySpec{});
  EXPECT_EQ(keys.Key(0), "user6284781860667377211");
  EXPECT_EQ(keys.Key(1), "user8517097267634966620");
  std::set<std::string> seen;
  for (uint64_t id = 0; id < 100000; ++id) ASSERT_TRUE(seen.insert(std::string(keys.Key(id))).second) << id;
}

TEST(KeyCodecTest, FixedKeysSortInRecordOrder) {
  KeyCodec keys(KeySpec{KeyFormat::kFixed, 16});
  std::string previous(keys.Key(0));
  EXPECT_EQ(previous, std::string(16, '\0'));
  for (uint64_t id : {1ull, 255ull, 256ull, 65536ull, 1ull << 40}) {
    const std::string key(keys.Key(id));
    ASSERT_EQ(key.size(), 16u);
    EXPECT_LT(previous, key) << id;
    previous = key;
  }
  EXPECT_EQ(keys.Key(258).substr(14), std::string("\x01\x02", 2));
}

}  // namespace
}  // namespace kvbench::workload::kv
