// The entry of the hidden subcommand "kvbench __engine-worker": the child side of supervisor.cc.
#include <sys/prctl.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <iostream>
#include <iterator>
#include <string>

#include "cli/args.hpp"
#include "runner/engine_worker.hpp"

namespace kvbench::runner {

int EngineWorkerMain(const std::vector<std::string>& argv) {
  cli::Args args(argv, {"event-fd"}, {});
  const long long fd = args.positive_integer("event-fd").value_or(0);
  if (fd <= 2) throw cli::UsageError("__engine-worker needs --event-fd N (N > 2); it is started by 'kvbench run'");
  // The worker must not outlive its supervisor (a killed 'kvbench run' would leave a hung engine behind).
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() == 1) return 1;
  std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
  EventWriter events(static_cast<int>(fd));
  WorkerRequest request;
  nlohmann::json json = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  Status s = json.is_discarded() ? Status::InvalidArgument("worker request is not JSON")
                                 : WorkerRequest::FromJson(json, &request);
  if (!s.ok()) {
    (void)events.Write({{"event", "finished"}, {"status", "Failed"}, {"error", s.message()}, {"phase", "start"}});
    return 1;
  }
  s = RunEngineWorker(request, &events);
  return s.ok() ? 0 : 1;
}

}  // namespace kvbench::runner
