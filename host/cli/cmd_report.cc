// TEMPORARY: replaced by the engineer who owns 'kvbench report'.
#include <cstdio>

#include "cli/commands.hpp"

namespace kvbench::cli {

int ReportCommand(const CommandArgs&) {
  std::fprintf(stderr, "kvbench report: not built yet\n");
  return 2;
}

}  // namespace kvbench::cli
