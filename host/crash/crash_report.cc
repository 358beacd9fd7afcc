#include "crash/crash_report.hpp"

#include <filesystem>

#include "common/atomic_file.hpp"
#include "report/format.hpp"
#include "report/markdown_writer.hpp"
#include "runner/engine_result.hpp"
#include "runner/out_dir.hpp"

namespace kvbench::crash {
namespace {

std::string N(uint64_t v) { return report::GroupThousands(static_cast<int64_t>(v)); }

std::string Row(const std::vector<std::string>& cells) { return "| " + report::Join(cells, " | ") + " |\n"; }

// Engine names, reasons and errors come from the config and the plugins: escaped as report.md escapes them, so a
// name like "<script>" or "[x](javascript:..)" is shown, not rendered.
std::string Escape(const std::string& text) { return report::MarkdownEscape(text); }

}  // namespace

std::vector<std::string> CrashRun::engines_not_run() const {
  std::vector<std::string> names;
  for (size_t i = engines.size(); i < config.engines.size(); ++i) names.push_back(config.engines[i].name);
  return names;
}

bool CrashRun::all_held() const {
  for (const EngineCrashResult& e : engines) {
    if (!e.held()) return false;
  }
  return true;
}

nlohmann::json CrashRun::ToJson() const {
  const workload::WorkloadParams p = config.workload.Effective();
  nlohmann::json engines_json = nlohmann::json::array();
  for (const EngineCrashResult& e : engines) engines_json.push_back(e.ToJson());
  return {
      {"json_schema_version", kCrashtestSchemaVersion},
      {"kind", "crashtest"},
      {"context",
       {{"kvbench_version", KVBENCH_VERSION},
        {"git_revision", KVBENCH_GIT_REVISION},
        {"build_type", KVBENCH_BUILD_TYPE}}},
      {"seed", seed},
      {"kills_per_engine", kills},
      {"fault", FaultName(fault)},
      {"profiles", p.profiles},
      {"updates", p.updates},
      {"workload_seed", p.seed},
      {"all_promises_held", all_held()},
      {"interrupted_by", interrupted_by != 0 ? nlohmann::json(runner::SignalName(interrupted_by)) : nlohmann::json()},
      {"engines_not_run", engines_not_run()},
      {"config", config.ToJson()},
      {"engines", engines_json}};
}

std::string CrashMarkdown(const CrashRun& run) {
  const workload::WorkloadParams p = run.config.workload.Effective();
  // The heading gives the scale that ran, as the run report's title does: a config's name may say another
  // (under --profiles).
  std::string md = "# Crash test: " + report::FormatProfileCount(p.profiles) + " profiles\n\n";
  const bool power_cut = run.fault == Fault::kPowerCut;
  md += "Seed " + std::to_string(run.seed) + " (replay with `--seed " + std::to_string(run.seed) + "`), " +
        std::to_string(run.kills) + (power_cut ? " power cuts" : " kills") + " per engine, " +
        report::FormatProfileCount(p.profiles) + " profiles, " + N(static_cast<uint64_t>(p.updates)) +
        " updates. A kill is a SIGKILL of the writer process once its count "
        "of acknowledged puts and removes passes a seeded target" +
        (power_cut ? "; a power cut is a kill after which every file of the engine is cut back to its size at its "
                     "last fsync or fdatasync (0 bytes if never synced): what a power loss drops from the page cache"
                   : "") +
        "; a fresh process then reopens the engine and deep-verifies every store. Lost: ids whose acknowledged insert "
        "or update is missing or older. Corrupt: "
        "records matching no version. Invented: records of no written id. Orphans: index entries without their "
        "profile, profiles without an index entry (five stores, nothing atomic across them: counted, not "
        "judged).\n\n";
  md += "Verdict: " + std::string(run.all_held() ? "every promise held" : "**a promise was broken**") + ".\n\n";
  if (run.interrupted_by != 0) {
    md += "**Interrupted by " + runner::SignalName(run.interrupted_by) + "**: the kill under way was dropped";
    if (const std::vector<std::string> not_run = run.engines_not_run(); !not_run.empty()) {
      std::string names;
      for (const std::string& n : not_run) names += (names.empty() ? "" : ", ") + Escape(n);
      md += "; not run: " + names;
    }
    md += ".\n\n";
  }
  md += "## Summary\n\n";
  md += Row({"Engine", "Promise", "Kills", "Lost (total)", "Lost (max)", "Corrupt", "Invented", "Orphans", "Unverified",
             "Verdict"});
  md += "|---|---|---:|---:|---:|---:|---:|---:|---:|---|\n";
  for (const EngineCrashResult& e : run.engines) {
    md += Row(
        {Escape(e.name), std::string(PromiseName(e.promise.promise)) + " (" + Escape(e.promise.reason) + ")",
         std::to_string(e.kills.size()) + (e.interrupted ? " of " + std::to_string(run.kills) + " (interrupted)" : ""),
         N(e.total_lost()), N(e.max_lost()), N(e.corrupt()), N(e.invented()), N(e.orphans()),
         std::to_string(e.unverified()), e.held() ? "held" : "**BROKEN**"});
  }
  for (const EngineCrashResult& e : run.engines) {
    md += "\n## " + Escape(e.name) + "\n\n";
    md += "Plugin " + Escape(e.plugin) + ", durability " + Escape(e.durability.dump()) + ".\n\n";
    std::vector<std::string> header = {"Kill",    "Phase",    "Target op",   "Acked ops",
                                       "Writer",  "Reopen",   "Reopen time", "Lost",
                                       "Corrupt", "Invented", "Orphans",     "In-flight partial"};
    std::string rule = "|---:|---|---:|---:|---|---|---:|---:|---:|---:|---:|---:|";
    if (power_cut) {
      header.insert(header.begin() + 5, "Unsynced dropped");
      rule += "---:|";
    }
    md += Row(header) + rule + "\n";
    for (const KillOutcome& k : e.kills) {
      std::string reopen = Escape(k.reopen);
      if (!k.error.empty()) reopen += ": " + Escape(k.error);
      std::vector<std::string> cells = {std::to_string(k.kill + 1),
                                        CrashPhaseName(k.phase),
                                        N(k.target_ops),
                                        N(k.acked_ops),
                                        k.writer,
                                        reopen,
                                        report::FormatMs(k.reopen_ms),
                                        N(k.lost),
                                        N(k.corrupt),
                                        N(k.invented),
                                        N(k.orphans),
                                        N(k.in_flight_partial)};
      if (power_cut) {
        cells.insert(cells.begin() + 5,
                     k.power_cut ? report::FormatBytes(static_cast<double>(k.power_cut->dropped_bytes)) + " in " +
                                       N(k.power_cut->cut_files) + " of " + N(k.power_cut->files) + " files"
                                 : std::string(report::kNotAvailable));
      }
      md += Row(cells);
    }
  }
  return md;
}

Status WriteCrashOutputs(const CrashRun& run, const std::string& out_dir) {
  const std::filesystem::path dir(out_dir);
  Status s = WriteFileAtomically((dir / runner::kCrashtestJsonFile).string(), run.ToJson().dump(2) + "\n");
  if (!s.ok()) return s;
  return WriteFileAtomically((dir / runner::kCrashtestMarkdownFile).string(), CrashMarkdown(run));
}

}  // namespace kvbench::crash
