#include "cli/args.hpp"

#include <charconv>

namespace kvbench::cli {

Args::Args(const std::vector<std::string>& argv, const std::set<std::string>& value_options,
           const std::set<std::string>& flags, const std::set<std::string>& repeatable) {
  bool options_ended = false;
  for (size_t i = 0; i < argv.size(); ++i) {
    const std::string& a = argv[i];
    if (options_ended || a.size() < 3 || a.compare(0, 2, "--") != 0) {
      if (!options_ended && a == "--") {
        options_ended = true;  // what follows is positional, even when it starts with "--"
        continue;
      }
      positionals_.push_back(a);
      continue;
    }
    std::string name = a.substr(2);
    std::optional<std::string> inline_value;
    if (auto eq = name.find('='); eq != std::string::npos) {
      inline_value = name.substr(eq + 1);
      name = name.substr(0, eq);
    }
    if (flags.count(name)) {
      if (inline_value) throw UsageError("option --" + name + " takes no value");
      flags_.insert(name);
    } else if (value_options.count(name)) {
      if (values_.count(name) != 0 && repeatable.count(name) == 0) {
        throw UsageError("option --" + name + " given more than once");
      }
      if (inline_value) {
        values_.emplace(name, *inline_value);
      } else {
        // "--out --no-report" is a forgotten value, not a directory named "--no-report" ("--out=--x" when meant).
        if (i + 1 >= argv.size() || argv[i + 1].compare(0, 2, "--") == 0) {
          throw UsageError("option --" + name + " needs a value");
        }
        values_.emplace(name, argv[++i]);
      }
    } else {
      throw UsageError("unknown option --" + name);
    }
  }
}

std::optional<std::string> Args::value(const std::string& name) const {
  auto range = values_.equal_range(name);
  if (range.first == range.second) return std::nullopt;
  auto last = range.second;
  --last;
  return last->second;
}

std::vector<std::string> Args::values(const std::string& name) const {
  std::vector<std::string> out;
  auto range = values_.equal_range(name);
  for (auto it = range.first; it != range.second; ++it) out.push_back(it->second);
  return out;
}

std::optional<long long> Args::positive_integer(const std::string& name, long long max) const {
  auto v = value(name);
  if (!v) return std::nullopt;
  long long x = 0;
  auto [p, ec] = std::from_chars(v->data(), v->data() + v->size(), x);
  if (ec != std::errc() || p != v->data() + v->size() || x <= 0) {
    throw UsageError("option --" + name + " expects a positive integer, got '" + *v + "'");
  }
  if (x > max) {
    throw UsageError("option --" + name + " expects a positive integer of at most " + std::to_string(max) + ", got '" +
                     *v + "'");
  }
  return x;
}

}  // namespace kvbench::cli
