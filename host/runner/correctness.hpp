// The "correctness" block of results.json: do the completed engines agree, phase by phase and on the final
// checksum? The first completed engine is the reference the others are compared with.
#ifndef KVBENCH_HOST_RUNNER_CORRECTNESS_HPP_
#define KVBENCH_HOST_RUNNER_CORRECTNESS_HPP_

#include <nlohmann/json.hpp>

namespace kvbench::runner {

// The "phase" of a mismatch of the final checksum.
inline constexpr const char* kFinalChecksum = "final checksum";

// `engines`: the "engines" array of results.json. Returns {passed, engines_compared, message, mismatches}.
// Passes when at least one engine completed and no checksum differs; a phase missing from one engine (a
// different phase list cannot happen within one run) is not a mismatch.
nlohmann::json CheckCorrectness(const nlohmann::json& engines);

}  // namespace kvbench::runner

#endif  // KVBENCH_HOST_RUNNER_CORRECTNESS_HPP_
