#include "runner/engine_worker.hpp"

#include <algorithm>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>

#include "conformance/call_record.hpp"
#include "conformance/suite.hpp"
#include "measure/amplification.hpp"
#include "measure/phase_meter.hpp"
#include "measure/process_stats.hpp"
#include "plugin/engine_client.hpp"
#include "plugin/plugin_library.hpp"
#include "runner/progress_sampler.hpp"
#include "runner/storage_size.hpp"
#include "workload/deep_verify.hpp"
#include "workload/kv/kv_workload.hpp"
#include "workload/profile_workload.hpp"
#include "workload/worker_pool.hpp"

namespace kvbench::runner {
namespace {

using workload::PhaseId;

double MsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

nlohmann::json PluginJson(const host::PluginLibrary& plugin) {
  return {{"name", plugin.name()},
          {"version", plugin.version()},
          {"abi", plugin.abi_version()},
          {"path", plugin.path()},
          {"capabilities", plugin.CapabilityNames()}};
}

class WorkerRun {
 public:
  WorkerRun(const WorkerRequest& request, EventWriter* events) : request_(request), events_(events) {}

  Status Run() {
    Status s;
    switch (request_.mode) {
      case WorkerRequest::Mode::kRun:
        s = RunAll();
        break;
      case WorkerRequest::Mode::kCheck:
        s = Check();
        break;
      case WorkerRequest::Mode::kLoad:  // "loaded" says what the plugin is
        s = LoadPlugin();
        break;
      case WorkerRequest::Mode::kConformance:
        s = Conformance();
        break;
      case WorkerRequest::Mode::kVerify:
        s = VerifyKept();
        break;
    }
    Finish(s);
    return s;
  }

 private:
  // mode "check": the plugin validates its settings by opening on an empty directory.
  Status Check() {
    Status s = LoadPlugin();
    if (!s.ok()) return s;
    // Announced, so that a plugin that hangs here is reported in engine_open or engine_close, not "after loading".
    s = Announce(kStepOpen);
    if (!s.ok()) return s;
    s = host::EngineClient::Open(plugin_, request_.data_dir, request_.engine().OpenConfigJson(), &engine_);
    if (!s.ok()) return s;
    s = Describe();
    if (!s.ok()) return s;
    s = Announce(kStepClose);
    if (!s.ok()) return s;
    return engine_->Close();
  }

  // mode "conformance": one check in data_dir, which the parent removes whatever happens here.
  Status Conformance() {
    Status s = LoadPlugin();
    if (!s.ok()) return s;
    const conformance::Check* check = conformance::FindCheck(request_.check);
    if (check == nullptr) return Status::InvalidArgument("no conformance check named '" + request_.check + "'");
    current_ = check->name;
    s = Send({{"event", "started"}, {"name", check->name}, {"kind", "check"}, {"total", nullptr}});
    if (!s.ok()) return s;
    // A check that opens an engine runs over the call-recording table, so that the parent can name the ABI call a
    // crash or a hang happened in. The load checks compare table addresses: they get the plugin's own.
    std::shared_ptr<const host::PluginLibrary> plugin = plugin_;
    if (conformance::NeedsOpenEngine(*check)) {
      s = conformance::StartCallRecord(request_.data_dir + "/" + conformance::kCallRecordFile);
      if (!s.ok()) return s;
      plugin = plugin_->WithTable(conformance::TrackedTable(&plugin_->table()));
    }
    const conformance::CheckResult result = conformance::RunCheckIn(*check, plugin, request_.data_dir);
    return Send({{"event", "check"}, {"result", conformance::CheckResultToJson(result)}});
  }

  // mode "verify": what the run's reopen, verify and deep verify steps do, on the data a run kept.
  Status VerifyKept() {
    Status s = LoadPlugin();
    if (!s.ok()) return s;
    if (!plugin_->Has(KVB_CAP_PERSISTENT)) {
      return Status::InvalidArgument("plugin " + plugin_->name() + " is not persistent: it keeps no data to verify");
    }
    current_ = "plan";
    const workload::WorkloadParams params = request_.config.workload.Effective();
    s = params.Validate();
    if (!s.ok()) return s;
    workload_ = std::make_unique<workload::ProfileWorkload>(params);
    s = Step(kStepOpen, [&] { return OpenEngine(); });
    if (!s.ok()) return s;
    uint64_t final_checksum = 0, profile_count = 0;
    s = Step(kStepVerify, [&] { return workload_->Verify(stores_, &final_checksum, &profile_count); });
    if (!s.ok()) return s;
    Value("final_checksum", workload::FormatChecksum(final_checksum));
    Value("verified_profile_count", profile_count);
    s = DeepVerifyStep(params);
    if (!s.ok()) return s;
    return Step(kStepClose, [&] { return CloseEngine(); });
  }

