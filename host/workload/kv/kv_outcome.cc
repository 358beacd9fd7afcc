#include "workload/kv/kv_outcome.hpp"

namespace kvbench::workload::kv {

nlohmann::json ValueErrors::ToJson() const {
  return {{"total", total()},       {"stale", stale},           {"wrong", wrong},
          {"missing", missing},     {"unexpected", unexpected}, {"misordered", misordered}};
}

nlohmann::json KvOutcome::ToJson() const {
  nlohmann::json j = {{"reads", reads},
                      {"found", found},
                      {"updates", updates},
                      {"rmws", rmws},
                      {"inserts", inserts},
                      {"scans", scans},
                      {"scan_entries", scan_entries},
                      {"deletes", deletes},
                      {"value_errors", errors.ToJson()},
                      {"checksum_comparable", checksum_comparable},
                      {"latency_from_schedule", latency_from_schedule}};
  j["hottest_1pct_share"] = hottest_1pct_share ? nlohmann::json(*hottest_1pct_share) : nlohmann::json(nullptr);
  if (background_latency) {
    j["background"] = {{"op", "overwrite"}, {"operations", background_ops}, {"latency", background_latency->ToJson()}};
  }
  return j;
}

}  // namespace kvbench::workload::kv
