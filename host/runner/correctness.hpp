// The "correctness" block of results.json: are the completed engines' checksums right, phase by phase and on the
// final checksum? Checked against a reference when there is one (the published run of the same workload, or a
// reference engine's run), else the engines against each other. A mismatch names the engine that differs from the
// reference; with no reference a disagreement names no engine "expected". The reference's checksums are
// expectations only: results.json's engines always carry what the engines returned.
#ifndef KVBENCH_HOST_RUNNER_CORRECTNESS_HPP_
#define KVBENCH_HOST_RUNNER_CORRECTNESS_HPP_

#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

namespace kvbench::runner {

// The "phase" of a mismatch of the final checksum.
inline constexpr const char* kFinalChecksum = "final checksum";

struct ChecksumReference {
  enum class Kind {
    kNone,       // nothing to check against: the engines are compared with each other
    kPublished,  // a published run of the same workload (published_reference.hpp)
    kEngine,     // a reference engine's run: one of the run's engines (--reference NAME) or one run for the check
  };
  Kind kind = Kind::kNone;
  std::string name;    // "the published 1M run", "the reference engine memory"; "" for kNone
  std::string source;  // where it comes from: the bundled file and the publication, or the plugin
  // The run's engine that is the reference (--reference NAME): it is not compared with itself.
  std::string engine_in_run;
  // (phase name or kFinalChecksum, checksum) the engines must reproduce.
  std::vector<std::pair<std::string, std::string>> checksums;
  // kNone: why there is none (said when a lone engine goes unchecked). kEngine: set instead of checksums when the
  // reference engine did not produce them (it failed), which fails the check.
  std::string why_none;
};

// `engines`: the "engines" array of results.json. Returns {passed, checked, engines_compared, reference, message,
// mismatches}. Fails when no engine completed, a checksum differs from the reference's (or, with no reference, the
// engines disagree), or deep verify found damage. A lone completed engine with no reference passes unchecked
// ("checked": false, the message says why).
nlohmann::json CheckCorrectness(const nlohmann::json& engines, const ChecksumReference& reference);

}  // namespace kvbench::runner

#endif  // KVBENCH_HOST_RUNNER_CORRECTNESS_HPP_
