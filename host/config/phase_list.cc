#include "config/phase_list.hpp"

#include <map>

#include "config/json_reader.hpp"

namespace kvbench::config {

using workload::PhaseId;

bool IsPostUpdatePhase(PhaseId phase) { return static_cast<int>(phase) > static_cast<int>(PhaseId::kUpdate); }

std::vector<PhaseId> ParsePhaseList(const nlohmann::json& value, const std::string& path) {
  if (!value.is_array()) Fail(path, "expected an array of phase names, got " + Describe(value));
  if (value.empty()) Fail(path, "expected at least one phase (leave \"phases\" out to run all 16)");
  std::vector<PhaseId> phases;
  std::map<PhaseId, size_t> seen;
  for (size_t i = 0; i < value.size(); ++i) {
    const std::string at = path + "[" + std::to_string(i) + "]";
    const nlohmann::json& entry = value[i];
    if (!entry.is_string()) Fail(at, "expected a phase name (a string), got " + Describe(entry));
    const std::string name = entry.get<std::string>();
    std::optional<PhaseId> id = workload::PhaseFromName(name);
    if (!id) {
      std::string names;
      for (PhaseId p : workload::kAllPhases)
        names += std::string(names.empty() ? "" : ", ") + "'" + workload::PhaseName(p) + "'";
      Fail(at, "unknown phase '" + name + "' (expected one of: " + names + ")");
    }
    if (auto it = seen.find(*id); it != seen.end()) {
      Fail(at, "phase '" + name + "' is listed twice (first at " + path + "[" + std::to_string(it->second) + "])");
    }
    if (*id != PhaseId::kInsert && seen.count(PhaseId::kInsert) == 0) {
      Fail(at, "phase '" + name + "' cannot run before 'insert profiles' (the stores are empty until then)");
    }
    if (IsPostUpdatePhase(*id) && seen.count(PhaseId::kUpdate) == 0) {
      Fail(at, "phase '" + name + "' cannot run before 'update profiles'");
    }
    seen.emplace(*id, i);
    phases.push_back(*id);
  }
  return phases;
}

}  // namespace kvbench::config
