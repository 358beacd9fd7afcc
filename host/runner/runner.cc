#include "runner/runner.hpp"

#include <spdlog/spdlog.h>

#include <filesystem>

#include "measure/memory_latency.hpp"
#include "report/report_writer.hpp"
#include "runner/engine_result.hpp"
#include "runner/environment.hpp"
#include "runner/out_dir.hpp"
#include "runner/progress_display.hpp"
#include "runner/results_writer.hpp"
#include "runner/supervisor.hpp"

namespace kvbench::runner {

Status RunEngines(const config::RunConfig& config, const std::vector<CheckedPlugin>& plugins, const RunOptions& options,
                  RunSummary* summary) {
  namespace fs = std::filesystem;
  ProgressDisplay display = ProgressDisplay::ForStderr();
  const std::vector<std::string> data_dirs = EngineDataDirs(options.out_dir, config.engines);
  nlohmann::json engines = nlohmann::json::array();
  summary->all_completed = true;
  for (size_t i = 0; i < config.engines.size(); ++i) {
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
    Status s = ResetDir(request.data_dir);
    if (s.ok()) {
      SuperviseWorker(request,
                      {.executable = options.executable,
                       .timeout_seconds = config.timeout_seconds,
                       .on_event = [&](const nlohmann::json& event) { display.Event(event); }},
                      &result);
    } else {
      result.EndSpawnFailed(s.message());
    }
    display.EngineFinished(result);
    if (!options.keep_data) {
      std::error_code ec;
      fs::remove_all(request.data_dir, ec);
      if (ec) spdlog::warn("cannot remove {}: {}", request.data_dir, ec.message());
    }
    if (result.status() != kCompleted) summary->all_completed = false;
    engines.push_back(result.ToJson());
  }
  std::error_code ec;
  const fs::path data_root = fs::path(options.out_dir) / kDataDir;
  if (fs::is_empty(data_root, ec)) fs::remove(data_root, ec);

  nlohmann::json environment = ProbeEnvironment();
  if (config.ProbesMemoryLatency()) {
    spdlog::info("probing memory latency (measure.memory_latency)");
    environment["memory_latency"] =
        measure::MemoryLatencyToJson(measure::MeasureMemoryLatency(measure::DefaultLatencyWorkingSets(), 1'000'000));
  }
  const nlohmann::json doc = BuildResults(config, engines, environment);
  summary->correctness_passed = doc["correctness"]["passed"].get<bool>();
  summary->results_path = (fs::path(options.out_dir) / "results.json").string();
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
  return Status::OK();
}

}  // namespace kvbench::runner