  Status RunAll() {
    if (request_.config.workload.is_kv()) return RunKv();
    Status s = LoadPlugin();
    if (!s.ok()) return s;
    const bool persistent = plugin_->Has(KVB_CAP_PERSISTENT);
    Value("persistent", persistent);
    current_ = "plan";
    const workload::WorkloadParams params = request_.config.workload.Effective();
    s = params.Validate();
    if (!s.ok()) return s;
    workload_ = std::make_unique<workload::ProfileWorkload>(params);
    if (request_.progress_interval_ms > 0) {
      progress_ = std::make_unique<ProgressSampler>(events_, request_.progress_interval_ms);
    }
    Value("host_memory_before_open_bytes", measure::CurrentRssBytes());
    const auto run_start = std::chrono::steady_clock::now();

    s = Step(kStepOpen, [&] { return OpenEngine(); });
    if (!s.ok()) return s;
    s = Describe();
    if (!s.ok()) return s;

    // The workers (docs/profile-workload-parallel.md §3): created once, after the engine opened and before the
    // first phase, and closed after the last; in the run's time, in no phase's.
    StartWorkers(params.parallelism);
    const std::vector<PhaseId>& phases = request_.config.phases;
    for (size_t i = 0; i < phases.size(); ++i) {
      s = Phase(phases[i]);
      if (!s.ok()) return s;
      const bool next_reads = i + 1 < phases.size() && phases[i + 1] != PhaseId::kUpdate;
      if (phases[i] == PhaseId::kInsert && next_reads) {
        s = Step(kStepPreReadStabilize, [&] { return engine_->Stabilize(); });
      } else if (phases[i] == PhaseId::kUpdate) {
        s = Step(kStepPostUpdateStabilize, [&] { return engine_->Stabilize(); });
      }
      if (!s.ok()) return s;
    }
    StopWorkers();
    Value("logical_bytes_written", logical_bytes_written_);
    Value("live_logical_bytes", workload_->live_logical_bytes());

    s = SettleAndMeasureStorage();
    if (!s.ok()) return s;

    // Without KVB_CAP_PERSISTENT the data does not survive close + open (the ABI allows that): reopening would
    // only lose it, so verify reads the live engine and results say "persistent": false instead of a reopen time.
    if (persistent) {
      s = Reopen([&] { return CloseEngine(); }, [&] { return OpenEngine(); });
      if (!s.ok()) return s;
    }
    uint64_t final_checksum = 0, profile_count = 0;
    s = Step(kStepVerify, [&] { return workload_->Verify(stores_, &final_checksum, &profile_count); });
    if (!s.ok()) return s;
    Value("final_checksum", workload::FormatChecksum(final_checksum));
    Value("verified_profile_count", profile_count);
    if (request_.config.workload.deep_verify) {
      s = DeepVerifyStep(params);
      if (!s.ok()) return s;
    }
    s = Step(kStepClose, [&] { return CloseEngine(); });
    if (!s.ok()) return s;

    Value("run_ms", MsSince(run_start));
    if (disk_bytes_written_) Value("disk_bytes_written", *disk_bytes_written_);
    return Status::OK();
  }

  // The reopen step: close, then open a fresh instance on the same files (both workloads, each with its stores).
  template <typename Close, typename Open>
  Status Reopen(const Close& close, const Open& open) {
    return Step(kStepReopen, [&] {
      Status closed = close();
      return closed.ok() ? open() : closed;
    });
  }

  // The settle step, then the bytes of every file under the data directory (both workloads, after their phases).
  Status SettleAndMeasureStorage() {
    Status s = Step(kStepSettle, [&] { return engine_->Settle(); });
    if (!s.ok()) return s;
    current_ = "storage";
    uint64_t storage = 0;
    s = StorageBytes(request_.data_dir, &storage);
    if (!s.ok()) return s;
    Value("storage_bytes", storage);
    return Status::OK();
  }

