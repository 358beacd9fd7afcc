// The tables of the terminal and PR-comment outputs (compare, scaling): plain text aligned in columns, or Markdown
// with the first two columns left-aligned and the rest (numbers) right-aligned.
#ifndef KVBENCH_HOST_REPORT_TEXT_TABLE_HPP_
#define KVBENCH_HOST_REPORT_TEXT_TABLE_HPP_

#include <string>
#include <vector>

namespace kvbench::report {

// Columns padded to their widest cell (UTF-8 aware), two spaces apart, a dashed rule under the header.
std::string PlainTable(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows);
// Cells Markdown-escaped.
std::string MarkdownTable(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows);

}  // namespace kvbench::report

#endif  // KVBENCH_HOST_REPORT_TEXT_TABLE_HPP_
