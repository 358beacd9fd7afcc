#include "config/run_config.hpp"

namespace kvbench::config {

workload::WorkloadParams WorkloadSpec::Effective() const {
  workload::WorkloadParams p = workload::WorkloadParams::Defaults(profiles);
  p.seed = seed;
  p.query_limit = query_limit;
  p.parallelism = parallelism.front();
  if (reads) p.reads = *reads;
  if (email_reads) p.email_reads = *email_reads;
  if (queries) p.queries = *queries;
  if (updates) p.updates = *updates;
  if (post_reads) p.post_reads = *post_reads;
  if (post_email_reads) p.post_email_reads = *post_email_reads;
  if (post_queries) p.post_queries = *post_queries;
  return p;
}

void WorkloadSpec::ClearCounts() {
  reads = email_reads = queries = updates = post_reads = post_email_reads = post_queries = std::nullopt;
}

std::string EngineSpec::OpenConfigJson() const {
  return nlohmann::json{{"settings", settings}, {"durability", durability}}.dump();
}

std::vector<std::string> PhaseNames(const std::vector<workload::PhaseId>& phases) {
  std::vector<std::string> names;
  names.reserve(phases.size());
  for (workload::PhaseId id : phases) names.emplace_back(workload::PhaseName(id));
  return names;
}

nlohmann::json RunConfig::ToJson() const {
  const workload::WorkloadParams p = workload.Effective();
  nlohmann::json engines_json = nlohmann::json::array();
  for (const EngineSpec& e : engines) {
    engines_json.push_back(
        {{"name", e.name}, {"plugin", e.plugin}, {"settings", e.settings}, {"durability", e.durability}});
    if (e.crash_promise) engines_json.back()["crash_promise"] = *e.crash_promise;
  }
  nlohmann::json out = {
      {"schema_version", kConfigSchemaVersion},
      {"name", name},
      {"workload",
       {{"kind", "profiles"},
        {"profiles", p.profiles},
        {"parallelism", workload.parallelism.size() == 1 ? nlohmann::json(p.parallelism)
                                                         : nlohmann::json(workload.parallelism)},
        {"seed", p.seed},
        {"query_limit", p.query_limit},
        {"reads", p.reads},
        {"email_reads", p.email_reads},
        {"queries", p.queries},
        {"updates", p.updates},
        {"post_reads", p.post_reads},
        {"post_email_reads", p.post_email_reads},
        {"post_queries", p.post_queries},
        {"deep_verify", workload.deep_verify}}},
      {"phases", PhaseNames(phases)},
      {"timeout_seconds", timeout_seconds},
      {"measure",
       {{"latency", measure.latency},
        {"latency_sample_every", measure.latency_sample_every},
        {"timeline_interval_ms", measure.timeline_interval_ms},
        {"memory_latency", ProbesMemoryLatency()}}},
      {"engines", engines_json},
  };
  if (workload.is_kv()) {
    out["workload"] = workload::kv::ToJson(workload.kv);
    out.erase("phases");
  }
  return out;
}

}  // namespace kvbench::config
