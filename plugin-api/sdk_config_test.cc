#include <gtest/gtest.h>
#include <kvbench/sdk_config.hpp>

namespace kvbench::sdk {
namespace {

TEST(ConfigReader, ReadsKnownKeysAndKeepsDefaults) {
  ConfigReader r(R"({"settings":{"a":5,"name":"x","on":true},"durability":{"mode":"sync"}})");
  int64_t a = 1, b = 2;
  std::string name, mode = "none";
  bool on = false;
  r.Int("settings", "a", &a, 0, 10);
  r.Int("settings", "b", &b, 0, 10);
  r.String("settings", "name", &name);
  r.Bool("settings", "on", &on);
  r.Choice("durability", "mode", &mode, {"none", "sync"});
  ASSERT_TRUE(r.Finish().ok());
  EXPECT_EQ(a, 5);
  EXPECT_EQ(b, 2);
  EXPECT_EQ(name, "x");
  EXPECT_TRUE(on);
  EXPECT_EQ(mode, "sync");
}

TEST(ConfigReader, UnknownKeyIsNamed) {
  ConfigReader r(R"({"settings":{"a":5,"typo":1}})");
  int64_t a = 0;
  r.Int("settings", "a", &a, 0, 10);
  Status s = r.Finish();
  EXPECT_EQ(s.code(), KVB_INVALID_ARGUMENT);
  EXPECT_NE(s.message().find("settings.typo"), std::string::npos) << s.message();
}

TEST(ConfigReader, WrongTypeAndRangeAreNamed) {
  {
    ConfigReader r(R"({"settings":{"a":"5"}})");
    int64_t a = 0;
    r.Int("settings", "a", &a, 0, 10);
    Status s = r.Finish();
    EXPECT_EQ(s.code(), KVB_INVALID_ARGUMENT);
    EXPECT_NE(s.message().find("settings.a: expected an integer"), std::string::npos) << s.message();
  }
  {
    ConfigReader r(R"({"settings":{"a":11}})");
    int64_t a = 0;
    r.Int("settings", "a", &a, 0, 10);
    EXPECT_NE(r.Finish().message().find("[0, 10]"), std::string::npos);
  }
  {
    ConfigReader r(R"({"durability":{"mode":"fast"}})");
    std::string mode = "none";
    r.Choice("durability", "mode", &mode, {"none", "sync"});
    Status s = r.Finish();
    EXPECT_NE(s.message().find("one of none, sync"), std::string::npos) << s.message();
    EXPECT_EQ(mode, "none");
  }
}

TEST(ConfigReader, BadDocumentShapes) {
  EXPECT_FALSE(ConfigReader("{").Finish().ok());
  EXPECT_FALSE(ConfigReader("[]").Finish().ok());
  EXPECT_FALSE(ConfigReader(R"({"setings":{}})").Finish().ok());
  EXPECT_FALSE(ConfigReader(R"({"settings":3})").Finish().ok());
  EXPECT_TRUE(ConfigReader("").Finish().ok());
  EXPECT_TRUE(ConfigReader("{}").Finish().ok());
}

}  // namespace
}  // namespace kvbench::sdk
