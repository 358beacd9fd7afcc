#include "util/status.h"

#include <gtest/gtest.h>

namespace zt {

TEST(StatusTest, OkAndCodes) {
  EXPECT_TRUE(Status::OK().ok());
  EXPECT_EQ(Status::OK().ToString(), "OK");
  Status s = Status::Corruption("file 3 offset 10: bad");
  EXPECT_FALSE(s.ok());
  EXPECT_TRUE(s.IsCorruption());
  EXPECT_FALSE(s.IsNotFound());
  EXPECT_EQ(s.code(), Status::Code::kCorruption);
  EXPECT_EQ(s.message(), "file 3 offset 10: bad");
  EXPECT_EQ(s.ToString(), "Corruption: file 3 offset 10: bad");
  EXPECT_TRUE(Status::NotFound().IsNotFound());
  EXPECT_EQ(Status::NotFound().ToString(), "NotFound");
  EXPECT_TRUE(Status::IOError("x").IsIOError());
  EXPECT_TRUE(Status::InvalidArgument("x").IsInvalidArgument());
  EXPECT_TRUE(Status::NotSupported("x").IsNotSupported());
  EXPECT_TRUE(Status::Busy("x").IsBusy());
}

TEST(StatusTest, WithContext) {
  Status s = Status::IOError("disk full").WithContext("write wal");
  EXPECT_TRUE(s.IsIOError());
  EXPECT_EQ(s.message(), "write wal: disk full");
  EXPECT_TRUE(Status::OK().WithContext("x").ok());
}

}  // namespace zt
