// Internal to the reporter: the helpers and section builders behind BuildDocument().
#ifndef KVBENCH_HOST_REPORT_DOCUMENT_SECTIONS_HPP_
#define KVBENCH_HOST_REPORT_DOCUMENT_SECTIONS_HPP_

#include <initializer_list>
#include <string>
#include <vector>

#include "report/document.hpp"

namespace kvbench::report {

void AddHeading(Document* doc, int level, std::string text);
void AddParagraph(Document* doc, std::string text);
void AddBullets(Document* doc, std::vector<std::string> items);
void AddChart(Document* doc, size_t chart_index);
// Columns are right-aligned except those named in `left_columns` (indexes) and the first.
Table MakeTable(std::vector<std::string> header, std::initializer_list<size_t> left_columns = {});
void AddTable(Document* doc, Table table);

// The sections of the published report, from Charts to Durability Settings.
void AddPublishedSections(const Results& results, Document* doc);
// The kv workload's "Configuration" (records, keys, values, each phase as expanded) and "Scenario Details" (per
// phase: background writer, rate limit and coordinated omission, operations by kind) (kv_sections.cc).
void AddKvConfiguration(const Results& results, Document* doc);
void AddKvPhaseDetails(const Results& results, Document* doc);
// "Deep Verify": one row per engine that ran it (workload.deep_verify); nothing when none did.
void AddDeepVerifySection(const Results& results, Document* doc);
// The sections that carry the measurements beyond the report: Latency, Throughput Over Time, Resources,
// Amplification, Failures.
void AddMeasurementSections(const Results& results, Document* doc);

}  // namespace kvbench::report

#endif  // KVBENCH_HOST_REPORT_DOCUMENT_SECTIONS_HPP_
