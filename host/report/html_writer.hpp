// Renders a Document as one self-contained HTML page: inline CSS, the charts as inline SVG, no scripts, no
// network, no external fonts. Every string from the results is HTML-escaped. The markup is XML-well-formed
// (void elements self-closed) so tests can check it with a simple parser.
#ifndef KVBENCH_HOST_REPORT_HTML_WRITER_HPP_
#define KVBENCH_HOST_REPORT_HTML_WRITER_HPP_

#include <string>

#include "report/document.hpp"

namespace kvbench::report {

std::string RenderHtml(const Document& doc);

}  // namespace kvbench::report

#endif  // KVBENCH_HOST_REPORT_HTML_WRITER_HPP_
