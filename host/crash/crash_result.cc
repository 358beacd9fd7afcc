// KillOutcome and EngineCrashResult: figures, verdict and their crashtest.json form (docs/results-schema.md).
#include <algorithm>

#include "crash/crash_runner.hpp"

namespace kvbench::crash {
namespace {

template <class F>
uint64_t Sum(const std::vector<KillOutcome>& kills, F field) {
  uint64_t total = 0;
  for (const KillOutcome& k : kills) total += field(k);
  return total;
}

}  // namespace

nlohmann::json KillOutcome::ToJson() const {
  return {{"kill", kill},
          {"phase", CrashPhaseName(phase)},
          {"target_ops", target_ops},
          {"acked_ops", acked_ops},
          {"writer", writer},
          {"reopen", reopen},
          {"error", error.empty() ? nlohmann::json(nullptr) : nlohmann::json(error)},
          {"reopen_ms", reopen_ms ? nlohmann::json(*reopen_ms) : nlohmann::json(nullptr)},
          {"lost", lost},
          {"corrupt", corrupt},
          {"invented", invented},
          {"orphans", orphans},
          {"in_flight_partial", in_flight_partial},
          {"power_cut", power_cut ? power_cut->ToJson() : nlohmann::json(nullptr)},
          {"deep_verify", deep_verify}};
}

uint64_t EngineCrashResult::total_lost() const {
  return Sum(kills, [](const KillOutcome& k) { return k.lost; });
}
uint64_t EngineCrashResult::max_lost() const {
  uint64_t m = 0;
  for (const KillOutcome& k : kills) m = std::max(m, k.lost);
  return m;
}
uint64_t EngineCrashResult::corrupt() const {
  return Sum(kills, [](const KillOutcome& k) { return k.corrupt; });
}
uint64_t EngineCrashResult::invented() const {
  return Sum(kills, [](const KillOutcome& k) { return k.invented; });
}
uint64_t EngineCrashResult::orphans() const {
  return Sum(kills, [](const KillOutcome& k) { return k.orphans; });
}
int EngineCrashResult::unverified() const {
  return static_cast<int>(
      std::count_if(kills.begin(), kills.end(), [](const KillOutcome& k) { return !k.verified(); }));
}

bool EngineCrashResult::held() const {
  if (corrupt() > 0 || invented() > 0) return false;
  if (promise.promise == Promise::kNoAckedLoss) return total_lost() == 0 && unverified() == 0;
  return true;
}

nlohmann::json EngineCrashResult::ToJson() const {
  nlohmann::json kills_json = nlohmann::json::array();
  for (const KillOutcome& k : kills) kills_json.push_back(k.ToJson());
  return {{"name", name},
          {"plugin", plugin},
          {"durability", durability},
          {"promise", PromiseName(promise.promise)},
          {"promise_rule", promise.reason},
          {"held", held()},
          {"interrupted", interrupted},
          {"summary",
           {{"kills", kills.size()},
            {"total_lost", total_lost()},
            {"max_lost", max_lost()},
            {"corrupt", corrupt()},
            {"invented", invented()},
            {"orphans", orphans()},
            {"unverified", unverified()}}},
          {"kills", kills_json}};
}

}  // namespace kvbench::crash
