// Text from a config or a results file shown on a terminal or in Markdown: a control character (ESC starting an
// ANSI sequence, BEL, backspace, ...) is shown as "\xHH" instead of acting on the terminal or the page.
#ifndef KVBENCH_HOST_COMMON_PRINTABLE_HPP_
#define KVBENCH_HOST_COMMON_PRINTABLE_HPP_

#include <cstdint>
#include <string>

namespace kvbench {

inline bool IsControlCharacter(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u < 0x20 || u == 0x7F;
}

// `text` with every control character (bytes 0x00-0x1F and 0x7F) written as "\xHH"; other bytes (UTF-8
// included) as they are.
inline std::string EscapeControlCharacters(const std::string& text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (!IsControlCharacter(c)) {
      out += c;
      continue;
    }
    const auto u = static_cast<unsigned char>(c);
    out += "\\x";
    out += kHex[u >> 4];
    out += kHex[u & 0xF];
  }
  return out;
}

// True when `text` is well-formed UTF-8 (no overlong forms, no surrogates, nothing above U+10FFFF): what JSON text
// must be. Paths are bytes; kvbench records them in JSON, so it checks them before anything runs.
inline bool IsValidUtf8(const std::string& text) {
  size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    size_t extra = 0;
    uint32_t cp = 0;
    if (c < 0x80) {
      ++i;
      continue;
    } else if (c >= 0xC2 && c <= 0xDF) {
      extra = 1, cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
      extra = 2, cp = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      extra = 3, cp = c & 0x07;
    } else {
      return false;
    }
    if (i + extra >= text.size()) return false;  // cut short
    for (size_t k = 1; k <= extra; ++k) {
      const auto cc = static_cast<unsigned char>(text[i + k]);
      if ((cc & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (cc & 0x3F);
    }
    const bool overlong_or_surrogate = extra == 2 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF));
    if (overlong_or_surrogate || (extra == 3 && (cp < 0x10000 || cp > 0x10FFFF))) {
      return false;
    }
    i += extra + 1;
  }
  return true;
}

// `text` with every byte that is not part of well-formed UTF-8, and every control character, written as "\xHH":
// printable and valid JSON text.
inline std::string EscapeBytes(const std::string& text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    size_t len = 1;
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0xC2 && c <= 0xF4) {
      len = c <= 0xDF ? 2 : c <= 0xEF ? 3 : 4;
      if (i + len > text.size() || !IsValidUtf8(text.substr(i, len))) len = 0;
    } else if (c >= 0x80) {
      len = 0;
    }
    if (len == 0 || IsControlCharacter(text[i])) {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 0xF];
      ++i;
      continue;
    }
    out.append(text, i, len);
    i += len;
  }
  return out;
}

}  // namespace kvbench

#endif  // KVBENCH_HOST_COMMON_PRINTABLE_HPP_
