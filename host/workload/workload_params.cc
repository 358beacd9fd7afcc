#include "workload/workload_params.hpp"

#include <string>
#include <utility>

namespace kvbench::workload {

std::array<int64_t, kPlanSectionCount> SectionCounts(const WorkloadParams& p) {
  return {p.reads, p.email_reads, p.queries, p.queries, p.updates, p.post_reads, p.post_email_reads, p.post_queries};
}

WorkloadParams WorkloadParams::Defaults(int32_t profiles) {
  WorkloadParams p;
  p.profiles = profiles;
  p.reads = p.email_reads = p.updates = p.post_reads = p.post_email_reads = profiles;
  p.queries = p.post_queries = profiles > 10000 ? profiles / 4 : profiles;
  return p;
}

Status WorkloadParams::Validate() const {
  if (profiles < 1) return Status::InvalidArgument("profiles must be at least 1, not " + std::to_string(profiles));
  if (parallelism < 1 || parallelism > kMaxParallelism) {
    return Status::InvalidArgument("parallelism must be between 1 and " + std::to_string(kMaxParallelism) + ", not " +
                                   std::to_string(parallelism));
  }
  if (query_limit < 1) {
    return Status::InvalidArgument("query_limit must be at least 1, not " + std::to_string(query_limit));
  }
  const std::pair<const char*, int64_t> counts[] = {{"reads", reads},
                                                    {"email_reads", email_reads},
                                                    {"queries", queries},
                                                    {"updates", updates},
                                                    {"post_reads", post_reads},
                                                    {"post_email_reads", post_email_reads},
                                                    {"post_queries", post_queries}};
  for (const auto& [name, value] : counts) {
    if (value < 0)
      return Status::InvalidArgument(std::string(name) + " must not be negative, not " + std::to_string(value));
  }
  return Status::OK();
}

}  // namespace kvbench::workload
