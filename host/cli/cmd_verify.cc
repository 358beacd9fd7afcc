// kvbench verify OUT [--engine NAME]...: reopens each engine's OUT/data/<engine>/ (kept with --keep-data) with the
// plugin and settings recorded in OUT/results.json, in a worker process of its own, runs the final checksum and the
// deep verify against that run's config, and prints the findings. It is how corruption, a missing file or an
// on-disk format change is checked from the command line. Exit status 0 when every engine's data opened, its
// checksum equals the recorded one and the deep verify is clean; 1 otherwise; 2 for bad usage, an unreadable
// results file, an engine that is not in it or has no kept data.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <set>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "common/read_file.hpp"
#include "config/config_error.hpp"
#include "config/config_parser.hpp"
#include "runner/engine_result.hpp"
#include "runner/out_dir.hpp"
#include "runner/out_dir_lock.hpp"
#include "runner/stop_signals.hpp"
#include "runner/supervisor.hpp"

namespace kvbench::cli {
namespace {

namespace fs = std::filesystem;

struct KeptEngine {
  size_t index = 0;             // into the recorded config's engines
  std::string data_dir;         // OUT/data/<engine>
  std::string plugin_path;      // the .so the run loaded
  nlohmann::json run_checksum;  // the final checksum the run recorded (null when it recorded none)
};

// "clean", or what the deep verify found.
std::string DeepFindings(const nlohmann::json& deep) {
  if (!deep.is_object()) return "not run";
  if (deep.value("clean", false)) return "clean";
  std::string out;
  for (const char* kind : {"missing", "wrong", "stale", "extra", "orphans"}) {
    const nlohmann::json& n = deep.contains(kind) ? deep[kind] : nlohmann::json();
    if (n.is_number() && n.get<double>() > 0) out += (out.empty() ? "" : ", ") + n.dump() + " " + kind;
  }
  return out.empty() ? "not clean" : out;
}

}  // namespace

int VerifyCommand(const CommandArgs& argv) {
  Args args(argv, {"engine"}, {}, {"engine"});
  if (args.positionals().size() != 1) throw UsageError("expected exactly one OUT directory (of a run with --keep-data)");
  const std::string out = args.positionals()[0];
  const std::string results_path = (fs::path(out) / runner::kResultsFile).string();
  std::string text;
  if (Status s = ReadWholeFile(results_path, &text); !s.ok()) {
    std::fprintf(stderr, "kvbench verify: %s\n", s.message().c_str());
    return 2;
  }
  nlohmann::json doc = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("config") || !doc.contains("engines") ||
      !doc["engines"].is_array()) {
    std::fprintf(stderr, "kvbench verify: %s: not the results.json of a kvbench run\n", results_path.c_str());
    return 2;
  }
  config::RunConfig config;
  try {
    config = config::ParseRunConfig(doc["config"].dump(), results_path + " (config)");
  } catch (const config::ConfigError& e) {
    std::fprintf(stderr, "kvbench verify: %s\n", e.what());
    return 2;
  }
  const std::vector<std::string> data_dirs = runner::EngineDataDirs(out, config.engines);
  const std::vector<std::string> wanted = args.values("engine");
  std::vector<KeptEngine> kept;
  for (size_t i = 0; i < config.engines.size(); ++i) {
    const std::string& name = config.engines[i].name;
    if (!wanted.empty() && std::find(wanted.begin(), wanted.end(), name) == wanted.end()) continue;
    KeptEngine k;
    k.index = i;
    k.data_dir = data_dirs[i];
    for (const nlohmann::json& e : doc["engines"]) {
      if (!e.is_object() || e.value("name", nlohmann::json()) != name) continue;
      if (e.contains("plugin") && e["plugin"].is_object() && e["plugin"].contains("path") &&
          e["plugin"]["path"].is_string()) {
        k.plugin_path = e["plugin"]["path"].get<std::string>();
      }
      if (e.contains("final_checksum")) k.run_checksum = e["final_checksum"];
    }
    std::error_code ec;
    if (k.plugin_path.empty()) {
      std::fprintf(stderr, "kvbench verify: %s: engine %s did not run (no plugin recorded)\n", results_path.c_str(),
                   name.c_str());
      return 2;
    }
    if (!fs::is_directory(fs::symlink_status(k.data_dir, ec))) {
      std::fprintf(stderr, "kvbench verify: engine %s: no kept data in %s (run it with --keep-data)\n", name.c_str(),
                   k.data_dir.c_str());
      return 2;
    }
    kept.push_back(k);
  }
  for (const std::string& name : wanted) {
    if (std::none_of(config.engines.begin(), config.engines.end(),
                     [&](const config::EngineSpec& e) { return e.name == name; })) {
      std::fprintf(stderr, "kvbench verify: --engine %s: no such engine in %s\n", name.c_str(), results_path.c_str());
      return 2;
    }
  }
  runner::OutDirLock lock;  // a run into OUT meanwhile would reset the data being verified
  if (Status s = lock.Acquire(out); !s.ok()) {
    std::fprintf(stderr, "kvbench verify: %s\n", s.message().c_str());
    return 2;
  }
  std::signal(SIGPIPE, SIG_IGN);
  const runner::StopSignalScope stop_signals;
  bool all_ok = true;
  for (const KeptEngine& k : kept) {
    const config::EngineSpec& spec = config.engines[k.index];
    runner::WorkerRequest request;
    request.mode = runner::WorkerRequest::Mode::kVerify;
    request.config = config;
    request.engine_index = k.index;
    request.plugin_path = k.plugin_path;
    request.data_dir = k.data_dir;
    request.progress_interval_ms = 0;
    runner::EngineResult result(spec);
    runner::SuperviseWorker(request,
                            {.executable = "",
                             .timeout_seconds = config.timeout_seconds,
                             .on_event = {},
                             .stop_signal = runner::StopSignal},
                            &result);
    if (const int stop = runner::StopSignal(); stop != 0) {
      std::fprintf(stderr, "kvbench verify: interrupted by %s while verifying %s\n",
                   runner::SignalName(stop).c_str(), spec.name.c_str());
      runner::ExitBySignal(stop);
    }
    const nlohmann::json r = result.ToJson();
    if (result.status() != runner::kCompleted) {
      all_ok = false;
      std::fprintf(stderr, "engine %s: %s in %s: %s\n", spec.name.c_str(), result.status().c_str(),
                   result.interrupted_phase().c_str(), result.error().c_str());
      continue;
    }
    const nlohmann::json checksum = r["final_checksum"];
    const bool checksum_ok = k.run_checksum.is_null() || checksum == k.run_checksum;
    const nlohmann::json deep = r.contains("deep_verify") ? r["deep_verify"] : nlohmann::json();
    const bool deep_ok = deep.is_object() && deep.value("clean", false);
    all_ok = all_ok && checksum_ok && deep_ok;
    std::fprintf(checksum_ok && deep_ok ? stdout : stderr,
                 "engine %s: final checksum %s (%s), %s profiles; deep verify: %s\n", spec.name.c_str(),
                 checksum.dump().c_str(),
                 k.run_checksum.is_null() ? "the run recorded none"
                 : checksum_ok            ? "as recorded"
                                          : ("recorded " + k.run_checksum.dump() + ": MISMATCH").c_str(),
                 r["verified_profile_count"].dump().c_str(), DeepFindings(deep).c_str());
  }
  return all_ok ? 0 : 1;
}

}  // namespace kvbench::cli
