// 'kvbench crashtest' as a user runs it: 5K profiles, a few kills per engine, a fixed seed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <string>
#include <vector>

#include "kvbench_process.hpp"

namespace kvbench::testing {
namespace {

constexpr int kProfiles = 5000;
constexpr uint64_t kInsertOps = uint64_t{kProfiles} * 5;

struct CrashRun {
  ProcessResult process;
  nlohmann::json results;
};

CrashRun RunCrashtest(const ScratchDir& scratch, const nlohmann::json& engines, int kills, const std::string& seed,
                      const std::string& out_name = "out", bool keep_data = false, bool power_cut = false,
                      int profiles = kProfiles) {
  WriteFile(scratch / "config.json", SmallConfig(kProfiles, engines).dump(2));
  CrashRun run;
  std::vector<std::string> args = {
      "crashtest", scratch / "config.json", "--kills", std::to_string(kills), "--seed", seed,
      "--out",     scratch / out_name};
  if (keep_data) args.push_back("--keep-data");
  if (power_cut) args.push_back("--power-cut");
  if (profiles != kProfiles) {
    args.push_back("--profiles");
    args.push_back(std::to_string(profiles));
  }
  run.process = RunKvbench(args);
  run.results = ReadJson(scratch / (out_name + "/crashtest.json"));
  return run;
}

// Every kill happened where it was aimed and was verified.
void ExpectKillsVerified(const nlohmann::json& engine, int kills) {
  ASSERT_EQ(engine["kills"].size(), static_cast<size_t>(kills)) << engine.dump();
  for (const nlohmann::json& k : engine["kills"]) {
    EXPECT_EQ(k["writer"], "killed") << k.dump();
    EXPECT_EQ(k["reopen"], "ok") << k.dump();
    EXPECT_GE(k["acked_ops"].get<uint64_t>(), k["target_ops"].get<uint64_t>()) << k.dump();
    EXPECT_TRUE(k["deep_verify"].is_object()) << k.dump();
    EXPECT_EQ(k["corrupt"], 0) << k.dump();
    EXPECT_EQ(k["invented"], 0) << k.dump();
  }
}

TEST(Crashtest, ZoneTreeSyncWalLosesNothingAcknowledged) {
  ScratchDir scratch;
  const CrashRun run = RunCrashtest(
      scratch, {{{"name", "ZT sync"}, {"plugin", "zonetree_like"}, {"durability", {{"WalMode", "sync"}}}}}, 3, "11");
  EXPECT_EQ(run.process.exit_code, 0) << run.process.output;
  EXPECT_NE(run.process.output.find("crashtest seed 11"), std::string::npos) << run.process.output;
  ASSERT_EQ(run.results["engines"].size(), 1u);
  const nlohmann::json& e = run.results["engines"][0];
  EXPECT_EQ(e["promise"], "no-acked-loss");
  EXPECT_EQ(e["held"], true);
  EXPECT_EQ(e["summary"]["total_lost"], 0);
  EXPECT_EQ(run.results["all_promises_held"], true);
  ExpectKillsVerified(e, 3);
  bool insert = false, update = false;
  for (const nlohmann::json& k : e["kills"]) {
    (k["phase"] == "insert profiles" ? insert : update) = true;
    EXPECT_EQ(k["lost"], 0) << k.dump();
    EXPECT_EQ(k["deep_verify"]["missing"], 0) << k.dump();
    EXPECT_EQ(k["deep_verify"]["stale"], 0) << k.dump();
  }
  EXPECT_TRUE(insert && update) << "kills alternate between the phases";
  const std::string md = ReadFile(scratch / "out/crashtest.md");
  EXPECT_NE(md.find("| ZT sync | no-acked-loss"), std::string::npos) << md;
}

// Segments of 250 records: each store flushes its memtable every 250 inserts and merges in the background, so the
// kills land among flushes, merges and manifest rewrites, not only in the WAL.
TEST(Crashtest, ZoneTreeSyncWalLosesNothingWhenKilledAmongFlushesAndMerges) {
  ScratchDir scratch;
  const CrashRun run =
      RunCrashtest(scratch,
                   {{{"name", "ZT sync small"},
                     {"plugin", "zonetree_like"},
                     {"settings", {{"MutableSegmentMaxItemCount", 250}, {"DiskSegmentMaxItemCount", 1000}}},
                     {"durability", {{"WalMode", "sync"}}}}},
                   6, "31", "out", /*keep_data=*/true);
  EXPECT_EQ(run.process.exit_code, 0) << run.process.output;
  const nlohmann::json& e = run.results["engines"][0];
  EXPECT_EQ(e["promise"], "no-acked-loss");
  EXPECT_EQ(e["held"], true);
  ExpectKillsVerified(e, 6);
  for (const nlohmann::json& k : e["kills"]) {
    EXPECT_EQ(k["lost"], 0) << k.dump();
    EXPECT_EQ(k["deep_verify"]["missing"], 0) << k.dump();
    EXPECT_EQ(k["deep_verify"]["stale"], 0) << k.dump();
  }
  // The last writer flushed and merged many times before its kill: the profiles store's file numbers (segments,
  // WAL files) went far past the first few.
  unsigned long long highest = 0;
  for (const auto& entry : std::filesystem::directory_iterator(scratch / "out/data/ZT_sync_small/profiles")) {
    const std::string name = entry.path().filename().string();
    if (!name.empty() && std::isdigit(static_cast<unsigned char>(name[0])))
      highest = std::max(highest, std::stoull(name));
  }
  EXPECT_GE(highest, 10u) << "too few flushes before the last kill";
}

// A power cut also drops what the page cache held: RocksDB's fsync per write (SyncWrites) keeps every acknowledged
// write, its WAL without sync loses some, and zonetree_like's sync WAL (a write(2) per record, no fsync) loses
// what its memtable held since the last flush or settle; memory.so keeps the snapshot its settle wrote (synced,
// then renamed, then the directory synced). None of them may corrupt or invent a record. 1K profiles: RocksDB's sync
// writes are an fsync each.
TEST(Crashtest, PowerCutKeepsOnlyWhatWasSynced) {
  ScratchDir scratch;
  const auto rocksdb = [](const char* name, bool sync) {
    return nlohmann::json{
        {"name", name}, {"plugin", "rocksdb5"}, {"durability", {{"Wal", true}, {"SyncWrites", sync}}}};
  };
  const CrashRun run =
      RunCrashtest(scratch,
                   {rocksdb("RocksDB sync", true),
                    rocksdb("RocksDB no sync", false),
                    {{"name", "ZT sync"}, {"plugin", "zonetree_like"}, {"durability", {{"WalMode", "sync"}}}},
                    {{"name", "Memory"}, {"plugin", "memory"}}},
                   2, "41", "out", /*keep_data=*/false, /*power_cut=*/true, /*profiles=*/1000);
  EXPECT_EQ(run.process.exit_code, 0) << run.process.output;
  EXPECT_EQ(run.results["fault"], "power-cut");
  const nlohmann::json& engines = run.results["engines"];
  ASSERT_EQ(engines.size(), 4u) << run.results.dump();
  for (const nlohmann::json& e : engines) {
    ExpectKillsVerified(e, 2);
    for (const nlohmann::json& k : e["kills"]) {
      ASSERT_TRUE(k["power_cut"].is_object()) << k.dump();
      if (e["name"] == "Memory") continue;  // no files before its first settle
      EXPECT_GT(k["power_cut"]["files"].get<uint64_t>(), 0u) << k.dump();
      EXPECT_GT(k["power_cut"]["dropped_bytes"].get<uint64_t>(), 0u) << k.dump();  // some file always had a tail
    }
  }
  EXPECT_EQ(engines[0]["promise"], "no-acked-loss");
  EXPECT_EQ(engines[0]["held"], true);
  EXPECT_EQ(engines[0]["summary"]["total_lost"], 0);
  EXPECT_EQ(engines[1]["promise"], "none");
  EXPECT_GT(engines[1]["summary"]["total_lost"].get<uint64_t>(), 0u) << engines[1].dump();
  EXPECT_EQ(engines[2]["promise"], "none");
  EXPECT_GT(engines[2]["summary"]["total_lost"].get<uint64_t>(), 0u) << engines[2].dump();
  // The writer settles between the insert and the update phase, and a settle syncs: a cut during the updates
  // loses updates, never an inserted profile.
  bool update_cut = false;
  for (const nlohmann::json& e : engines) {
    for (const nlohmann::json& k : e["kills"]) {
      if (k["phase"] != "update profiles") continue;
      update_cut = true;
      EXPECT_EQ(k["deep_verify"]["stores"]["profiles"]["missing"], 0) << e["name"] << ": " << k.dump();
    }
  }
  EXPECT_TRUE(update_cut) << "kills alternate between the phases";
  const std::string md = ReadFile(scratch / "out/crashtest.md");
  EXPECT_NE(md.find("power cuts per engine"), std::string::npos) << md;
  EXPECT_NE(md.find("Unsynced dropped"), std::string::npos) << md;
}

TEST(Crashtest, MemoryLosesAcknowledgedWritesAndReportsThem) {
  ScratchDir scratch;
  const nlohmann::json engines = {{{"name", "Memory"}, {"plugin", "memory"}}};
  const CrashRun run = RunCrashtest(scratch, engines, 2, "12");
  // memory.so promises nothing: losses are reported, the run passes.
  EXPECT_EQ(run.process.exit_code, 0) << run.process.output;
  const nlohmann::json& e = run.results["engines"][0];
  EXPECT_EQ(e["promise"], "none");
  EXPECT_EQ(e["held"], true);
  EXPECT_GT(e["summary"]["total_lost"].get<uint64_t>(), 0u) << e.dump();
  ExpectKillsVerified(e, 2);
  for (const nlohmann::json& k : e["kills"]) {
    const uint64_t acked = k["acked_ops"];
    if (k["phase"] == "insert profiles") {
      // Nothing was settled yet: every acknowledged insert is gone.
      EXPECT_EQ(k["lost"].get<uint64_t>(), acked / 5) << k.dump();
      EXPECT_EQ(k["deep_verify"]["stores"]["profiles"]["scanned"], 0) << k.dump();
    } else {
      // The insert was settled; the updates since are gone (stale records), the inserts are not.
      EXPECT_GT(k["lost"].get<uint64_t>(), 0u) << k.dump();
      EXPECT_LE(k["lost"].get<uint64_t>(), (acked - kInsertOps) / 5 + 1) << k.dump();
      EXPECT_EQ(k["deep_verify"]["stores"]["profiles"]["missing"], 0) << k.dump();
      EXPECT_GT(k["deep_verify"]["stores"]["profiles"]["stale"].get<uint64_t>(), 0u) << k.dump();
    }
  }
  // The same seed aims the same kills.
  const CrashRun again = RunCrashtest(scratch, engines, 2, "12", "again");
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(again.results["engines"][0]["kills"][i]["target_ops"], e["kills"][i]["target_ops"]);
    EXPECT_EQ(again.results["engines"][0]["kills"][i]["phase"], e["kills"][i]["phase"]);
  }
}

TEST(Crashtest, PluginThatDropsAcknowledgedWritesWhileClaimingSyncBreaksItsPromise) {
  ScratchDir scratch;
  const CrashRun run = RunCrashtest(scratch,
                                    {{{"name", "Lossy"},
                                      {"plugin", TestPluginPath("lossy_sync")},
                                      {"durability", {{"WalMode", "sync"}}},
                                      {"crash_promise", "no-acked-loss"}}},
                                    2, "13");
  EXPECT_EQ(run.process.exit_code, 1) << run.process.output;
  const nlohmann::json& e = run.results["engines"][0];
  EXPECT_EQ(e["promise"], "no-acked-loss");
  EXPECT_EQ(e["held"], false);
  EXPECT_EQ(run.results["all_promises_held"], false);
  ExpectKillsVerified(e, 2);
  for (const nlohmann::json& k : e["kills"]) {
    // One index put in 50 is dropped: each kill past the first few hundred ops loses some.
    EXPECT_GT(k["lost"].get<uint64_t>(), 0u) << k.dump();
    // The profile survives, its index entry does not: the lost write is also an orphan profile.
    EXPECT_EQ(k["deep_verify"]["stores"]["profiles"]["missing"], 0) << k.dump();
  }
  EXPECT_NE(ReadFile(scratch / "out/crashtest.md").find("**BROKEN**"), std::string::npos);
}

// A reopen that returns an error and one that crashes the verifier are reported per kill, count as unverified (a
// broken no-acked-loss promise), and the run carries on with the next engine.
TEST(Crashtest, FailedReopenAndCrashedVerifierAreReportedAndTheRunGoesOn) {
  ScratchDir scratch;
  const auto lossy = [](const char* name, const char* on_reopen) {
    return nlohmann::json{{"name", name},
                          {"plugin", TestPluginPath("lossy_sync")},
                          {"settings", {{"OnReopen", on_reopen}}},
                          {"durability", {{"WalMode", "sync"}}},
                          {"crash_promise", "no-acked-loss"}};
  };
  const CrashRun run = RunCrashtest(
      scratch, {lossy("Refuses", "fail"), lossy("Aborts", "abort"), {{"name", "Memory"}, {"plugin", "memory"}}}, 1,
      "21");
  EXPECT_EQ(run.process.exit_code, 1) << run.process.output;
  const nlohmann::json& engines = run.results["engines"];
  ASSERT_EQ(engines.size(), 3u) << run.results.dump();
  const nlohmann::json& refuses = engines[0]["kills"][0];
  EXPECT_EQ(refuses["reopen"], "reopen failed") << refuses.dump();
  EXPECT_NE(refuses["error"].get<std::string>().find("OnReopen"), std::string::npos) << refuses.dump();
  const nlohmann::json& aborts = engines[1]["kills"][0];
  EXPECT_EQ(aborts["reopen"], "verifier crashed") << aborts.dump();
  EXPECT_NE(aborts["error"].get<std::string>().find("signal"), std::string::npos) << aborts.dump();
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(engines[i]["held"], false) << engines[i].dump();
    EXPECT_EQ(engines[i]["summary"]["unverified"], 1) << engines[i].dump();
  }
  // The engine after them was killed and verified as usual.
  EXPECT_EQ(engines[2]["name"], "Memory");
  ExpectKillsVerified(engines[2], 1);
  const std::string md = ReadFile(scratch / "out/crashtest.md");
  EXPECT_NE(md.find("reopen failed"), std::string::npos);
  EXPECT_NE(md.find("verifier crashed"), std::string::npos);
}

TEST(Crashtest, BadUsageAndBadConfigExitWithTwo) {
  ScratchDir scratch;
  WriteFile(scratch / "config.json", SmallConfig(kProfiles, {{{"name", "Memory"}, {"plugin", "memory"}}}).dump());
  EXPECT_EQ(RunKvbench({"crashtest", scratch / "config.json", "--kills", "0"}).exit_code, 2);
  EXPECT_EQ(RunKvbench({"crashtest", scratch / "config.json", "--seed", "-4"}).exit_code, 2);
  EXPECT_EQ(RunKvbench({"crashtest", scratch / "missing.json"}).exit_code, 2);
  WriteFile(scratch / "bad.json",
            SmallConfig(kProfiles, {{{"name", "Memory"}, {"plugin", "memory"}, {"crash_promise", "maybe"}}}).dump());
  const ProcessResult bad = RunKvbench({"crashtest", scratch / "bad.json", "--out", scratch / "out"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.output.find("crash_promise"), std::string::npos) << bad.output;
}

}  // namespace
}  // namespace kvbench::testing
