// kvbench: the command-line entry. Thin by design: it picks a subcommand and turns stray exceptions into one
// message and a non-zero exit status.
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/logging.hpp"
#include "common/printable.hpp"
#include "crash/crash_worker.hpp"
#include "runner/engine_worker.hpp"
#include "runner/plugin_check.hpp"

namespace {

struct Command {
  const char* name;
  int (*fn)(const kvbench::cli::CommandArgs&);
  const char* usage;  // nullptr: hidden (internal) command
};

constexpr Command kCommands[] = {
    {"run", kvbench::cli::RunCommand,
     "run CONFIG.json [--out DIR] [--engine NAME]... [--profiles N] [--parallelism P[,P...]] [--plugin-dir DIR] "
     "[--reference ENGINE|none] [--keep-data] [--no-report]"},
    {"validate", kvbench::cli::ValidateCommand,
     "validate CONFIG.json [--engine NAME]... [--profiles N] [--parallelism P[,P...]] [--plugin-dir DIR] [--no-plugins]"},
    {"plugins", kvbench::cli::PluginsCommand, "plugins [--plugin-dir DIR] [--json]"},
    {"conformance", kvbench::cli::ConformanceCommand,
     "conformance PLUGIN.so|NAME [--filter PATTERN] [--plugin-dir DIR] [--timeout SECONDS] [--json]"},
    {"report", kvbench::cli::ReportCommand,
     "report RESULTS.json... [--out DIR] [--format github-action-benchmark|bencher]..."},
    {"compare", kvbench::cli::CompareCommand,
     "compare BASELINE.json CURRENT.json [--threshold PCT] [--format table|markdown|github-action-benchmark|bencher] "
     "[--out FILE]"},
    {"scaling", kvbench::cli::ScalingCommand,
     "scaling RESULTS.json... [--limit RATIO] [--baseline ENGINE] [--format table|markdown|json] [--out FILE]"},
    {"crashtest", kvbench::cli::CrashtestCommand,
     "crashtest CONFIG.json [--kills K] [--seed S] [--out DIR] [--engine NAME]... [--profiles N] [--parallelism P] "
     "[--plugin-dir DIR] [--timeout S] [--keep-data] [--power-cut]"},
    {"verify", kvbench::cli::VerifyCommand, "verify OUT [--engine NAME]..."},
    // The engine worker process that 'kvbench run' starts for each engine (runner/engine_worker.hpp); also the
    // process in which the other commands load a plugin or run one conformance check.
    {"__engine-worker", kvbench::runner::EngineWorkerMain, nullptr},
    // The writer and verifier processes of 'kvbench crashtest' (crash/crash_worker.hpp).
    {"__crash-worker", kvbench::crash::CrashWorkerMain, nullptr},
};

void PrintUsage(std::FILE* out) {
  std::fprintf(out, "usage: kvbench COMMAND [ARGS]\n\ncommands:\n");
  for (const Command& c : kCommands) {
    if (c.usage != nullptr) std::fprintf(out, "  kvbench %s\n", c.usage);
  }
  std::fprintf(
      out,
      "\n'kvbench COMMAND --help' shows one command's usage. Environment: KVBENCH_LOG_LEVEL=trace|debug|"
      "info|warn|error|critical|off (default info); KVBENCH_LOAD_TIMEOUT=SECONDS: how long a plugin may take to "
      "load (and to open and close for the settings check) before run, validate, crashtest and plugins give up "
      "(default 60).\n");
}

// "--help" or "-h" among a command's arguments (before a "--" that ends the options).
bool AsksForHelp(const std::vector<std::string>& args) {
  for (const std::string& a : args) {
    if (a == "--") return false;
    if (a == "--help" || a == "-h") return true;
  }
  return false;
}

// Paths are bytes, but kvbench records them (--out, --plugin-dir, a plugin's path, $TMPDIR, file names) in JSON,
// which is text: one that is not UTF-8 used to end in an uncaught JSON exception after the run had started. The
// message for the first argument or variable that is not, or "".
std::string NonUtf8Input(const std::vector<std::string>& args) {
  constexpr const char* kWhy = " is not valid UTF-8: kvbench records paths and names in JSON, which is text; rename it";
  for (size_t i = 0; i < args.size(); ++i) {
    if (!kvbench::IsValidUtf8(args[i])) return "argument '" + kvbench::EscapeBytes(args[i]) + "'" + kWhy;
  }
  if (const char* tmp = std::getenv("TMPDIR"); tmp != nullptr && !kvbench::IsValidUtf8(tmp)) {
    return "$TMPDIR '" + kvbench::EscapeBytes(tmp) + "'" + kWhy;
  }
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  if (std::string error; !kvbench::cli::ConfigureLogging(&error)) {
    std::fprintf(stderr, "kvbench: %s\n", error.c_str());
    return 2;
  }
  if (std::string error; !kvbench::runner::CheckPluginLoadTimeoutSetting(&error)) {
    std::fprintf(stderr, "kvbench: %s\n", error.c_str());
    return 2;
  }
  if (argc < 2 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h" || std::string(argv[1]) == "help") {
    PrintUsage(argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  if (std::string(argv[1]) == "--version") {
    std::printf("kvbench %s (%s)\n", KVBENCH_VERSION, KVBENCH_GIT_REVISION);
    return 0;
  }
  const std::string name = argv[1];
  std::vector<std::string> args(argv + 2, argv + argc);
  for (const Command& c : kCommands) {
    if (name != c.name) continue;
    if (c.usage != nullptr) {
      if (const std::string error = NonUtf8Input(args); !error.empty()) {
        std::fprintf(stderr, "kvbench %s: %s\n", c.name, error.c_str());
        return 2;
      }
    }
    if (c.usage != nullptr && AsksForHelp(args)) {
      std::printf("usage: kvbench %s\n", c.usage);
      return 0;
    }
    try {
      return c.fn(args);
    } catch (const kvbench::cli::UsageError& e) {
      std::fprintf(stderr, "kvbench %s: %s\nusage: kvbench %s\n", c.name, e.what(), c.usage ? c.usage : c.name);
      return 2;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "kvbench %s: %s\n", c.name, e.what());
      return 2;
    }
  }
  std::fprintf(stderr, "kvbench: unknown command '%s'\n\n", name.c_str());
  PrintUsage(stderr);
  return 2;
}
