// The report's content, independent of the output format: a title and a flat list of blocks (headings,
// paragraphs, bullet lists, tables, chart references). report_document.cc builds it from the results;
// markdown_writer.cc and html_writer.cc render it, so both outputs always carry the same sections and figures.
#ifndef KVBENCH_HOST_REPORT_DOCUMENT_HPP_
#define KVBENCH_HOST_REPORT_DOCUMENT_HPP_

#include <string>
#include <vector>

#include "report/charts.hpp"
#include "report/results.hpp"

namespace kvbench::report {

enum class Align { kLeft, kRight };

struct Table {
  std::vector<std::string> header;
  std::vector<Align> align;  // one per column
  std::vector<std::vector<std::string>> rows;
};

struct Block {
  enum class Kind { kHeading, kParagraph, kBullets, kTable, kChart };
  Kind kind = Kind::kParagraph;
  int level = 2;                   // kHeading: 2 for a section, 3 for a subsection
  std::string text;                // kHeading, kParagraph
  std::vector<std::string> items;  // kBullets
  Table table;                     // kTable
  size_t chart = 0;                // kChart: index into Document::charts
};

struct Document {
  std::string title;  // "Benchmark 100K Profiles"
  std::vector<Block> blocks;
  std::vector<Chart> charts;  // the six main charts, then the throughput-over-time charts
};

Document BuildDocument(const Results& results);

}  // namespace kvbench::report

#endif  // KVBENCH_HOST_REPORT_DOCUMENT_HPP_
