// TEMPORARY: replaced by the engineer who owns 'kvbench conformance'.
#include <cstdio>

#include "cli/commands.hpp"

namespace kvbench::cli {

int ConformanceCommand(const CommandArgs&) {
  std::fprintf(stderr, "kvbench conformance: not built yet\n");
  return 2;
}

}  // namespace kvbench::cli
