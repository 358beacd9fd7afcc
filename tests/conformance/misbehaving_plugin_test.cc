// The conformance checks can fail: run against misbehaving.so (tests/plugins/broken/misbehaving_plugin.cc),
// which loads fine but breaks one semantic rule per behaviour, each targeted check must fail with a message that
// points at that rule, and the checks it does not break must still pass.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "conformance/suite.hpp"
#include "plugin/plugin_library.hpp"

namespace kvbench::conformance {
namespace {

class MisbehavingPluginTest : public testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::shared_ptr<const host::PluginLibrary> plugin;
    Status s = host::PluginLibrary::Load(KVBENCH_MISBEHAVING_PLUGIN, &plugin);
    ASSERT_TRUE(s.ok()) << s.message();
    for (const Check& check : AllChecks()) results_[check.name] = RunCheck(check, plugin);
  }
  static const CheckResult& Result(const std::string& name) {
    auto it = results_.find(name);
    EXPECT_NE(it, results_.end()) << "no check named " << name;
    return it->second;
  }
  static void ExpectFails(const std::string& name, const std::string& message_part) {
    const CheckResult& r = Result(name);
    EXPECT_EQ(r.verdict, Verdict::kFail) << name << " should fail but says: " << r.message;
    EXPECT_NE(r.message.find(message_part), std::string::npos)
        << name << " failed for another reason than expected ('" << message_part << "'): " << r.message;
  }
  static inline std::map<std::string, CheckResult> results_;
};

TEST_F(MisbehavingPluginTest, SignedKeyOrderIsCaught) {
  ExpectFails("data.ordering_bytewise", "strictly increasing, bytewise");
}
TEST_F(MisbehavingPluginTest, LostOverwriteIsCaught) { ExpectFails("data.overwrite", "after overwriting"); }
TEST_F(MisbehavingPluginTest, OkForAbsentKeyIsCaught) {
  ExpectFails("data.get_not_found", "expected NOT_FOUND, got OK");
}
TEST_F(MisbehavingPluginTest, NotFoundFromRemoveIsCaught) {
  ExpectFails("data.delete", "remove of an absent key on an empty store (expected OK): NOT_FOUND");
}
TEST_F(MisbehavingPluginTest, SeekPastEndIsCaught) { ExpectFails("iter.seek", "past the end is valid"); }
TEST_F(MisbehavingPluginTest, IteratorSeeingLaterWritesIsCaught) {
  ExpectFails("iter.consistent_view", "an iterator positioned before the writes saw");
}
TEST_F(MisbehavingPluginTest, WrongCountIsCaught) {
  ExpectFails("data.count", "count of an empty store: expected 0, got 1");
}
TEST_F(MisbehavingPluginTest, UnknownConfigKeyIsCaught) {
  ExpectFails("config.unknown_key_rejected", "was accepted");
  ExpectFails("config.wrong_type_rejected", "was accepted");
}
TEST_F(MisbehavingPluginTest, EmptyDurabilityLineIsCaught) { ExpectFails("engine.durability_line", "empty"); }
TEST_F(MisbehavingPluginTest, FalsePersistenceIsCaught) { ExpectFails("durability.reopen", "after close + reopen"); }

TEST_F(MisbehavingPluginTest, UnbrokenRulesStillPass) {
  for (const char* name : {"load.version_negotiation", "load.table_size_and_slots", "load.capabilities_match_slots",
                           "load.host_abi_major_mismatch", "load.host_newer_minor", "engine.open_empty_dir",
                           "engine.effective_settings_json", "engine.describe_unknown_kind",
                           "iter.unpositioned_and_empty", "abi.open_params_struct_size"}) {
    const CheckResult& r = Result(name);
    EXPECT_EQ(r.verdict, Verdict::kPass) << name << ": " << r.message;
  }
}

}  // namespace
}  // namespace kvbench::conformance
