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
  // Deep verify (workload.deep_verify): a completed engine whose stores are not exactly what the workload wrote.
  std::string damaged;
  for (const nlohmann::json& engine : engines) {
    const nlohmann::json deep = engine.value("deep_verify", nlohmann::json(nullptr));
    if (engine.value("status", "") != kCompleted || !deep.is_object() || deep.value("clean", true)) continue;
    damaged += (damaged.empty() ? "" : "; ") + engine.value("name", "") + " (missing " +
               std::to_string(deep.value("missing", uint64_t{0})) + ", wrong " +
               std::to_string(deep.value("wrong", uint64_t{0})) + ", stale " +
               std::to_string(deep.value("stale", uint64_t{0})) + ", extra " +
               std::to_string(deep.value("extra", uint64_t{0})) + ", orphans " +
               std::to_string(deep.value("orphans", uint64_t{0})) + ")";
  }
  // The kv workload: a completed engine that returned values other than the ones written (stale, wrong, missing,
  // unexpected or out of order).
  std::string wrong_values;
  for (const nlohmann::json& engine : engines) {
    const nlohmann::json errors = engine.value("value_errors", nlohmann::json(nullptr));
    if (engine.value("status", "") != kCompleted || !errors.is_object() || errors.value("total", uint64_t{0}) == 0) {
      continue;
    }
    wrong_values += (wrong_values.empty() ? "" : "; ") + engine.value("name", "") + " (" +
                    std::to_string(errors.value("total", uint64_t{0})) + ": stale " +
                    std::to_string(errors.value("stale", uint64_t{0})) + ", wrong " +
                    std::to_string(errors.value("wrong", uint64_t{0})) + ", missing " +
                    std::to_string(errors.value("missing", uint64_t{0})) + ", unexpected " +
                    std::to_string(errors.value("unexpected", uint64_t{0})) + ", misordered " +
                    std::to_string(errors.value("misordered", uint64_t{0})) + ")";
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
  } else if (!damaged.empty()) {
    out["passed"] = false;
    out["message"] = "Deep verify found damaged stores: " + damaged + ".";
  } else {
    out["passed"] = true;
    out["message"] = compared.size() == 1
                         ? "Checksum validation passed: one completed engine (" + names + "), nothing to compare with."
                         : "Checksum validation passed across completed engines: " + names + ".";
  }
  // Said whatever else failed: a checksum mismatch alone does not tell which engine read wrong values.
  if (!compared.empty() && !wrong_values.empty()) {
    const std::string said = out["passed"].get<bool>() ? "" : out["message"].get<std::string>() + " ";
    out["passed"] = false;
    out["message"] = said + "Values read were not the ones written: " + wrong_values + ".";
  }
  return out;
}

}  // namespace kvbench::runner
