#include "crash/crash_worker.hpp"

#include <sys/prctl.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <iterator>
#include <memory>
#include <thread>

#include "cli/args.hpp"
#include "crash/ack_page.hpp"
#include "crash/crash_request.hpp"
#include "measure/phase_meter.hpp"
#include "plugin/engine_client.hpp"
#include "plugin/plugin_library.hpp"
#include "workload/deep_verify.hpp"

namespace kvbench::crash {
namespace {

void Print(const nlohmann::json& line) {
  std::fputs((line.dump() + "\n").c_str(), stdout);
  std::fflush(stdout);
}

struct OpenEngine {
  std::unique_ptr<host::EngineClient> engine;
  std::array<std::unique_ptr<host::StoreClient>, 5> handles;
  workload::ProfileStores stores{};

  Status Open(std::shared_ptr<const host::PluginLibrary> plugin, const CrashRequest& request,
              const kvb_plugin_table* data_table) {
    Status s =
        host::EngineClient::Open(std::move(plugin), request.data_dir, request.engine().OpenConfigJson(), &engine);
    if (!s.ok()) return s;
    if (data_table != nullptr) engine->SetDataTable(data_table);
    for (size_t i = 0; i < handles.size(); ++i) {
      s = engine->OpenStore(workload::kStoreNames[i], &handles[i]);
      if (!s.ok()) return s;
    }
    stores = {handles[0].get(), handles[1].get(), handles[2].get(), handles[3].get(), handles[4].get()};
    return Status::OK();
  }
};

Status RunPhase(workload::ProfileWorkload* workload, workload::PhaseId phase, const workload::ProfileStores& stores) {
  measure::MeasureOptions options;
  options.latency = false;
  options.timeline_interval_ms = 0;
  measure::PhaseMeter meter(options);
  workload::PhaseOutcome outcome;
  meter.Begin();
  Status s = workload->RunPhase(phase, stores, meter, &outcome);
  meter.End();
  return s;
}

Status Write(const CrashRequest& request, AckShared* shared) {
  std::shared_ptr<const host::PluginLibrary> plugin;
  Status s = host::PluginLibrary::Load(request.plugin_path, &plugin);
  if (!s.ok()) return s;
  OpenEngine open;
  s = open.Open(plugin, request, CountingTable(plugin->table(), &shared->acked));
  if (!s.ok()) return s;
  workload::ProfileWorkload workload(request.config.workload.Effective());
  s = RunPhase(&workload, workload::PhaseId::kInsert, open.stores);
  if (!s.ok() || request.phase == CrashPhase::kInsert) return s;
  s = open.engine->Settle();
  if (!s.ok()) return s;
  return RunPhase(&workload, workload::PhaseId::kUpdate, open.stores);
}

nlohmann::json Verify(const CrashRequest& request) {
  std::shared_ptr<const host::PluginLibrary> plugin;
  Status s = host::PluginLibrary::Load(request.plugin_path, &plugin);
  if (!s.ok()) return {{"status", "failed"}, {"error", s.message()}};
  const workload::WorkloadParams params = request.config.workload.Effective();
  workload::ExpectedState expected;
  s = ExpectedAfterAcks(params, request.phase, request.acked, &expected);
  if (!s.ok()) return {{"status", "failed"}, {"error", s.message()}};
  const auto start = std::chrono::steady_clock::now();
  OpenEngine open;
  s = open.Open(plugin, request, nullptr);
  const double reopen_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (!s.ok()) return {{"status", "reopen_failed"}, {"error", s.message()}, {"reopen_ms", reopen_ms}};
  workload::DeepVerifyResult result;
  s = workload::DeepVerify(open.stores, expected, &result);
  if (!s.ok()) return {{"status", "failed"}, {"error", s.message()}, {"reopen_ms", reopen_ms}};
  nlohmann::json line = {{"status", "ok"}, {"reopen_ms", reopen_ms}, {"deep_verify", result.ToJson()}};
  open.handles = {};
  s = open.engine->Close();
  if (!s.ok()) line["close_error"] = s.message();
  return line;
}

}  // namespace

int CrashWorkerMain(const std::vector<std::string>& argv) {
  cli::Args args(argv, {"ack-fd"}, {});
  // The worker must not outlive the crash test that started it.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() == 1) return 1;
  const std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
  const nlohmann::json json = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  CrashRequest request;
  Status s = json.is_discarded() ? Status::InvalidArgument("crash request is not JSON")
                                 : CrashRequest::FromJson(json, &request);
  if (!s.ok()) {
    Print({{"status", "failed"}, {"error", s.message()}});
    return 1;
  }
  if (request.mode == CrashRequest::Mode::kVerify) {
    const nlohmann::json line = Verify(request);
    Print(line);
    return line.value("status", "") == "ok" ? 0 : 1;
  }
  const long long fd = args.positive_integer("ack-fd").value_or(0);
  if (fd <= 2)
    throw cli::UsageError("__crash-worker write needs --ack-fd N (N > 2); it is started by 'kvbench crashtest'");
  std::unique_ptr<AckPage> page;
  s = AckPage::Attach(static_cast<int>(fd), &page);
  if (s.ok()) s = Write(request, page->shared());
  if (!s.ok()) {
    Print({{"status", "failed"}, {"error", s.message()}});
    return 1;
  }
  page->shared()->writer_done.store(1, std::memory_order_release);
  Print({{"status", "done"}});
  // Wait for the kill: a clean close would make every mode durable.
  for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
}

}  // namespace kvbench::crash
