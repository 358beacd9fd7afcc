// The "phases" member of the run config: a subset of the report's 16 phase names in an order that can run.
// Refused: a non-string, an unknown name, a duplicate, an empty list, any phase before "insert profiles" (the
// stores are empty until then) and a post-update phase before "update profiles".
#ifndef KVBENCH_HOST_CONFIG_PHASE_LIST_HPP_
#define KVBENCH_HOST_CONFIG_PHASE_LIST_HPP_

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "workload/phase_id.hpp"

namespace kvbench::config {

// Throws ConfigError naming `path` ("phases") and the index of the offending entry.
std::vector<workload::PhaseId> ParsePhaseList(const nlohmann::json& value, const std::string& path);

// True for the six phases that read what "update profiles" wrote.
bool IsPostUpdatePhase(workload::PhaseId phase);

}  // namespace kvbench::config

#endif  // KVBENCH_HOST_CONFIG_PHASE_LIST_HPP_