  // The kv workload (workload/kv/kv_workload.hpp): one store, its phases in config order, then the same settle,
  // storage, reopen, verify and close steps as the profile workload; no stabilize steps (YCSB and db_bench have
  // none). Values read that are not what was written are the value "value_errors" (correctness fails on any).
  Status RunKv() {
    Status s = LoadPlugin();
    if (!s.ok()) return s;
    const bool persistent = plugin_->Has(KVB_CAP_PERSISTENT);
    Value("persistent", persistent);
    current_ = "plan";
    kv_ = std::make_unique<workload::kv::KvWorkload>(request_.config.workload.kv);
    if (request_.progress_interval_ms > 0) {
      progress_ = std::make_unique<ProgressSampler>(events_, request_.progress_interval_ms);
    }
    Value("host_memory_before_open_bytes", measure::CurrentRssBytes());
    const auto run_start = std::chrono::steady_clock::now();
    s = Step(kStepOpen, [&] { return OpenKvEngine(); });
    if (!s.ok()) return s;
    s = Describe();
    if (!s.ok()) return s;
    workload::kv::ValueErrors errors;
    for (size_t i = 0; i < kv_->spec().phases.size(); ++i) {
      s = KvPhase(i, &errors);
      if (!s.ok()) return s;
    }
    Value("logical_bytes_written", logical_bytes_written_);
    Value("live_logical_bytes", kv_->live_logical_bytes());
    s = SettleAndMeasureStorage();
    if (!s.ok()) return s;
    if (persistent) {
      s = Reopen([&] { return CloseKvEngine(); }, [&] { return OpenKvEngine(); });
      if (!s.ok()) return s;
    }
    workload::kv::KvOutcome verified;
    s = Step(kStepVerify, [&] { return kv_->Verify(kv_store_.get(), &verified); });
    if (!s.ok()) return s;
    errors.Add(verified.errors);
    Value("final_checksum", verified.checksum_comparable ? workload::FormatChecksum(verified.checksum) : "");
    Value("verified_record_count", verified.found);
    Value("verify_value_errors", verified.errors.ToJson());
    Value("value_errors", errors.ToJson());
    s = Step(kStepClose, [&] { return CloseKvEngine(); });
    if (!s.ok()) return s;
    Value("run_ms", MsSince(run_start));
    if (disk_bytes_written_) Value("disk_bytes_written", *disk_bytes_written_);
    return Status::OK();
  }

  Status OpenKvEngine() {
    Status s = host::EngineClient::Open(plugin_, request_.data_dir, request_.engine().OpenConfigJson(), &engine_);
    if (!s.ok()) return s;
    return engine_->OpenStore(workload::kv::kKvStoreName, &kv_store_);
  }

  Status CloseKvEngine() {
    kv_store_.reset();
    Status s = engine_ ? engine_->Close() : Status::OK();
    engine_.reset();
    return s;
  }

  Status KvPhase(size_t index, workload::kv::ValueErrors* errors) {
    const workload::kv::KvPhaseSpec& spec = kv_->spec().phases[index];
    const char* name = spec.name.c_str();
    current_ = name;
    const int64_t total = kv_->Operations(index);
    Status s = Send({{"event", "started"},
                     {"name", name},
                     {"kind", "phase"},
                     {"total", total > 0 ? nlohmann::json(total) : nlohmann::json(nullptr)}});
    if (!s.ok()) return s;
    measure::PhaseMeter meter(request_.config.measure);
    workload::kv::KvOutcome outcome;
    Track(name, &meter, total > 0 ? total : -1);
    meter.Begin();
    s = kv_->RunPhase(index, kv_store_.get(), meter, &outcome);
    measure::PhaseMeasurement m = meter.End();
    Untrack();
    AddDiskBytes(m);
    if (!s.ok()) return s;
    logical_bytes_written_ += outcome.logical_bytes_written;
    errors->Add(outcome.errors);
    const double seconds = std::max(m.elapsed_ms / 1000.0, 0.001);
    nlohmann::json kv = outcome.ToJson();
    kv["spec"] = workload::kv::PhaseToJson(spec);
    nlohmann::json result = {
        {"name", name},
        {"operations", outcome.operations},
        {"elapsed_ms", m.elapsed_ms},
        {"ops_per_s", static_cast<double>(outcome.operations) / seconds},
        {"checksum", outcome.checksum_comparable ? workload::FormatChecksum(outcome.checksum) : ""},
        {"logical_bytes_written", outcome.logical_bytes_written},
        {"measurements", m.ToJson()},
        {"kv", std::move(kv)}};
    if (std::optional<nlohmann::json> stats = EngineStats()) result["engine_stats"] = std::move(*stats);
    return Send({{"event", "phase"}, {"result", std::move(result)}});
  }

