// TEMPORARY: replaced by the engineer who owns 'kvbench run'.
#include <cstdio>

#include "cli/commands.hpp"

namespace kvbench::cli {

int RunCommand(const CommandArgs&) {
  std::fprintf(stderr, "kvbench run: not built yet\n");
  return 2;
}

}  // namespace kvbench::cli
