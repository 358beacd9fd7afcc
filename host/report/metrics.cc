#include "report/metrics.hpp"

#include <algorithm>

namespace kvbench::report {

namespace {

OptDouble Sum(OptDouble a, OptDouble b) {
  if (!a || !b) return std::nullopt;
  return *a + *b;
}

OptDouble Ready(OptDouble operations, OptDouble total_ms) {
  if (!operations || !total_ms) return std::nullopt;
  return *operations / std::max(*total_ms / 1000.0, 0.001);
}

bool StartsWith(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

}  // namespace

OptDouble PreReadStabilizeMs(const Engine& engine) {
  if (engine.pre_read_stabilize_ms) return engine.pre_read_stabilize_ms;
  const Step* step = engine.FindStep("pre-read stabilize");
  return step != nullptr ? step->elapsed_ms : std::nullopt;
}

OptDouble PostUpdateStabilizeMs(const Engine& engine) {
  if (engine.post_update_stabilize_ms) return engine.post_update_stabilize_ms;
  const Step* step = engine.FindStep("post-update stabilize");
  return step != nullptr ? step->elapsed_ms : std::nullopt;
}

WriteReadiness ComputeWriteReadiness(const Engine& engine) {
  WriteReadiness r;
  const Phase* insert = engine.FindPhase(kInsertPhase);
  const Phase* update = engine.FindPhase(kUpdatePhase);
  r.insert_ms = insert != nullptr ? insert->elapsed_ms : std::nullopt;
  r.pre_read_stabilize_ms = PreReadStabilizeMs(engine);
  r.insert_plus_stabilize_ms = Sum(r.insert_ms, r.pre_read_stabilize_ms);
  r.insert_ready_ops_per_s = Ready(insert != nullptr ? insert->operations : std::nullopt, r.insert_plus_stabilize_ms);
  r.update_ms = update != nullptr ? update->elapsed_ms : std::nullopt;
  r.post_update_stabilize_ms = PostUpdateStabilizeMs(engine);
  r.update_plus_stabilize_ms = Sum(r.update_ms, r.post_update_stabilize_ms);
  r.update_ready_ops_per_s = Ready(update != nullptr ? update->operations : std::nullopt, r.update_plus_stabilize_ms);
  return r;
}

PhaseFamily FamilyOf(const std::string& phase_name) {
  std::string name = phase_name;
  if (StartsWith(name, "post-update ")) name = name.substr(12);
  if (StartsWith(name, "insert ") || StartsWith(name, "update ")) return PhaseFamily::kWrite;
  if (StartsWith(name, "scan ")) return PhaseFamily::kIndexScan;
  if (StartsWith(name, "query ")) return PhaseFamily::kQuery;
  if (StartsWith(name, "read ") || StartsWith(name, "lookup ")) return PhaseFamily::kLookup;
  return PhaseFamily::kOther;
}

std::vector<std::string> AllPhaseNames(const Results& results) {
  std::vector<std::string> names;
  for (const Engine& e : results.engines) {
    for (const Phase& p : e.phases) {
      if (std::find(names.begin(), names.end(), p.name) == names.end()) names.push_back(p.name);
    }
  }
  return names;
}

std::vector<std::string> PhaseNamesOf(const Results& results, PhaseFamily family) {
  std::vector<std::string> out;
  for (const std::string& name : AllPhaseNames(results)) {
    if (FamilyOf(name) == family) out.push_back(name);
  }
  return out;
}

}  // namespace kvbench::report
