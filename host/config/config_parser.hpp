// Reading a run config (configs/README.md) from JSON text, strictly: every host-side member is checked for name,
// type and range before anything runs. Engine "settings" and "durability" must be objects; their contents are the
// plugin's to check (see runner/plugin_check.hpp).
#ifndef KVBENCH_HOST_CONFIG_CONFIG_PARSER_HPP_
#define KVBENCH_HOST_CONFIG_CONFIG_PARSER_HPP_

#include <string>

#include "config/run_config.hpp"

namespace kvbench::config {

// Throws ConfigError "<source>: <json path>: <what was expected>" on the first problem.
RunConfig ParseRunConfig(const std::string& text, const std::string& source);

// Reads the file and parses it; an unreadable file is a ConfigError too.
RunConfig LoadRunConfig(const std::string& path);

}  // namespace kvbench::config

#endif  // KVBENCH_HOST_CONFIG_CONFIG_PARSER_HPP_
