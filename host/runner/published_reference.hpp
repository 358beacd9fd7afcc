// The published reference runs of the profile workload, carried in the product: configs/reference/*.json (copied
// from the published reference files: the workload, every phase checksum and the final checksum of each run) are
// compiled into the executable, so `kvbench run` can check an engine against the publication wherever it runs.
// These checksums are expectations: a result is always what the engine returned.
#ifndef KVBENCH_HOST_RUNNER_PUBLISHED_REFERENCE_HPP_
#define KVBENCH_HOST_RUNNER_PUBLISHED_REFERENCE_HPP_

#include <string>
#include <utility>
#include <vector>

#include "workload/phase_id.hpp"
#include "workload/workload_params.hpp"

namespace kvbench::runner {

struct PublishedRun {
  std::string name;    // "the published 100K run" (with the query limit when it is not 100)
  std::string file;    // "configs/reference/profile-store-linux.json"
  std::string source;  // the file's "source": where the publication came from
  workload::WorkloadParams params;
  // In the published run's order: all 16 phases.
  std::vector<std::pair<std::string, std::string>> phase_checksums;
  std::string final_checksum;
};

// Every bundled published run that this host can reproduce (single worker). Never empty in a correct build.
const std::vector<PublishedRun>& PublishedRuns();

// The published run with exactly these workload parameters (profile count, seed, query limit and every phase's
// operation count), or nullptr.
const PublishedRun* FindPublishedRun(const workload::WorkloadParams& params);

// The checksums of `run` that a run of `phases` (in that order) must reproduce: a phase's published checksum holds
// when the phases that change the stores ("insert profiles", "update profiles") ran before it exactly as in the
// published run; the final checksum holds when both ran. Pairs of (phase name or "final checksum", checksum).
std::vector<std::pair<std::string, std::string>> ApplicableChecksums(const PublishedRun& run,
                                                                     const std::vector<workload::PhaseId>& phases);

// The raw text of the bundled files (name, JSON text), for tests and for `kvbench` to say what it carries.
const std::vector<std::pair<std::string, std::string>>& PublishedReferenceFiles();

}  // namespace kvbench::runner

#endif  // KVBENCH_HOST_RUNNER_PUBLISHED_REFERENCE_HPP_
