#include "runner/engine_result.hpp"

#include <gtest/gtest.h>

namespace kvbench::runner {
namespace {

// A phase or step event as the worker sends it, with the peak RSS its meter sampled.
nlohmann::json ResultEvent(const char* kind, const char* name, uint64_t peak_rss_bytes) {
  return {
      {"event", kind},
      {"result",
       {{"name", name}, {"elapsed_ms", 1.0}, {"measurements", {{"memory", {{"peak_rss_bytes", peak_rss_bytes}}}}}}}};
}

EngineResult Finished() {
  config::EngineSpec spec;
  spec.name = "RocksDB";
  EngineResult result(spec);
  result.Apply(ResultEvent("step", "open", 20000000));
  result.Apply(ResultEvent("phase", "insert profiles", 37691392));
  result.Apply(ResultEvent("step", "settle", 30000000));
  result.Apply({{"event", "finished"}, {"status", "Completed"}});
  return result;
}

// The 20K-profile RocksDB run that showed it: ru_maxrss 37,593,088 under the insert phase's sampled 37,691,392.
TEST(EngineResultTest, PeakMemoryIsAtLeastEverySampledPeak) {
  EngineResult result = Finished();
  result.SetPeakMemory(37593088);
  result.EndExited(0);
  EXPECT_EQ(result.ToJson()["peak_memory_bytes"], 37691392u);
}

TEST(EngineResultTest, PeakMemoryKeepsAHigherRuMaxrss) {
  EngineResult result = Finished();
  result.SetPeakMemory(40960000);  // a peak between samples (or after the last phase)
  result.EndExited(0);
  EXPECT_EQ(result.ToJson()["peak_memory_bytes"], 40960000u);
}

TEST(EngineResultTest, PeakMemoryUnknownWithoutRuMaxrss) {
  EngineResult result = Finished();  // the phases' peaks alone are not the process's peak
  result.EndSpawnFailed("wait4: no such process");
  EXPECT_TRUE(result.ToJson()["peak_memory_bytes"].is_null());
}

}  // namespace
}  // namespace kvbench::runner