  // Announced first: a plugin that crashes or hangs while it loads (a truncated file faults with SIGBUS when the
  // loader maps it) is then reported as such by the parent, not as a worker that died before saying anything.
  Status LoadPlugin() {
    current_ = kStepLoadPlugin;
    Status s = Send({{"event", "started"}, {"name", kStepLoadPlugin}, {"kind", "step"}, {"total", nullptr}});
    if (!s.ok()) return s;
    s = host::PluginLibrary::Load(request_.plugin_path, &plugin_);
    if (!s.ok()) return s;
    return Send({{"event", "loaded"}, {"plugin", PluginJson(*plugin_)}, {"description", plugin_->description()}});
  }

  // Every insert ran; the updates ran when "update profiles" is one of the phases.
  Status DeepVerifyStep(const workload::WorkloadParams& params) {
    const std::vector<PhaseId>& phases = request_.config.phases;
    const bool updated = std::find(phases.begin(), phases.end(), PhaseId::kUpdate) != phases.end();
    workload::ExpectedState expected;
    Status s = workload::ExpectedState::Replay(params, params.profiles, updated ? params.updates : 0, &expected);
    if (!s.ok()) return s;
    workload::DeepVerifyResult result;
    s = Step(kStepDeepVerify, [&] { return workload::DeepVerify(stores_, expected, &result); });
    if (!s.ok()) return s;
    Value("deep_verify", result.ToJson());
    return Status::OK();
  }

  Status OpenEngine() {
    Status s = host::EngineClient::Open(plugin_, request_.data_dir, request_.engine().OpenConfigJson(), &engine_);
    if (!s.ok()) return s;
    for (size_t i = 0; i < workload::kStoreNames.size(); ++i) {
      s = engine_->OpenStore(workload::kStoreNames[i], &store_handles_[i]);
      if (!s.ok()) return s;
    }
    stores_ = {store_handles_[0].get(), store_handles_[1].get(), store_handles_[2].get(), store_handles_[3].get(),
               store_handles_[4].get()};
    return Status::OK();
  }

  // P workers, each with its own handles on the open stores (their error buffers are per thread).
  void StartWorkers(int32_t workers) {
    pool_ = std::make_unique<workload::WorkerPool>(workers);
    worker_stores_.assign(static_cast<size_t>(workers), stores_);
    for (size_t w = 1; w < worker_stores_.size(); ++w) {
      workload::ProfileStores& mine = worker_stores_[w];
      for (host::StoreClient** store :
           {&mine.profiles, &mine.email, &mine.country_status, &mine.created_at, &mine.reputation}) {
        borrowed_stores_.push_back((*store)->Borrow());
        *store = borrowed_stores_.back().get();
      }
    }
  }

  void StopWorkers() {
    pool_.reset();
    worker_stores_.clear();
    borrowed_stores_.clear();
  }

  Status CloseEngine() {
    StopWorkers();  // a failed phase leaves them: their handles go before the stores close
    stores_ = {};
    for (auto& store : store_handles_) store.reset();
    Status s = engine_ ? engine_->Close() : Status::OK();
    engine_.reset();
    return s;
  }

  Status Describe() {
    std::string settings, durability;
    nlohmann::json event = {{"event", "engine"}, {"plugin", PluginJson(*plugin_)}};
    if (engine_->Describe(KVB_DESCRIBE_EFFECTIVE_SETTINGS, &settings).ok()) {
      nlohmann::json parsed = nlohmann::json::parse(settings, nullptr, /*allow_exceptions=*/false);
      event["settings"] = parsed.is_discarded() ? nlohmann::json(settings) : parsed;
    } else {
      event["settings"] = nullptr;
    }
    event["durability"] =
        engine_->Describe(KVB_DESCRIBE_DURABILITY, &durability).ok() ? nlohmann::json(durability) : nullptr;
    return Send(event);
  }

  // A step of the settings check (no meter): its start, for the parent to know where the worker is.
  Status Announce(const char* name) {
    current_ = name;
    return Send({{"event", "started"}, {"name", name}, {"kind", "step"}, {"total", nullptr}});
  }

  // Runs an untimed-by-phase step under its own meter.
  Status Step(const char* name, const std::function<Status()>& body) {
    current_ = name;
    Status s = Send({{"event", "started"}, {"name", name}, {"kind", "step"}, {"total", nullptr}});
    if (!s.ok()) return s;
    measure::PhaseMeter meter(request_.config.measure);
    Track(name, &meter, -1);
    meter.Begin();
    s = body();
    measure::PhaseMeasurement m = meter.End();
    Untrack();
    AddDiskBytes(m);
    if (!s.ok()) return s;
    return Send(
        {{"event", "step"}, {"result", {{"name", name}, {"elapsed_ms", m.elapsed_ms}, {"measurements", m.ToJson()}}}});
  }

