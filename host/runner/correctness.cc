#include "runner/correctness.hpp"

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "runner/engine_result.hpp"

namespace kvbench::runner {

nlohmann::json CheckCorrectness(const nlohmann::json& engines) {
  nlohmann::json compared = nlohmann::json::array();
  nlohmann::json mismatches = nlohmann::json::array();
  const nlohmann::json* reference = nullptr;
  std::map<std::string, std::string> expected;  // phase -> checksum of the reference engine
  std::string names;
  for (const nlohmann::json& engine : engines) {
    if (engine.value("status", "") != kCompleted) continue;
    const std::string name = engine.value("name", "");
    compared.push_back(name);
    names += (names.empty() ? "" : ", ") + name;
    // In run order, the final checksum last.
    std::vector<std::pair<std::string, std::string>> checksums;
    for (const nlohmann::json& phase : engine.value("phases", nlohmann::json::array())) {
      checksums.emplace_back(phase.value("name", ""), phase.value("checksum", ""));
    }
    const nlohmann::json final_checksum = engine.value("final_checksum", nlohmann::json(nullptr));
    checksums.emplace_back(kFinalChecksum, final_checksum.is_string() ? final_checksum.get<std::string>() : "");
    if (reference == nullptr) {
      reference = &engine;
      expected.insert(checksums.begin(), checksums.end());
      continue;
    }
    for (const auto& [phase, checksum] : checksums) {
      auto it = expected.find(phase);
      if (it == expected.end() || it->second == checksum) continue;
      mismatches.push_back({{"phase", phase},
                            {"engine", name},
                            {"checksum", checksum},
                            {"expected", it->second},
                            {"expected_from", reference->value("name", "")}});
    }
  }
  nlohmann::json out;
  out["engines_compared"] = compared;
  out["mismatches"] = mismatches;
  if (compared.empty()) {
    out["passed"] = false;
    out["message"] = "No engine completed: nothing to validate.";
  } else if (!mismatches.empty()) {
    out["passed"] = false;
    std::string list;
    for (const nlohmann::json& m : mismatches) {
      list += (list.empty() ? "" : "; ") + m["engine"].get<std::string>() + " " + m["phase"].get<std::string>() + " " +
              m["checksum"].get<std::string>() + " (expected " + m["expected"].get<std::string>() + ")";
    }
    out["message"] = "Checksum validation failed across completed engines: " + list + ".";
  } else {
    out["passed"] = true;
    out["message"] = compared.size() == 1
                         ? "Checksum validation passed: one completed engine (" + names + "), nothing to compare with."
                         : "Checksum validation passed across completed engines: " + names + ".";
  }
  return out;
}

}  // namespace kvbench::runner
