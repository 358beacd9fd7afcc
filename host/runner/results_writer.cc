#include "runner/results_writer.hpp"

#include <ctime>

#include "common/atomic_file.hpp"
#include "runner/correctness.hpp"

namespace kvbench::runner {

std::string UtcTimestamp() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

nlohmann::json BuildResults(const config::RunConfig& config, const nlohmann::json& engines,
                            const nlohmann::json& environment, const ChecksumReference& reference) {
  const workload::WorkloadParams p = config.workload.Effective();
  nlohmann::json doc;
  doc["schema_version"] = kResultsSchemaVersion;
  doc["created_at"] = UtcTimestamp();
  doc["name"] = config.name;
  doc["config"] = config.ToJson();
  doc["workload"] = {{"kind", "profiles"},
                     {"profiles", p.profiles},
                     {"parallelism", p.parallelism},
                     {"seed", p.seed},
                     {"query_limit", p.query_limit},
                     {"reads", p.reads},
                     {"email_reads", p.email_reads},
                     {"queries", p.queries},
                     {"updates", p.updates},
                     {"post_reads", p.post_reads},
                     {"post_email_reads", p.post_email_reads},
                     {"post_queries", p.post_queries},
                     {"timeout_seconds", config.timeout_seconds},
                     {"phases", config::PhaseNames(config.phases)}};
  if (config.workload.is_kv()) {  // the expanded kv workload: every phase with its preset's fields filled in
    doc["workload"] = workload::kv::ToJson(config.workload.kv);
    doc["workload"]["timeout_seconds"] = config.timeout_seconds;
  }
  doc["environment"] = environment;
  doc["engines"] = engines;
  doc["correctness"] = CheckCorrectness(engines, reference);
  return doc;
}

Status WriteJsonAtomically(const std::string& path, const nlohmann::json& doc) {
  return WriteFileAtomically(path, doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
}

}  // namespace kvbench::runner
