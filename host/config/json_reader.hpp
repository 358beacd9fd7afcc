// Strict reading of one JSON object of the run config: every member is asked for by name and type, and Finish()
// refuses any member nobody asked for. Every error is a ConfigError naming the JSON path ("workload.profiles",
// "engines[1].name") and what was expected.
#ifndef KVBENCH_HOST_CONFIG_JSON_READER_HPP_
#define KVBENCH_HOST_CONFIG_JSON_READER_HPP_

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace kvbench::config {

class ObjectReader {
 public:
  // Throws when `value` is not an object. `path` is the object's own path ("" for the root).
  ObjectReader(const nlohmann::json& value, std::string path);

  // The member, or nullptr when absent. Marks it as known.
  const nlohmann::json* Find(const std::string& key);
  // The member; throws "missing" when absent.
  const nlohmann::json& Require(const std::string& key);

  // Typed members; std::nullopt when absent and optional. Integers must be JSON integers (not 1.0, not "1")
  // within [min, max].
  std::optional<int64_t> Integer(const std::string& key, int64_t min, int64_t max, bool required);
  std::optional<std::string> String(const std::string& key, bool required, bool non_empty);
  std::optional<bool> Bool(const std::string& key);

  // Throws naming the first member that was never asked for, and the members that are allowed.
  void Finish() const;

  // "workload.profiles" for key "profiles" of object "workload".
  std::string PathOf(const std::string& key) const { return path_.empty() ? key : path_ + "." + key; }

 private:
  const nlohmann::json& value_;
  std::string path_;
  std::set<std::string> known_;
  std::string known_order_;  // the allowed members, in the order asked for, for the message
};

// The deepest nesting of objects and arrays a config or a results file may have (theirs is under 10).
inline constexpr size_t kMaxJsonDepth = 64;

// Parses `text` as nlohmann::json::parse does (and throws its exceptions on bad syntax), but refuses a member
// given twice in one object ("engines[0].settings.X: given twice"): plain parsing keeps the last one silently,
// so a pasted second "workload" would replace the first unseen. Linear in the size of `text`; refuses nesting deeper
// than kMaxJsonDepth ("<path>: nested deeper than 64 levels ...").
nlohmann::json ParseRejectingDuplicates(const std::string& text);

// A short rendering of a JSON value for messages ("\"abc\"", "12", "[...]" for big values).
std::string Describe(const nlohmann::json& value);
// "an object", "a string", "an integer", ...
std::string TypeName(const nlohmann::json& value);
// Throws ConfigError("<path>: <what>").
[[noreturn]] void Fail(const std::string& path, const std::string& what);

}  // namespace kvbench::config

#endif  // KVBENCH_HOST_CONFIG_JSON_READER_HPP_
