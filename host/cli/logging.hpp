// The host's log output: spdlog's default logger, with information on stdout and warnings and errors on stderr
// (so that a failed run's stderr says why), and its level from $KVBENCH_LOG_LEVEL (default info).
#ifndef KVBENCH_HOST_CLI_LOGGING_HPP_
#define KVBENCH_HOST_CLI_LOGGING_HPP_

#include <string>

namespace kvbench::cli {

// Installs the default logger. False, with *error naming the value, when $KVBENCH_LOG_LEVEL is set to something
// other than trace, debug, info, warn, error, critical or off (spdlog would silently take it as "off").
bool ConfigureLogging(std::string* error);

}  // namespace kvbench::cli

#endif  // KVBENCH_HOST_CLI_LOGGING_HPP_
