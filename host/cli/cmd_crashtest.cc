// kvbench crashtest CONFIG [--kills K] [--seed S] [--out DIR] [--engine NAME]... [--profiles N] [--plugin-dir DIR]
//                          [--timeout SECONDS] [--keep-data] [--power-cut]
// Kills each engine's writer process K times at seeded moments of "insert profiles" and "update profiles", reopens
// it in a fresh process and deep-verifies every store against what was acknowledged (crash/crash_runner.hpp).
// --power-cut: after each kill every file is cut back to what the writer had synced (crash/power_cut.hpp).
// Writes OUT/crashtest.json and OUT/crashtest.md. Exit status 0 when every engine kept its durability promise
// (crash/durability_promise.hpp), 1 when one was broken (an acknowledged write lost where the mode promises none,
// or a corrupt or invented record anywhere), 2 on a bad config or usage. SIGINT or SIGTERM stops it: the kill under
// way is dropped, the outputs are written for the engines tested, and the process ends by that signal.
#include <spdlog/spdlog.h>

#include <charconv>
#include <cstdio>
#include <filesystem>
#include <random>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/run_setup.hpp"
#include "crash/crash_report.hpp"
#include "crash/crash_runner.hpp"
#include "runner/engine_result.hpp"
#include "runner/out_dir.hpp"
#include "runner/stop_signals.hpp"

namespace kvbench::cli {
namespace {

uint64_t ParseSeed(const Args& args) {
  const std::optional<std::string> text = args.value("seed");
  if (!text) return (uint64_t{std::random_device{}()} << 32) | std::random_device{}();
  uint64_t v = 0;  // digits only: no sign, no blanks (std::from_chars, unlike stoull, takes neither)
  auto [p, ec] = std::from_chars(text->data(), text->data() + text->size(), v, 10);
  if (ec != std::errc() || p != text->data() + text->size() || text->empty()) {
    throw UsageError("--seed expects an unsigned integer, got '" + *text + "'");
  }
  return v;
}

}  // namespace

int CrashtestCommand(const CommandArgs& argv) {
  Args args(argv, {"kills", "seed", "out", "engine", "profiles", "parallelism", "plugin-dir", "timeout"}, {"keep-data", "power-cut"},
            {"engine"});
  const uint64_t seed = ParseSeed(args);
  const long long kills_arg = args.positive_integer("kills").value_or(3);
  if (kills_arg > 10000) throw UsageError("--kills expects at most 10000, got " + std::to_string(kills_arg));
  const int kills = static_cast<int>(kills_arg);
  // Every argument is checked before the config, the plugins and the out directory are.
  const std::optional<long long> timeout_arg = args.positive_integer("timeout", kMaxTimeoutSeconds);
  RunSetup setup;
  if (int rc = PrepareRun(args, "crashtest", "results/crashtest", runner::OutputKind::kCrashtest, &setup); rc != 0)
    return rc;
  const config::RunConfig& config = setup.config;
  const std::vector<runner::CheckedPlugin>& plugins = setup.plugins;
  const std::string& out = setup.out_dir;
  const crash::Fault fault = args.flag("power-cut") ? crash::Fault::kPowerCut : crash::Fault::kKill;
  std::printf("crashtest seed %llu (replay with --seed %llu), %d %s per engine\n",
              static_cast<unsigned long long>(seed), static_cast<unsigned long long>(seed), kills,
              fault == crash::Fault::kPowerCut ? "power cuts" : "kills");
  std::fflush(stdout);

  crash::CrashOptions options;
  options.out_dir = out;
  options.seed = seed;
  options.kills = kills;
  options.keep_data = args.flag("keep-data");
  options.fault = fault;
  options.timeout_seconds = timeout_arg.value_or(std::min<int64_t>(config.timeout_seconds, 600));
  crash::CrashRun run;
  run.config = config;
  run.seed = seed;
  run.kills = kills;
  run.fault = fault;
  const runner::StopSignalScope stop_signals;  // Ctrl-C: the engines tested so far are kept (see below)
  for (size_t i = 0; i < config.engines.size() && runner::StopSignal() == 0; ++i) {
    const std::string plugin_name = plugins[i].plugin.value("name", "");
    run.engines.push_back(crash::RunEngineCrashes(config, i, plugins[i].path, plugin_name, options));
    const crash::EngineCrashResult& e = run.engines.back();
    spdlog::info("{}: promise {} ({}): {} kills, lost {} (max {}), corrupt {}, invented {}, orphans {}: {}", e.name,
                 crash::PromiseName(e.promise.promise), e.promise.reason, e.kills.size(), e.total_lost(), e.max_lost(),
                 e.corrupt(), e.invented(), e.orphans(), e.held() ? "held" : "BROKEN");
    run.interrupted_by = runner::StopSignal();
    // Rewritten after every engine: an interrupted run keeps the engines it finished.
    Status s = crash::WriteCrashOutputs(run, out);
    if (!s.ok()) {
      std::fprintf(stderr, "kvbench crashtest: %s\n", s.message().c_str());
      return 1;
    }
  }
  std::error_code ec;  // OUT/data holds nothing once every engine's directory is gone (kept with --keep-data)
  if (std::filesystem::is_empty(std::filesystem::path(out) / "data", ec)) {
    std::filesystem::remove(std::filesystem::path(out) / "data", ec);
  }
  if (run.interrupted_by != 0) {
    // Ended by the signal that stopped it, as a program that cleaned up after SIGINT should: a script stops too.
    spdlog::default_logger()->flush();
    std::fprintf(stderr, "kvbench crashtest: interrupted by %s: the results of %zu of %zu engines are in %s/%s\n",
                 runner::SignalName(run.interrupted_by).c_str(), run.engines.size(), config.engines.size(), out.c_str(),
                 runner::kCrashtestJsonFile);
    runner::ExitBySignal(run.interrupted_by);
  }
  std::printf("%s", crash::CrashMarkdown(run).c_str());
  return run.all_held() ? 0 : 1;
}

}  // namespace kvbench::cli
