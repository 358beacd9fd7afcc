// A config that cannot be run: its message names the file, the JSON path and what was expected. Thrown only at
// the CLI/config boundary; main prints it and exits with status 2.
#ifndef KVBENCH_HOST_CONFIG_CONFIG_ERROR_HPP_
#define KVBENCH_HOST_CONFIG_CONFIG_ERROR_HPP_

#include <stdexcept>
#include <string>

namespace kvbench::config {

class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace kvbench::config

#endif  // KVBENCH_HOST_CONFIG_CONFIG_ERROR_HPP_
