// The subcommands' argument parser: values, flags, "--", and the mistakes it must refuse rather than guess at.
#include "cli/args.hpp"

#include <gtest/gtest.h>

namespace kvbench::cli {
namespace {

Args Parse(const std::vector<std::string>& argv) {
  return Args(argv, {"out", "engine", "profiles"}, {"keep-data"}, {"engine"});
}

TEST(ArgsTest, ValuesFlagsAndPositionals) {
  const Args a = Parse({"c.json", "--out", "dir", "--engine=A", "--engine", "B", "--keep-data", "x"});
  EXPECT_EQ(a.positionals(), (std::vector<std::string>{"c.json", "x"}));
  EXPECT_EQ(a.value("out"), "dir");
  EXPECT_EQ(a.values("engine"), (std::vector<std::string>{"A", "B"}));
  EXPECT_TRUE(a.flag("keep-data"));
  EXPECT_FALSE(a.value("profiles").has_value());
}

TEST(ArgsTest, DoubleDashEndsTheOptions) {
  const Args a = Parse({"--out", "dir", "--", "--keep-data", "-h"});
  EXPECT_EQ(a.positionals(), (std::vector<std::string>{"--keep-data", "-h"}));
  EXPECT_FALSE(a.flag("keep-data"));
}

TEST(ArgsTest, AnOptionIsNotTakenAsTheValueOfTheOneBefore) {
  // "--out --keep-data" forgot the directory: it must not create one named "--keep-data".
  EXPECT_THROW(Parse({"c.json", "--out", "--keep-data"}), UsageError);
  EXPECT_THROW(Parse({"c.json", "--out"}), UsageError);
  // Said explicitly, a value may start with dashes; a single dash is an ordinary value.
  EXPECT_EQ(Parse({"--out=--odd"}).value("out"), "--odd");
  EXPECT_EQ(Parse({"--out", "-"}).value("out"), "-");
}

TEST(ArgsTest, AnOptionGivenTwiceIsRefusedUnlessRepeatable) {
  EXPECT_THROW(Parse({"--out", "a", "--out", "b"}), UsageError);
  EXPECT_THROW(Parse({"--profiles=1", "--profiles", "2"}), UsageError);
  EXPECT_NO_THROW(Parse({"--engine", "a", "--engine", "b"}));
}

TEST(ArgsTest, UnknownOptionsAndMisusedFlags) {
  EXPECT_THROW(Parse({"--outt", "x"}), UsageError);
  EXPECT_THROW(Parse({"--keep-data=yes"}), UsageError);
}

TEST(ArgsTest, PositiveIntegers) {
  EXPECT_EQ(Parse({"--profiles", "1000"}).positive_integer("profiles"), 1000);
  EXPECT_THROW(Parse({"--profiles", "0"}).positive_integer("profiles"), UsageError);
  EXPECT_THROW(Parse({"--profiles", "-3"}).positive_integer("profiles"), UsageError);
  EXPECT_THROW(Parse({"--profiles", " 3"}).positive_integer("profiles"), UsageError);
  EXPECT_THROW(Parse({"--profiles", "3k"}).positive_integer("profiles"), UsageError);
}

}  // namespace
}  // namespace kvbench::cli
