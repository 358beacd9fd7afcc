#include "report/html_writer.hpp"

#include "report/format.hpp"
#include "report/svg_chart.hpp"

namespace kvbench::report {

namespace {

constexpr const char* kStyle = R"css(
:root { color-scheme: light; }
body { margin: 0; background: #f6f8fa; color: #1f2328;
  font: 14px/1.5 -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
header { background: #24292f; color: #ffffff; padding: 20px 24px; }
header h1 { margin: 0; font-size: 26px; font-weight: 600; }
header p { margin: 4px 0 0; color: #d0d7de; }
nav { padding: 10px 24px; background: #ffffff; border-bottom: 1px solid #d0d7de; position: sticky; top: 0; }
nav a { color: #0969da; text-decoration: none; margin-right: 14px; white-space: nowrap; }
nav a:hover { text-decoration: underline; }
main { padding: 8px 24px 48px; }
h2 { margin: 32px 0 10px; padding-bottom: 4px; border-bottom: 1px solid #d0d7de; font-size: 20px; }
h3 { margin: 20px 0 8px; font-size: 16px; }
ul { margin: 6px 0; padding-left: 22px; }
li { margin: 2px 0; }
.table-wrap { overflow-x: auto; margin: 8px 0 12px; }
table { border-collapse: collapse; background: #ffffff; font-size: 13px; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid #d0d7de; padding: 4px 7px; white-space: nowrap; }
th { background: #eaeef2; font-weight: 600; text-align: left; }
td.num, th.num { text-align: right; }
tbody tr:nth-child(even) { background: #f6f8fa; }
td.bad { color: #cf222e; font-weight: 600; }
td.good { color: #1a7f37; }
td.mono { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 12px; }
.charts { display: flex; flex-wrap: wrap; gap: 16px; margin: 10px 0; }
figure { margin: 0; background: #ffffff; border: 1px solid #d0d7de; border-radius: 6px; padding: 8px; }
figure svg { display: block; max-width: 100%; height: auto; }
)css";

std::string Esc(const std::string& s) { return XmlEscape(s); }

std::string CellClass(const std::string& header, const std::string& value, Align align) {
  std::string cls = align == Align::kRight ? "num" : "";
  if (header.find("hecksum") != std::string::npos || header == "Expected") cls = cls.empty() ? "mono" : cls + " mono";
  if (header == "Status") {
    const char* state = value == "Completed" ? "good" : "bad";
    cls = cls.empty() ? state : cls + " " + state;
  }
  return cls.empty() ? std::string() : " class=\"" + cls + "\"";
}

std::string RenderTable(const Table& t) {
  std::string h = "<div class=\"table-wrap\"><table>\n<thead><tr>";
  for (size_t c = 0; c < t.header.size(); ++c) {
    const bool right = c < t.align.size() && t.align[c] == Align::kRight;
    h += std::string("<th") + (right ? " class=\"num\"" : "") + ">" + Esc(t.header[c]) + "</th>";
  }
  h += "</tr></thead>\n<tbody>\n";
  for (const auto& row : t.rows) {
    h += "<tr>";
    for (size_t c = 0; c < row.size(); ++c) {
      const Align align = c < t.align.size() ? t.align[c] : Align::kLeft;
      const std::string header = c < t.header.size() ? t.header[c] : std::string();
      h += "<td" + CellClass(header, row[c], align) + ">" + Esc(row[c]) + "</td>";
    }
    h += "</tr>\n";
  }
  return h + "</tbody>\n</table></div>\n";
}

}  // namespace

std::string RenderHtml(const Document& doc) {
  std::string nav;
  for (const Block& b : doc.blocks) {
    if (b.kind == Block::Kind::kHeading && b.level == 2) {
      nav += "<a href=\"#" + Slug(b.text) + "\">" + Esc(b.text) + "</a>\n";
    }
  }
  std::string h =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n<title>" +
      Esc(doc.title) + "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n<header><h1>" + Esc(doc.title) +
      "</h1><p>kvbench profile-store benchmark report</p></header>\n<nav>\n" + nav + "</nav>\n<main>\n";
  bool in_grid = false;
  const auto close_grid = [&] {
    if (in_grid) h += "</div>\n";
    in_grid = false;
  };
  for (size_t i = 0; i < doc.blocks.size(); ++i) {
    const Block& b = doc.blocks[i];
    // A subsection heading that only titles the chart after it: the SVG carries the title itself.
    const bool chart_title = b.kind == Block::Kind::kHeading && b.level == 3 && i + 1 < doc.blocks.size() &&
                             doc.blocks[i + 1].kind == Block::Kind::kChart &&
                             doc.charts.at(doc.blocks[i + 1].chart).title == b.text;
    if (chart_title) continue;
    if (b.kind != Block::Kind::kChart) close_grid();
    switch (b.kind) {
      case Block::Kind::kHeading:
        if (b.level == 2) {
          h += "<h2 id=\"" + Slug(b.text) + "\">" + Esc(b.text) + "</h2>\n";
        } else {
          h += "<h3>" + Esc(b.text) + "</h3>\n";
        }
        break;
      case Block::Kind::kParagraph:
        h += "<p>" + Esc(b.text) + "</p>\n";
        break;
      case Block::Kind::kBullets:
        h += "<ul>\n";
        for (const std::string& item : b.items) h += "<li>" + Esc(item) + "</li>\n";
        h += "</ul>\n";
        break;
      case Block::Kind::kTable:
        h += RenderTable(b.table);
        break;
      case Block::Kind::kChart: {
        if (!in_grid) h += "<div class=\"charts\">\n";
        in_grid = true;
        const Chart& chart = doc.charts.at(b.chart);
        h += "<figure id=\"chart-" + Slug(chart.file_name) + "\">\n" + chart.svg + "</figure>\n";
        break;
      }
    }
  }
  close_grid();
  h += "</main>\n</body>\n</html>\n";
  return h;
}

}  // namespace kvbench::report
