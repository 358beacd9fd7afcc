#include "html_checker.hpp"

#include <cctype>
#include <set>
#include <vector>

namespace kvbench::report::testing {

namespace {

bool NameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == ':' || c == '_'; }

// Checks an entity reference starting at text[i] == '&'; returns its length or 0.
size_t EntityLength(const std::string& text, size_t i) {
  static const std::set<std::string> kNamed = {"amp", "lt", "gt", "quot", "apos"};
  size_t end = text.find(';', i);
  if (end == std::string::npos || end - i > 10) return 0;
  const std::string body = text.substr(i + 1, end - i - 1);
  if (kNamed.count(body)) return end - i + 1;
  if (body.size() >= 2 && body[0] == '#') {
    for (size_t k = 1; k < body.size(); ++k) {
      if (!std::isdigit(static_cast<unsigned char>(body[k]))) return 0;
    }
    return end - i + 1;
  }
  return 0;
}

}  // namespace

HtmlCheckResult CheckHtml(const std::string& html) {
  HtmlCheckResult r;
  const auto fail = [&](size_t at, const std::string& what) {
    r.ok = false;
    r.error = what + " at offset " + std::to_string(at);
    return r;
  };
  std::vector<std::string> stack;
  size_t i = 0;
  if (html.rfind("<!DOCTYPE html>", 0) == 0) i = 15;
  while (i < html.size()) {
    const char c = html[i];
    if (c == '&') {
      const size_t n = EntityLength(html, i);
      if (n == 0) return fail(i, "bad entity reference");
      i += n;
      continue;
    }
    if (c != '<') {
      if (c == '>') return fail(i, "stray '>' in text");
      ++i;
      continue;
    }
    if (html.compare(i, 4, "<!--") == 0) {
      const size_t end = html.find("-->", i);
      if (end == std::string::npos) return fail(i, "unterminated comment");
      i = end + 3;
      continue;
    }
    const bool closing = i + 1 < html.size() && html[i + 1] == '/';
    size_t p = i + (closing ? 2 : 1);
    const size_t name_start = p;
    while (p < html.size() && NameChar(html[p])) ++p;
    const std::string name = html.substr(name_start, p - name_start);
    if (name.empty()) return fail(i, "'<' that does not start a tag");
    if (closing) {
      while (p < html.size() && std::isspace(static_cast<unsigned char>(html[p]))) ++p;
      if (p >= html.size() || html[p] != '>') return fail(i, "malformed closing tag </" + name);
      if (stack.empty() || stack.back() != name) {
        return fail(i,
                    "</" + name + "> does not close <" + (stack.empty() ? std::string("nothing") : stack.back()) + ">");
      }
      stack.pop_back();
      i = p + 1;
      continue;
    }
    // Attributes: name="value" pairs.
    bool self_closed = false;
    while (true) {
      while (p < html.size() && std::isspace(static_cast<unsigned char>(html[p]))) ++p;
      if (p >= html.size()) return fail(i, "unterminated tag <" + name);
      if (html[p] == '>') break;
      if (html[p] == '/' && p + 1 < html.size() && html[p + 1] == '>') {
        self_closed = true;
        ++p;
        break;
      }
      const size_t attr_start = p;
      while (p < html.size() && NameChar(html[p])) ++p;
      if (p == attr_start) return fail(p, "bad attribute in <" + name);
      if (p >= html.size() || html[p] != '=') return fail(p, "attribute without a value in <" + name);
      ++p;
      if (p >= html.size() || (html[p] != '"' && html[p] != '\'')) return fail(p, "unquoted attribute in <" + name);
      const char quote = html[p++];
      const size_t end = html.find(quote, p);
      if (end == std::string::npos) return fail(p, "unterminated attribute value");
      for (size_t k = p; k < end; ++k) {
        if (html[k] == '<') return fail(k, "'<' in an attribute value");
        if (html[k] == '&') {
          if (EntityLength(html, k) == 0) return fail(k, "bad entity in an attribute value");
        }
      }
      p = end + 1;
    }
    ++r.elements[name];
    i = p + 1;
    if (self_closed) continue;
    if (name == "style" || name == "script") {
      const std::string close = "</" + name + ">";
      const size_t end = html.find(close, i);
      if (end == std::string::npos) return fail(i, "unterminated <" + name + ">");
      i = end + close.size();
      continue;
    }
    stack.push_back(name);
  }
  if (!stack.empty()) return fail(html.size(), "<" + stack.back() + "> is never closed");
  r.ok = true;
  return r;
}

}  // namespace kvbench::report::testing
