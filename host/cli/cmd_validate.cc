// TEMPORARY: replaced by the engineer who owns 'kvbench validate'.
#include <cstdio>

#include "cli/commands.hpp"

namespace kvbench::cli {

int ValidateCommand(const CommandArgs&) {
  std::fprintf(stderr, "kvbench validate: not built yet\n");
  return 2;
}

}  // namespace kvbench::cli
