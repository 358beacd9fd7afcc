// TEMPORARY: replaced by the engineer who owns 'kvbench compare'.
#include <cstdio>

#include "cli/commands.hpp"

namespace kvbench::cli {

int CompareCommand(const CommandArgs&) {
  std::fprintf(stderr, "kvbench compare: not built yet\n");
  return 2;
}

}  // namespace kvbench::cli
