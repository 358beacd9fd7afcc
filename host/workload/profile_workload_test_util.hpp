// Test helper: runs the whole profile workload (16 phases, settle, close, reopen, verify) on a plugin in a temp
// directory and compares every checksum with the published reference for that profile count.
#ifndef KVBENCH_HOST_WORKLOAD_PROFILE_WORKLOAD_TEST_UTIL_HPP_
#define KVBENCH_HOST_WORKLOAD_PROFILE_WORKLOAD_TEST_UTIL_HPP_

#include <gtest/gtest.h>
#include <stdlib.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "measure/phase_meter.hpp"
#include "plugin/engine_client.hpp"
#include "plugin/plugin_library.hpp"
#include "workload/profile_workload.hpp"

namespace kvbench::workload::testing {

// The published run for `profiles`, or null json when the reference file is not there.
inline nlohmann::json LoadReferenceRun(int32_t profiles) {
  const char* src = std::getenv("KVBENCH_SOURCE_DIR");
  if (src == nullptr) return {};
  const std::filesystem::path path =
      std::filesystem::path(src) / ".." / "shared" / "reference" / "profile-store-linux.json";
  std::ifstream in(path);
  if (!in) return {};
  nlohmann::json j = nlohmann::json::parse(in);
  const std::string key = std::to_string(profiles);
  if (!j.contains("runs") || !j["runs"].contains(key)) return {};
  return j["runs"][key];
}

class TempDir {
 public:
  TempDir() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "kvbench-workload-XXXXXX").string();
    if (mkdtemp(tmpl.data()) != nullptr) path_ = tmpl;
  }
  ~TempDir() {
    std::error_code ec;
    if (!path_.empty()) std::filesystem::remove_all(path_, ec);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

struct OpenStores {
  std::vector<std::unique_ptr<host::StoreClient>> handles;
  ProfileStores stores{};
};

inline void OpenAllStores(host::EngineClient* engine, OpenStores* out) {
  out->handles.clear();
  for (const char* name : kStoreNames) {
    std::unique_ptr<host::StoreClient> s;
    Status st = engine->OpenStore(name, &s);
    ASSERT_TRUE(st.ok()) << name << ": " << st.message();
    out->handles.push_back(std::move(s));
  }
  out->stores = {out->handles[0].get(), out->handles[1].get(), out->handles[2].get(), out->handles[3].get(),
                 out->handles[4].get()};
}

// Runs everything and checks it against the reference (skips when the reference is missing).
inline void RunAndCheckAgainstReference(const std::string& plugin_path, int32_t profiles) {
  const nlohmann::json ref = LoadReferenceRun(profiles);
  if (ref.is_null()) GTEST_SKIP() << "reference checksums for " << profiles << " profiles not found";

  std::shared_ptr<const host::PluginLibrary> plugin;
  Status s = host::PluginLibrary::Load(plugin_path, &plugin);
  ASSERT_TRUE(s.ok()) << s.message();
  TempDir dir;
  ASSERT_FALSE(dir.path().empty());

  const WorkloadParams params = WorkloadParams::Defaults(profiles);
  ASSERT_TRUE(params.Validate().ok());
  const auto plan_start = std::chrono::steady_clock::now();
  ProfileWorkload workload(params);
  const double plan_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - plan_start).count();
  std::printf("[workload] %s, %d profiles: plan replay %.1f ms\n", plugin->name().c_str(), profiles, plan_ms);

  std::unique_ptr<host::EngineClient> engine;
  s = host::EngineClient::Open(plugin, dir.path(), "{}", &engine);
  ASSERT_TRUE(s.ok()) << s.message();
  OpenStores open;
  ASSERT_NO_FATAL_FAILURE(OpenAllStores(engine.get(), &open));

  const nlohmann::json& phases = ref["phase_checksums"];
  ASSERT_EQ(phases.size(), static_cast<size_t>(kPhaseCount));
  double total_ms = 0, total_cpu_s = 0;
  uint64_t insert_bytes = 0;
  for (size_t i = 0; i < phases.size(); ++i) {
    const PhaseId phase = kAllPhases[i];
    ASSERT_EQ(phases[i]["name"].get<std::string>(), PhaseName(phase));
    ASSERT_EQ(PhaseFromName(PhaseName(phase)), phase);
    if (phase == PhaseId::kReadById || phase == PhaseId::kPostReadById) {
      s = engine->Stabilize();
      ASSERT_TRUE(s.ok()) << s.message();
    }
    measure::MeasureOptions options;
    measure::PhaseMeter meter(options);
    PhaseOutcome outcome;
    meter.Begin();
    s = workload.RunPhase(phase, open.stores, meter, &outcome);
    const measure::PhaseMeasurement m = meter.End();
    ASSERT_TRUE(s.ok()) << PhaseName(phase) << ": " << s.message();
    total_ms += m.elapsed_ms;
    total_cpu_s += m.cpu_user_s + m.cpu_system_s;
    std::printf("[workload] %-40s %9llu ops %10.1f ms (cpu %8.1f ms) %12.0f ops/s  %s\n", PhaseName(phase),
                static_cast<unsigned long long>(outcome.operations), m.elapsed_ms,
                (m.cpu_user_s + m.cpu_system_s) * 1000.0, outcome.operations / std::max(m.elapsed_ms / 1000.0, 0.001),
                FormatChecksum(outcome.checksum).c_str());
    std::fflush(stdout);
    EXPECT_EQ(outcome.operations, phases[i]["operations"].get<uint64_t>()) << PhaseName(phase);
    EXPECT_EQ(m.operations, outcome.operations) << PhaseName(phase);
    EXPECT_EQ(static_cast<int64_t>(outcome.operations), workload.Operations(phase));
    EXPECT_EQ(FormatChecksum(outcome.checksum), phases[i]["checksum"].get<std::string>()) << PhaseName(phase);
    if (phase == PhaseId::kInsert) {
      insert_bytes = outcome.logical_bytes_written;
      EXPECT_EQ(workload.live_logical_bytes(), insert_bytes);
    }
  }
  std::printf("[workload] 16 phases: %.1f ms (cpu %.1f ms)\n", total_ms, total_cpu_s * 1000.0);
  // Updates only lengthen profiles (bio += " updated") and may change the status's length.
  EXPECT_GT(workload.live_logical_bytes(), insert_bytes);

  s = engine->Settle();
  ASSERT_TRUE(s.ok()) << s.message();
  open = OpenStores{};
  s = engine->Close();
  ASSERT_TRUE(s.ok()) << s.message();
  engine.reset();

  s = host::EngineClient::Open(plugin, dir.path(), "{}", &engine);
  ASSERT_TRUE(s.ok()) << s.message();
  ASSERT_NO_FATAL_FAILURE(OpenAllStores(engine.get(), &open));
  uint64_t final_checksum = 0, count = 0;
  s = workload.Verify(open.stores, &final_checksum, &count);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(count, static_cast<uint64_t>(profiles));
  EXPECT_EQ(FormatChecksum(final_checksum), ref["final_checksum"].get<std::string>());
  open = OpenStores{};
  s = engine->Close();
  ASSERT_TRUE(s.ok()) << s.message();
}

}  // namespace kvbench::workload::testing

#endif  // KVBENCH_HOST_WORKLOAD_PROFILE_WORKLOAD_TEST_UTIL_HPP_
