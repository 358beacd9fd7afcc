#include "report/text_table.hpp"

#include <algorithm>

#include "common/printable.hpp"
#include "report/markdown_writer.hpp"

namespace kvbench::report {

std::string PlainTable(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& raw_rows) {
  // Names from a results file go to a terminal: an ANSI escape in one would act on it.
  std::vector<std::vector<std::string>> rows = raw_rows;
  for (auto& r : rows) {
    for (std::string& cell : r) cell = EscapeControlCharacters(cell);
  }
  std::vector<size_t> width(header.size());
  const auto visible = [](const std::string& s) {  // UTF-8 code points, for "µs"
    size_t n = 0;
    for (unsigned char ch : s) n += (ch & 0xC0) != 0x80;
    return n;
  };
  for (size_t c = 0; c < header.size(); ++c) width[c] = visible(header[c]);
  for (const auto& r : rows) {
    for (size_t c = 0; c < r.size() && c < width.size(); ++c) width[c] = std::max(width[c], visible(r[c]));
  }
  std::string out;
  const auto line = [&](const std::vector<std::string>& r) {
    std::string l;
    for (size_t c = 0; c < r.size(); ++c) {
      if (c != 0) l += "  ";
      l += r[c];
      if (c + 1 < r.size()) l += std::string(width[c] - visible(r[c]), ' ');
    }
    out += l + "\n";
  };
  line(header);
  std::vector<std::string> rule;
  for (size_t w : width) rule.push_back(std::string(w, '-'));
  line(rule);
  for (const auto& r : rows) line(r);
  return out;
}

std::string MarkdownTable(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows) {
  std::string out = "|";
  const auto cell = [&](const std::string& text) {
    out += ' ';
    out += MarkdownEscape(text);
    out += " |";
  };
  for (const std::string& h : header) cell(h);
  out += "\n|";
  for (size_t c = 0; c < header.size(); ++c) out += c < 2 ? " --- |" : " ---: |";
  out += "\n";
  for (const auto& r : rows) {
    out += "|";
    for (const std::string& text : r) cell(text);
    out += "\n";
  }
  return out;
}

}  // namespace kvbench::report
