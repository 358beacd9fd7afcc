// The kvbench subcommands. Each takes the arguments after its name and returns the process exit status:
// 0 success, 1 a completed check that failed (conformance failure, regression), 2 bad usage or bad input.
#ifndef KVBENCH_HOST_CLI_COMMANDS_HPP_
#define KVBENCH_HOST_CLI_COMMANDS_HPP_

#include <string>
#include <vector>

namespace kvbench::cli {

using CommandArgs = std::vector<std::string>;

int RunCommand(const CommandArgs& args);          // cmd_run.cc: run a config, write results + report
int ValidateCommand(const CommandArgs& args);     // cmd_validate.cc: check a config, run nothing
int PluginsCommand(const CommandArgs& args);      // cmd_plugins.cc: list plugins found
int ConformanceCommand(const CommandArgs& args);  // cmd_conformance.cc: ABI conformance suite on a plugin
int ReportCommand(const CommandArgs& args);       // cmd_report.cc: results JSON -> report.md/html/svg/csv
int CompareCommand(const CommandArgs& args);      // cmd_compare.cc: baseline vs current, exit 1 on regression
int CrashtestCommand(const CommandArgs& args);    // cmd_crashtest.cc: SIGKILL writers, reopen, deep-verify
int ScalingCommand(const CommandArgs& args);      // cmd_scaling.cc: per-op cost by profile count, exit 1 over a limit
int VerifyCommand(const CommandArgs& args);       // cmd_verify.cc: reopen kept data, checksum + deep verify

}  // namespace kvbench::cli

#endif  // KVBENCH_HOST_CLI_COMMANDS_HPP_
