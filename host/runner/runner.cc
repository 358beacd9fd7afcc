#include "runner/runner.hpp"

#include <spdlog/spdlog.h>

#include <filesystem>

#include "measure/memory_latency.hpp"
#include "report/report_writer.hpp"
#include "runner/data_dir.hpp"
#include "runner/engine_result.hpp"
#include "runner/environment.hpp"
#include "runner/out_dir.hpp"
#include "runner/progress_display.hpp"
#include "runner/results_writer.hpp"
#include "runner/stop_signals.hpp"
#include "runner/supervisor.hpp"

namespace kvbench::runner {
namespace {

namespace fs = std::filesystem;

// results.json for the engines in `engines` (in config order); the config's other engines are listed as not run.
nlohmann::json ResultsSoFar(const config::RunConfig& config, const nlohmann::json& engines,
                            const nlohmann::json& environment, const ChecksumReference& reference, int stopped_by) {
  nlohmann::json doc = BuildResults(config, engines, environment, reference);
  nlohmann::json not_run = nlohmann::json::array();
  for (size_t i = engines.size(); i < config.engines.size(); ++i) not_run.push_back(config.engines[i].name);
  doc["engines_not_run"] = not_run;
  doc["interrupted_by"] = stopped_by != 0 ? nlohmann::json(SignalName(stopped_by)) : nlohmann::json(nullptr);
  return doc;
}

// One parallelism level: config.workload.parallelism holds one.
Status RunLevel(const config::RunConfig& config, const std::vector<CheckedPlugin>& plugins, const RunOptions& options,
                RunSummary* summary) {
  const StopSignalScope stop_signals;
  ProgressDisplay display = ProgressDisplay::ForStderr();
  const std::vector<std::string> data_dirs = EngineDataDirs(options.out_dir, config.engines);
  summary->results_path = (fs::path(options.out_dir) / kResultsFile).string();
  nlohmann::json engines = nlohmann::json::array();
  nlohmann::json environment = ProbeEnvironment();  // the machine and build: the same for every write below
  summary->all_completed = true;
  // Until the end, the results so far are checked against the publication alone (no reference engine runs yet).
  const ChecksumReference published = PublishedReferenceFor(config);
  for (size_t i = 0; i < config.engines.size() && StopSignal() == 0; ++i) {
    const config::EngineSpec& spec = config.engines[i];
    EngineResult result(spec);
    result.SetPluginInfo(plugins[i].plugin);
    WorkerRequest request;
    request.mode = WorkerRequest::Mode::kRun;
    request.config = config;
    request.engine_index = i;
    request.plugin_path = plugins[i].path;
    request.data_dir = data_dirs[i];
    display.EngineStarted(spec.name, i, config.engines.size());
    Status s = ResetDataDir(request.data_dir);
    if (s.ok()) {
      SuperviseWorker(request,
                      {.executable = options.executable,
                       .timeout_seconds = config.timeout_seconds,
                       .on_event = [&](const nlohmann::json& event) { display.Event(event); },
                       .stop_signal = StopSignal},
                      &result);
    } else {
      result.EndSpawnFailed(s.message());
    }
    display.EngineFinished(result);
    if (!options.keep_data) {
      if (Status removed = RemoveDataDir(request.data_dir); !removed.ok()) {
        spdlog::warn("cannot remove {}: {}", request.data_dir, removed.message());
      }
    }
    if (result.status() != kCompleted) summary->all_completed = false;
    engines.push_back(result.ToJson());
    // Rewritten after every engine: a run that is stopped or dies keeps the engines it finished.
    if (i + 1 < config.engines.size() && StopSignal() == 0) {
      s = WriteJsonAtomically(summary->results_path, ResultsSoFar(config, engines, environment, published, 0));
      if (!s.ok()) spdlog::warn("cannot save the results so far: {}", s.message());
    }
  }
  ChecksumReference reference = published;
  if (StopSignal() == 0) {
    reference = DecideReference(config, plugins, engines, options.reference,
                                {.out_dir = options.out_dir,
                                 .executable = options.executable,
                                 .available_memory_bytes = AvailableMemoryBytes()});
  }
  std::error_code ec;
  const fs::path data_root = fs::path(options.out_dir) / kDataDir;
  if (fs::is_empty(data_root, ec)) fs::remove(data_root, ec);

  if (config.ProbesMemoryLatency() && StopSignal() == 0) {
    // The probe takes seconds and cannot be stopped half-way: the last engine's result is saved first.
    if (Status saved = WriteJsonAtomically(summary->results_path, ResultsSoFar(config, engines, environment, reference, 0));
        !saved.ok()) {
      spdlog::warn("cannot save the results so far: {}", saved.message());
    }
    spdlog::info("probing memory latency (measure.memory_latency)");
    environment["memory_latency"] =
        measure::MemoryLatencyToJson(measure::MeasureMemoryLatency(measure::DefaultLatencyWorkingSets(), 1'000'000),
                                     measure::MeasureTranslationLatency(measure::DefaultTranslationSpans(), 1'000'000));
  }
  const int stopped_by = StopSignal();  // read after the probe: a stop during it is recorded
  if (stopped_by != 0) summary->all_completed = false;
  const nlohmann::json doc = ResultsSoFar(config, engines, environment, reference, stopped_by);
  summary->correctness_passed = doc["correctness"]["passed"].get<bool>();
  summary->engines_run = engines.size();
  summary->interrupted_by = stopped_by;
  Status s = WriteJsonAtomically(summary->results_path, doc);
  if (!s.ok()) return s;
  spdlog::info("results: {}", summary->results_path);
  if (summary->correctness_passed) {
    spdlog::info("{}", doc["correctness"]["message"].get<std::string>());
  } else {
    spdlog::error("{}", doc["correctness"]["message"].get<std::string>());
  }
  if (options.write_report) {
    s = report::WriteReport({summary->results_path}, options.out_dir);
    summary->report_written = s.ok();
    if (s.ok()) {
      spdlog::info("report: {}/report.md", options.out_dir);
    } else {
      summary->report_error = s.message();
      spdlog::error("report: {}", s.message());
    }
  }
  // A signal that came after the last engine (during the memory probe or the report) still stops the run.
  summary->interrupted_by = StopSignal();
  return Status::OK();
}

}  // namespace

Status RunEngines(const config::RunConfig& config, const std::vector<CheckedPlugin>& plugins, const RunOptions& options,
                  RunSummary* summary) {
  if (config.workload.parallelism.size() == 1) return RunLevel(config, plugins, options, summary);
  // Several levels: each a run of its own (fresh stores, its own results, checks and report) in OUT/p<P>, as
  // upstream runs one workload per level; then one report of them all in OUT.
  *summary = RunSummary{};
  summary->all_completed = summary->correctness_passed = true;
  std::vector<std::string> results;
  for (int32_t level : config.workload.parallelism) {
    config::RunConfig one = config;
    one.workload.parallelism = {level};
    RunOptions level_options = options;
    std::string dir_name = "p";  // (not "p" + to_string: GCC 12's -Wrestrict misfires on it at -O3)
    dir_name += std::to_string(level);
    level_options.out_dir = (fs::path(options.out_dir) / dir_name).string();
    Status s = PrepareOutDir(level_options.out_dir, OutputKind::kRun);
    if (s.ok()) s = CheckEngineDataDirs(level_options.out_dir, one.engines);
    if (!s.ok()) return s;
    spdlog::info("parallelism {}: {} engine(s) into {}", level, one.engines.size(), level_options.out_dir);
    RunSummary level_summary;
    s = RunLevel(one, plugins, level_options, &level_summary);
    if (!s.ok()) return s;
    results.push_back(level_summary.results_path);
    summary->results_path = level_summary.results_path;
    summary->all_completed = summary->all_completed && level_summary.all_completed;
    summary->correctness_passed = summary->correctness_passed && level_summary.correctness_passed;
    summary->engines_run += level_summary.engines_run;
    if (!level_summary.report_error.empty()) summary->report_error = level_summary.report_error;
    summary->interrupted_by = level_summary.interrupted_by;
    if (summary->interrupted_by != 0) break;  // the levels after it do not run
  }
  summary->level_results = results;
  summary->report_written = !options.write_report || summary->report_error.empty();
  if (options.write_report) {
    Status s = report::WriteReport(results, options.out_dir);
    if (s.ok()) {
      spdlog::info("report of every level: {}/report.md", options.out_dir);
    } else {
      summary->report_written = false;
      summary->report_error = s.message();
      spdlog::error("report of every level: {}", s.message());
    }
  }
  if (summary->interrupted_by == 0) summary->interrupted_by = StopSignal();
  return Status::OK();
}

}  // namespace kvbench::runner
