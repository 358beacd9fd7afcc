// Renders a Document as GitHub-flavoured Markdown; charts become image links to their .svg files (which the
// report writer saves beside report.md).
#ifndef KVBENCH_HOST_REPORT_MARKDOWN_WRITER_HPP_
#define KVBENCH_HOST_REPORT_MARKDOWN_WRITER_HPP_

#include <string>

#include "report/document.hpp"

namespace kvbench::report {

std::string RenderMarkdown(const Document& doc);

// Escapes text from the results so Markdown shows it literally: backslash, backtick, *, [, ], <, >, |, and _ at
// the edge of a word (an intraword "_" as in 100_000 or write_buffer_size is literal in GFM already). Newlines
// become spaces; other control characters (an ANSI escape's ESC) are shown as "\xHH".
std::string MarkdownEscape(const std::string& text);

}  // namespace kvbench::report

#endif  // KVBENCH_HOST_REPORT_MARKDOWN_WRITER_HPP_
