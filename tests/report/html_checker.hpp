// A small XML-style well-formedness checker for the reporter's HTML (which is written to be XML-well-formed):
// balanced and properly nested tags, quoted attribute values, known entity references only, no stray '<' or '&'
// in text. <!DOCTYPE ...> and comments are skipped; <style> content is raw text.
#ifndef KVBENCH_TESTS_REPORT_HTML_CHECKER_HPP_
#define KVBENCH_TESTS_REPORT_HTML_CHECKER_HPP_

#include <map>
#include <string>

namespace kvbench::report::testing {

struct HtmlCheckResult {
  bool ok = false;
  std::string error;                    // first problem, with its byte offset
  std::map<std::string, int> elements;  // element name -> how many were opened
};

HtmlCheckResult CheckHtml(const std::string& html);

}  // namespace kvbench::report::testing

#endif  // KVBENCH_TESTS_REPORT_HTML_CHECKER_HPP_
