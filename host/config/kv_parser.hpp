// The "workload" member of kind "kv" (configs/README.md): strict, every error a ConfigError naming the JSON path.
#ifndef KVBENCH_HOST_CONFIG_KV_PARSER_HPP_
#define KVBENCH_HOST_CONFIG_KV_PARSER_HPP_

#include <nlohmann/json.hpp>

#include "workload/kv/kv_spec.hpp"

namespace kvbench::config {

// `value` is the whole workload object (its "kind" is "kv"); presets are expanded into `out->phases`.
void ParseKvWorkload(const nlohmann::json& value, workload::kv::KvSpec* out);

}  // namespace kvbench::config

#endif  // KVBENCH_HOST_CONFIG_KV_PARSER_HPP_
