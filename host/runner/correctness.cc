#include "runner/correctness.hpp"

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "runner/engine_result.hpp"

namespace kvbench::runner {
namespace {

// At most this many differences are spelled out in the message; results.json's "mismatches" has them all.
constexpr size_t kMessageDifferences = 4;

using Checksums = std::vector<std::pair<std::string, std::string>>;  // (phase or kFinalChecksum, checksum)

struct Completed {
  std::string name;
  Checksums checksums;  // in run order, the final checksum last
};

Checksums ChecksumsOf(const nlohmann::json& engine) {
  Checksums out;
  for (const nlohmann::json& phase : engine.value("phases", nlohmann::json::array())) {
    out.emplace_back(phase.value("name", ""), phase.value("checksum", ""));
  }
  const nlohmann::json final_checksum = engine.value("final_checksum", nlohmann::json(nullptr));
  if (final_checksum.is_string()) out.emplace_back(kFinalChecksum, final_checksum.get<std::string>());
  return out;
}

std::string Join(const std::vector<std::string>& parts, const std::string& separator) {
  std::string out;
  for (const std::string& part : parts) out += (out.empty() ? "" : separator) + part;
  return out;
}

// The first kMessageDifferences of `parts`, and how many more there are.
std::string Abbreviated(const std::vector<std::string>& parts) {
  if (parts.size() <= kMessageDifferences) return Join(parts, "; ");
  std::vector<std::string> head(parts.begin(), parts.begin() + kMessageDifferences);
  return Join(head, "; ") + "; and " + std::to_string(parts.size() - kMessageDifferences) + " more";
}

const char* KindName(ChecksumReference::Kind kind) {
  switch (kind) {
    case ChecksumReference::Kind::kPublished:
      return "published";
    case ChecksumReference::Kind::kEngine:
      return "engine";
    case ChecksumReference::Kind::kNone:
      break;
  }
  return "none";
}

// Against the reference's checksums: every completed engine but the reference itself.
void CheckAgainstReference(const std::vector<Completed>& engines, const ChecksumReference& reference,
                           nlohmann::json* out) {
  std::map<std::string, std::string> expected(reference.checksums.begin(), reference.checksums.end());
  std::vector<std::string> checked, differences;
  nlohmann::json& mismatches = (*out)["mismatches"];
  for (const Completed& engine : engines) {
    if (engine.name == reference.engine_in_run) continue;
    checked.push_back(engine.name);
    std::vector<std::string> wrong;
    for (const auto& [phase, checksum] : engine.checksums) {
      auto it = expected.find(phase);
      if (it == expected.end() || it->second == checksum) continue;
      mismatches.push_back({{"phase", phase},
                            {"engine", engine.name},
                            {"checksum", checksum},
                            {"expected", it->second},
                            {"expected_from", reference.name}});
      wrong.push_back(phase + " " + checksum + " (expected " + it->second + ")");
    }
    if (!wrong.empty())
      differences.push_back(engine.name + " differs from " + reference.name + ": " + Abbreviated(wrong));
  }
  if (!differences.empty()) {
    (*out)["passed"] = false;
    (*out)["message"] = "Checksum validation failed: " + Join(differences, ". ") + ".";
  } else if (checked.empty()) {
    (*out)["passed"] = true;
    (*out)["checked"] = false;
    (*out)["message"] = "Checksums not checked: the only completed engine is the reference, " + reference.name + ".";
  } else {
    (*out)["passed"] = true;
    (*out)["message"] = "Checksum validation passed: the checksums of " + Join(checked, ", ") + " (" +
                        std::to_string(reference.checksums.size()) + " compared) match " + reference.name + ".";
  }
}

// No reference: the engines with each other, naming none of them right.
void CheckAgainstEachOther(const std::vector<Completed>& engines, const ChecksumReference& reference,
                           nlohmann::json* out) {
  std::vector<std::string> names;
  for (const Completed& engine : engines) names.push_back(engine.name);
  if (engines.size() == 1) {
    (*out)["passed"] = true;
    (*out)["checked"] = false;
    (*out)["message"] = "Checksums not checked: one completed engine (" + names[0] + ") and no reference" +
                        (reference.why_none.empty() ? "" : " (" + reference.why_none + ")") + ".";
    return;
  }
  // Phase -> each engine's checksum, in the first engine's phase order.
  std::vector<std::string> order;
  std::map<std::string, std::vector<std::pair<std::string, std::string>>> by_phase;
  for (const Completed& engine : engines) {
    for (const auto& [phase, checksum] : engine.checksums) {
      auto& seen = by_phase[phase];
      if (seen.empty()) order.push_back(phase);
      seen.emplace_back(engine.name, checksum);
    }
  }
  std::vector<std::string> differences;
  nlohmann::json& mismatches = (*out)["mismatches"];
  for (const std::string& phase : order) {
    const auto& values = by_phase[phase];
    bool agree = true;
    for (const auto& value : values) agree = agree && value.second == values.front().second;
    if (agree) continue;
    std::vector<std::string> each;
    for (const auto& [engine, checksum] : values) {
      mismatches.push_back({{"phase", phase},
                            {"engine", engine},
                            {"checksum", checksum},
                            {"expected", nullptr},
                            {"expected_from", nullptr}});
      each.push_back(engine + " " + checksum);
    }
    differences.push_back(phase + ": " + Join(each, ", "));
  }
  if (!differences.empty()) {
    (*out)["passed"] = false;
    (*out)["message"] =
        "Checksum validation failed: the engines disagree, and there is no reference to tell which is "
        "right (" +
        reference.why_none + "): " + Abbreviated(differences) + ".";
  } else {
    (*out)["passed"] = true;
    (*out)["message"] = "Checksum validation passed across completed engines: " + Join(names, ", ") + ".";
  }
}

}  // namespace

nlohmann::json CheckCorrectness(const nlohmann::json& engines, const ChecksumReference& reference) {
  std::vector<Completed> completed;
  nlohmann::json compared = nlohmann::json::array();
  for (const nlohmann::json& engine : engines) {
    if (engine.value("status", "") != kCompleted) continue;
    completed.push_back({engine.value("name", ""), ChecksumsOf(engine)});
    compared.push_back(completed.back().name);
  }
  nlohmann::json out;
  out["passed"] = false;
  out["checked"] = true;
  out["engines_compared"] = compared;
  out["reference"] = {
      {"kind", KindName(reference.kind)},
      {"name", reference.name.empty() ? nlohmann::json(nullptr) : nlohmann::json(reference.name)},
      {"source", reference.source.empty() ? nlohmann::json(nullptr) : nlohmann::json(reference.source)}};
  if (reference.kind == ChecksumReference::Kind::kNone && !reference.why_none.empty()) {
    out["reference"]["why_none"] = reference.why_none;
  }
  out["mismatches"] = nlohmann::json::array();
  if (completed.empty()) {
    out["checked"] = false;
    out["message"] = "No engine completed: nothing to validate.";
    return out;
  }
  if (reference.kind == ChecksumReference::Kind::kNone) {
    CheckAgainstEachOther(completed, reference, &out);
  } else if (reference.checksums.empty()) {
    out["checked"] = false;
    out["message"] = "Checksum validation failed: " + reference.name + " gave no checksums to check against (" +
                     reference.why_none + ").";
  } else {
    CheckAgainstReference(completed, reference, &out);
  }
  if (out["passed"].get<bool>()) {
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
    if (!damaged.empty()) {
      out["passed"] = false;
      out["message"] = "Deep verify found damaged stores: " + damaged + ".";
    }
  }
  // The kv workload: a completed engine that returned values other than the ones written (stale, wrong, missing,
  // unexpected or out of order). Said whatever else failed: a checksum mismatch alone does not tell which engine
  // read wrong values.
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
  if (!wrong_values.empty()) {
    const std::string said = out["passed"].get<bool>() ? "" : out["message"].get<std::string>() + " ";
    out["passed"] = false;
    out["message"] = said + "Values read were not the ones written: " + wrong_values + ".";
  }
  return out;
}

}  // namespace kvbench::runner
