#include "measure/amplification.hpp"

#include <gtest/gtest.h>

namespace kvbench::measure {
namespace {

TEST(AmplificationTest, LogicalWriteCounterAddsKeysAndValues) {
  LogicalWriteCounter counter;
  counter.AddPut(10, 200);
  counter.AddPut(12, 0);
  counter.AddDelete(9);
  EXPECT_EQ(counter.bytes(), 231u);
}

TEST(AmplificationTest, RatiosFromKnownInputs) {
  Amplification a;
  a.logical_bytes_written = 1000;
  a.disk_bytes_written = 4500;
  a.live_logical_bytes = 800;
  a.storage_bytes = 1200;
  ASSERT_TRUE(a.write_amplification().has_value());
  EXPECT_DOUBLE_EQ(*a.write_amplification(), 4.5);
  EXPECT_DOUBLE_EQ(*a.space_amplification(), 1.5);
  const nlohmann::json j = a.ToJson();
  EXPECT_EQ(j["logical_bytes_written"], 1000);
  EXPECT_EQ(j["disk_bytes_written"], 4500);
  EXPECT_DOUBLE_EQ(j["write_amplification"].get<double>(), 4.5);
  EXPECT_EQ(j["live_logical_bytes"], 800);
  EXPECT_EQ(j["storage_bytes"], 1200);
  EXPECT_DOUBLE_EQ(j["space_amplification"].get<double>(), 1.5);
}

TEST(AmplificationTest, UnknownOrZeroDenominatorsGiveNull) {
  Amplification a;
  a.logical_bytes_written = 0;  // nothing written: no ratio
  a.disk_bytes_written = 4096;
  a.storage_bytes = 1000;  // live bytes unknown
  EXPECT_FALSE(a.write_amplification().has_value());
  EXPECT_FALSE(a.space_amplification().has_value());
  const nlohmann::json j = a.ToJson();
  EXPECT_TRUE(j["write_amplification"].is_null());
  EXPECT_TRUE(j["space_amplification"].is_null());
  EXPECT_TRUE(j["live_logical_bytes"].is_null());
  EXPECT_EQ(j["logical_bytes_written"], 0);

  Amplification unknown_disk;
  unknown_disk.logical_bytes_written = 100;  // disk bytes unknown: no write amplification, not 0
  EXPECT_FALSE(unknown_disk.write_amplification().has_value());
  EXPECT_TRUE(unknown_disk.ToJson()["disk_bytes_written"].is_null());
}

TEST(AmplificationTest, DiskBytesSumOverMeasurements) {
  PhaseMeasurement insert, update, stabilize;
  insert.io_available = update.io_available = stabilize.io_available = true;
  insert.io_write_bytes = 1000;
  update.io_write_bytes = 250;
  stabilize.io_write_bytes = 4096;
  EXPECT_EQ(SumDiskBytesWritten({&insert, &update, &stabilize}), std::optional<uint64_t>(5346));
  EXPECT_EQ(SumDiskBytesWritten({}), std::optional<uint64_t>(0));

  stabilize.io_available = false;  // one unknown makes the sum unknown
  EXPECT_FALSE(SumDiskBytesWritten({&insert, &update, &stabilize}).has_value());
  EXPECT_FALSE(SumDiskBytesWritten({&insert, nullptr}).has_value());
}

}  // namespace
}  // namespace kvbench::measure