  Status Phase(PhaseId id) {
    const char* name = workload::PhaseName(id);
    current_ = name;
    const int64_t total = workload_->Operations(id);
    Status s = Send({{"event", "started"}, {"name", name}, {"kind", "phase"}, {"total", total}});
    if (!s.ok()) return s;
    measure::PhaseMeter meter(request_.config.measure);
    meter.SetLanes(static_cast<size_t>(pool_->size()));  // before the progress sampler reads it
    workload::PhaseOutcome outcome;
    measure::PhaseMeasurement m;
    Track(name, &meter, total);
    s = workload_->RunPhase(id, worker_stores_, *pool_, meter, &m, &outcome);
    Untrack();
    AddDiskBytes(m);
    if (!s.ok()) return s;
    logical_bytes_written_ += outcome.logical_bytes_written;
    const double seconds = std::max(m.elapsed_ms / 1000.0, 0.001);
    nlohmann::json result = {{"name", name},
                             {"operations", outcome.operations},
                             {"elapsed_ms", m.elapsed_ms},
                             {"ops_per_s", static_cast<double>(outcome.operations) / seconds},
                             {"checksum", workload::FormatChecksum(outcome.checksum)},
                             {"logical_bytes_written", outcome.logical_bytes_written},
                             {"measurements", m.ToJson()}};
    if (std::optional<nlohmann::json> stats = EngineStats()) result["engine_stats"] = std::move(*stats);
    return Send({{"event", "phase"}, {"result", std::move(result)}});
  }

  // The engine's own counters (KVB_DESCRIBE_STATS) as they stand after a phase, outside its timing; nothing when
  // the plugin has no statistics. Text that is not JSON is kept as a string.
  std::optional<nlohmann::json> EngineStats() {
    if ((plugin_->capabilities() & KVB_CAP_STATS_JSON) == 0) return std::nullopt;
    std::string text;
    if (!engine_->Describe(KVB_DESCRIBE_STATS, &text).ok()) return std::nullopt;
    nlohmann::json parsed = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
    return parsed.is_discarded() ? nlohmann::json(text) : parsed;
  }

  // Disk bytes written over the run: the sum over every phase and step, unknown once one of them is.
  void AddDiskBytes(const measure::PhaseMeasurement& m) {
    const std::optional<uint64_t> bytes = measure::SumDiskBytesWritten({&m});
    disk_bytes_written_ =
        bytes && disk_bytes_written_ ? std::optional<uint64_t>(*disk_bytes_written_ + *bytes) : std::nullopt;
  }

  void Track(const char* name, const measure::PhaseMeter* meter, int64_t total) {
    if (progress_) progress_->Track(name, meter, total);
  }
  void Untrack() {
    if (progress_) progress_->Clear();
  }

  template <class T>
  void Value(const char* key, const T& value) {
    (void)Send({{"event", "value"}, {"key", key}, {"value", value}});
  }

  Status Send(const nlohmann::json& event) {
    Status s = events_->Write(event);
    if (!s.ok()) return Status::IOError("lost the parent process: " + s.message());
    return s;
  }

  void Finish(const Status& s) {
    progress_.reset();  // no progress event after "finished"
    nlohmann::json event = {{"event", "finished"}, {"status", s.ok() ? "Completed" : "Failed"}};
    if (!s.ok()) {
      event["error"] = s.message().empty() ? std::string(StatusCodeName(s.code())) : s.message();
      event["phase"] = current_;
    }
    (void)events_->Write(event);
  }

  const WorkerRequest& request_;
  EventWriter* events_;
  std::string current_;
  std::shared_ptr<const host::PluginLibrary> plugin_;
  std::unique_ptr<workload::ProfileWorkload> workload_;
  std::unique_ptr<workload::kv::KvWorkload> kv_;
  std::unique_ptr<host::StoreClient> kv_store_;
  std::unique_ptr<ProgressSampler> progress_;
  std::unique_ptr<host::EngineClient> engine_;
  std::array<std::unique_ptr<host::StoreClient>, 5> store_handles_;
  workload::ProfileStores stores_{};
  // While the phases run: the workers, and each worker's store handles (worker 0 uses stores_).
  std::unique_ptr<workload::WorkerPool> pool_;
  std::vector<workload::ProfileStores> worker_stores_;
  std::vector<std::unique_ptr<host::StoreClient>> borrowed_stores_;
  uint64_t logical_bytes_written_ = 0;
  std::optional<uint64_t> disk_bytes_written_ = 0;
};

}  // namespace

Status RunEngineWorker(const WorkerRequest& request, EventWriter* events) {
  WorkerRun run(request, events);
  return run.Run();
}

}  // namespace kvbench::runner
