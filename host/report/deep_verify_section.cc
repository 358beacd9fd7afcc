// The "Deep Verify" section: what a full scan of every store found against the state the workload wrote
// (workload.deep_verify). A clean engine shows zeros everywhere.
#include "report/document_sections.hpp"
#include "report/format.hpp"

namespace kvbench::report {

void AddDeepVerifySection(const Results& results, Document* doc) {
  Table t = MakeTable({"Engine", "Verdict", "Missing", "Wrong", "Stale", "Extra", "Orphans", "Lost ids", "Time"}, {1});
  for (const Engine& e : results.engines) {
    if (!e.deep_verify) continue;
    const DeepVerifySummary& d = *e.deep_verify;
    const auto n = [](uint64_t v) { return GroupThousands(static_cast<int64_t>(v)); };
    t.rows.push_back({e.name, d.clean ? "clean" : "DAMAGED", n(d.missing), n(d.wrong), n(d.stale), n(d.extra),
                      n(d.orphans), n(d.lost_ids), FormatMs(d.elapsed_ms)});
  }
  if (t.rows.empty()) return;
  AddHeading(doc, 2, "Deep Verify");
  AddParagraph(doc,
               "After verify, every record of the five stores was compared with the state the workload wrote. "
               "Missing: expected records absent. Wrong: a value matching no version of its id. Stale: an older "
               "version of an updated id. Extra: keys no written id has. Orphans: index entries without their "
               "profile and profiles lacking an index entry.");
  AddTable(doc, std::move(t));
}

}  // namespace kvbench::report
