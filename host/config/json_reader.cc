#include "config/json_reader.hpp"

#include "config/config_error.hpp"

namespace kvbench::config {

std::string TypeName(const nlohmann::json& value) {
  switch (value.type()) {
    case nlohmann::json::value_t::null:
      return "null";
    case nlohmann::json::value_t::object:
      return "an object";
    case nlohmann::json::value_t::array:
      return "an array";
    case nlohmann::json::value_t::string:
      return "a string";
    case nlohmann::json::value_t::boolean:
      return "a boolean";
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned:
      return "an integer";
    case nlohmann::json::value_t::number_float:
      return "a non-integer number";
    default:
      return "an unsupported value";
  }
}

std::string Describe(const nlohmann::json& value) {
  std::string text = value.dump();
  if (text.size() > 40) text = text.substr(0, 37) + "...";
  return TypeName(value) + " (" + text + ")";
}

void Fail(const std::string& path, const std::string& what) {
  throw ConfigError((path.empty() ? std::string("(root)") : path) + ": " + what);
}

nlohmann::json ParseRejectingDuplicates(const std::string& text) {
  // The containers being read, innermost last: their members so far (objects) or the index of their current
  // element (arrays). A path is built only for a message: building each container's path as it opens cost the
  // square of the nesting depth (an 80 KB config of nested arrays took 13 s and 2.95 GB).
  struct Container {
    bool is_array;
    std::set<std::string> keys;
    std::string key;  // the member being read
    int64_t index = -1;
  };
  std::vector<Container> open;
  // The path of the current member or element of the innermost `levels` containers ("" for none).
  const auto path_of = [&open](size_t levels) {
    std::string path;
    for (size_t i = 0; i < levels; ++i) {
      const Container& c = open[i];
      // Appended piece by piece: GCC 12 warns (-Wrestrict, bug 105329) on "[" + std::to_string(...).
      if (c.is_array) {
        path += '[';
        path += std::to_string(c.index);
        path += ']';
      } else {
        if (!path.empty()) path += '.';
        path += c.key;
      }
    }
    return path;
  };
  using Event = nlohmann::json::parse_event_t;
  return nlohmann::json::parse(text, [&](int /*depth*/, Event event, nlohmann::json& parsed) {
    switch (event) {
      case Event::object_start:
      case Event::array_start:
        if (!open.empty() && open.back().is_array) ++open.back().index;
        if (open.size() >= kMaxJsonDepth) {
          Fail(path_of(open.size()), "nested deeper than " + std::to_string(kMaxJsonDepth) +
                                         " levels of objects and arrays (the most a config may have)");
        }
        open.push_back({event == Event::array_start, {}, {}});
        break;
      case Event::object_end:
      case Event::array_end:
        open.pop_back();
        break;
      case Event::key: {
        Container& object = open.back();
        object.key = parsed.get<std::string>();
        if (!object.keys.insert(object.key).second) {
          Fail(path_of(open.size()), "given twice (a member may appear only once)");
        }
        break;
      }
      case Event::value:
        if (!open.empty() && open.back().is_array) ++open.back().index;
        break;
    }
    return true;
  });
}

ObjectReader::ObjectReader(const nlohmann::json& value, std::string path) : value_(value), path_(std::move(path)) {
  if (!value_.is_object()) Fail(path_, "expected an object, got " + Describe(value_));
}

const nlohmann::json* ObjectReader::Find(const std::string& key) {
  if (known_.insert(key).second) known_order_ += (known_order_.empty() ? "" : ", ") + key;
  auto it = value_.find(key);
  return it == value_.end() ? nullptr : &*it;
}

const nlohmann::json& ObjectReader::Require(const std::string& key) {
  const nlohmann::json* v = Find(key);
  if (v == nullptr) Fail(PathOf(key), "missing (required)");
  return *v;
}

std::optional<int64_t> ObjectReader::Integer(const std::string& key, int64_t min, int64_t max, bool required) {
  const nlohmann::json* v = required ? &Require(key) : Find(key);
  if (v == nullptr) return std::nullopt;
  const std::string range = "an integer in [" + std::to_string(min) + ", " + std::to_string(max) + "]";
  if (!v->is_number_integer()) Fail(PathOf(key), "expected " + range + ", got " + Describe(*v));
  if (v->is_number_unsigned() && v->get<uint64_t>() > static_cast<uint64_t>(INT64_MAX)) {
    Fail(PathOf(key), "expected " + range + ", got " + v->dump() + " (overflows)");
  }
  const int64_t x = v->get<int64_t>();
  if (x < min || x > max) {
    std::string why = x > max && max == INT32_MAX ? " (overflows 32 bits)"
                      : x <= 0 && min > 0         ? " (must be positive)"
                                                  : "";
    Fail(PathOf(key), "expected " + range + ", got " + std::to_string(x) + why);
  }
  return x;
}

std::optional<std::string> ObjectReader::String(const std::string& key, bool required, bool non_empty) {
  const nlohmann::json* v = required ? &Require(key) : Find(key);
  if (v == nullptr) return std::nullopt;
  if (!v->is_string()) Fail(PathOf(key), "expected a string, got " + Describe(*v));
  std::string s = v->get<std::string>();
  if (non_empty && s.empty()) Fail(PathOf(key), "expected a non-empty string");
  // A name or path is handed to C APIs that end it at the first NUL: "memory\u0000junk" would load memory.so.
  if (s.find('\0') != std::string::npos) Fail(PathOf(key), "contains a NUL character (\\u0000)");
  return s;
}

std::optional<bool> ObjectReader::Bool(const std::string& key) {
  const nlohmann::json* v = Find(key);
  if (v == nullptr) return std::nullopt;
  if (!v->is_boolean()) Fail(PathOf(key), "expected true or false, got " + Describe(*v));
  return v->get<bool>();
}

void ObjectReader::Finish() const {
  for (auto it = value_.begin(); it != value_.end(); ++it) {
    if (known_.count(it.key()) == 0) {
      Fail(PathOf(it.key()), "unknown member (expected one of: " + known_order_ + ")");
    }
  }
}

}  // namespace kvbench::config
