// The report sections of the kv workload kind: its configuration (the phases as the config expanded them) and the
// per-phase details the profile report has no place for.
#include "config/config_error.hpp"
#include "config/kv_parser.hpp"
#include "report/document_sections.hpp"
#include "report/format.hpp"
#include "workload/kv/kv_spec.hpp"

namespace kvbench::report {

namespace {

std::string Count(const std::optional<int64_t>& v) { return v ? GroupThousands(*v) : kNotAvailable; }

}  // namespace

void AddKvConfiguration(const Results& results, Document* doc) {
  AddHeading(doc, 2, "Configuration");
  const Workload& w = results.workload;
  std::vector<std::string> items = {"Workload: kv", "Records: " + Count(w.records),
                                    "Seed: " + (w.seed ? std::to_string(*w.seed) : std::string(kNotAvailable))};
  workload::kv::KvSpec spec;
  bool parsed = false;
  try {
    nlohmann::json member = nlohmann::json::parse(w.kv.dump());
    member.erase("timeout_seconds");
    config::ParseKvWorkload(member, &spec);
    parsed = true;
  } catch (const std::exception&) {  // a file written by another version: show what it says
  }
  if (parsed) {
    using namespace workload::kv;
    items.push_back("Keys: " + std::string(spec.key.format == KeyFormat::kYcsb
                                               ? "ycsb (\"user\" + FNV-1a 64 of the record number)"
                                               : "fixed, " + std::to_string(spec.key.size) + " bytes big-endian"));
    items.push_back("Load order: " + std::string(LoadOrderName(spec.load_order)));
    items.push_back("Values: " + GroupThousands(spec.value.size) + " bytes (" +
                    SizeDistributionName(spec.value.size_distribution) + "), " + std::to_string(spec.value.fields) +
                    " fields, compressibility " + FormatFixed(spec.value.compressibility, 2));
    for (const KvPhaseSpec& p : spec.phases) items.push_back("Phase " + p.name + ": " + DescribePhase(p));
  } else {
    items.push_back("Workload member: " + w.kv.dump());
  }
  items.push_back("Timeout: " + (w.timeout_seconds ? GroupThousands(*w.timeout_seconds) + " seconds per engine"
                                                   : std::string(kNotAvailable)));
  std::vector<std::string> finished;
  for (const std::string& c : results.created_at) finished.push_back(c.empty() ? kNotAvailable : c);
  items.push_back("Run finished (UTC): " + Join(finished, ", "));
  AddBullets(doc, std::move(items));
}

void AddKvPhaseDetails(const Results& results, Document* doc) {
  AddHeading(doc, 2, "Scenario Details");
  Table t = MakeTable({"Engine", "Phase", "Latency measured from", "Background writes", "Background p50",
                       "Background p99"},
                      {1, 2});
  for (const Engine& e : results.engines) {
    for (const Phase& p : e.phases) {
      if (!p.kv || (!p.kv->latency_from_schedule && !p.kv->background_ops)) continue;
      const auto& bg = p.kv->background_latency;
      t.rows.push_back({e.name, p.name,
                        p.kv->latency_from_schedule ? "schedule (coordinated omission corrected)" : "start",
                        FormatCount(p.kv->background_ops), FormatNanos(bg ? bg->p50 : std::nullopt),
                        FormatNanos(bg ? bg->p99 : std::nullopt)});
    }
  }
  if (t.rows.empty()) {
    AddParagraph(doc,
                 "No phase had a target rate or a background writer: every latency runs from the operation's start.");
    return;
  }
  AddParagraph(doc,
               "A rate-limited phase times each operation from when its schedule says it should have started, so "
               "waiting behind a slow operation counts (coordinated omission corrected). A background writer's "
               "overwrites are interleaved with the phase's operations on the same client and are not in its "
               "operation count, throughput or checksum.");
  AddTable(doc, std::move(t));
}

}  // namespace kvbench::report
