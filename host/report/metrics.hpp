// Figures derived from the results for the tables and charts: write readiness (a write phase plus the
// stabilization that follows it) and the grouping of phases into the report's chart families.
#ifndef KVBENCH_HOST_REPORT_METRICS_HPP_
#define KVBENCH_HOST_REPORT_METRICS_HPP_

#include <string>
#include <vector>

#include "report/results.hpp"

namespace kvbench::report {

inline constexpr const char* kInsertPhase = "insert profiles";
inline constexpr const char* kUpdatePhase = "update profiles";

struct WriteReadiness {
  OptDouble insert_ms, pre_read_stabilize_ms, insert_plus_stabilize_ms, insert_ready_ops_per_s;
  OptDouble update_ms, post_update_stabilize_ms, update_plus_stabilize_ms, update_ready_ops_per_s;
};

// insert ready = insert operations / (insert + pre-read stabilize); update ready likewise with the post-update
// stabilize. A figure is n/a when any of its inputs is.
WriteReadiness ComputeWriteReadiness(const Engine& engine);

// The stabilize times: the engine's member, else the step of that name.
OptDouble PreReadStabilizeMs(const Engine& engine);
OptDouble PostUpdateStabilizeMs(const Engine& engine);

enum class PhaseFamily { kWrite, kLookup, kIndexScan, kQuery, kOther };
PhaseFamily FamilyOf(const std::string& phase_name);

// Every phase name of every engine, in run order of first appearance.
std::vector<std::string> AllPhaseNames(const Results& results);
// The phase names of one family, in that order.
std::vector<std::string> PhaseNamesOf(const Results& results, PhaseFamily family);

}  // namespace kvbench::report

#endif  // KVBENCH_HOST_REPORT_METRICS_HPP_
