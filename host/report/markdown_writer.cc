#include "report/markdown_writer.hpp"

#include "common/printable.hpp"

#include <cctype>

namespace kvbench::report {

namespace {

bool IsWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

std::string TableRow(const std::vector<std::string>& cells) {
  std::string line = "|";
  for (const std::string& c : cells) {
    line += ' ';
    line += MarkdownEscape(c);
    line += " |";
  }
  return line + "\n";
}

}  // namespace

std::string MarkdownEscape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    switch (c) {
      case '\\':
      case '`':
      case '*':
      case '[':
      case ']':
      case '<':
      case '>':
      case '|':
        out += '\\';
        out += c;
        break;
      case '_': {
        const bool inner = i > 0 && i + 1 < text.size() && IsWordChar(text[i - 1]) && IsWordChar(text[i + 1]);
        if (!inner) out += '\\';
        out += c;
        break;
      }
      case '\r':
      case '\n':
        out += ' ';
        break;
      default:
        if (IsControlCharacter(c)) {
          out += EscapeControlCharacters(std::string(1, c));  // ESC of an ANSI sequence, BEL, ...: shown, not acted on
        } else {
          out += c;
        }
    }
  }
  // A leading "#", "-", "+" or "1." would start a heading or a list.
  if (!out.empty() && (out[0] == '#' || out[0] == '-' || out[0] == '+')) return '\\' + out;
  return out;
}

std::string RenderMarkdown(const Document& doc) {
  std::string md = "# " + MarkdownEscape(doc.title) + "\n";
  for (const Block& b : doc.blocks) {
    md += "\n";
    switch (b.kind) {
      case Block::Kind::kHeading:
        md += std::string(static_cast<size_t>(b.level), '#') + " " + MarkdownEscape(b.text) + "\n";
        break;
      case Block::Kind::kParagraph:
        md += MarkdownEscape(b.text) + "\n";
        break;
      case Block::Kind::kBullets:
        for (const std::string& item : b.items) md += "- " + MarkdownEscape(item) + "\n";
        break;
      case Block::Kind::kTable: {
        const Table& t = b.table;
        md += TableRow(t.header);
        md += "|";
        for (size_t c = 0; c < t.header.size(); ++c) {
          md += c < t.align.size() && t.align[c] == Align::kRight ? " ---: |" : " --- |";
        }
        md += "\n";
        for (const auto& row : t.rows) md += TableRow(row);
        break;
      }
      case Block::Kind::kChart: {
        const Chart& chart = doc.charts.at(b.chart);
        md += "![" + MarkdownEscape(chart.title) + "](" + chart.file_name + ")\n";
        break;
      }
    }
  }
  return md;
}

}  // namespace kvbench::report
