// kvbench plugin SDK: strict reading of the engine configuration JSON passed to engine_open,
// {"settings": {...}, "durability": {...}}. Needs nlohmann/json (Debian: nlohmann-json3-dev).
//
// Usage: construct a ConfigReader over OpenRequest::config_json, ask for every key the engine knows (a missing key
// leaves the default in place), then call Finish(): it returns the first error met, or INVALID_ARGUMENT naming
// the first key that nobody asked for. Messages name the JSON path ("settings.WriteBufferMb") and what was
// expected.
#ifndef KVBENCH_SDK_CONFIG_HPP_
#define KVBENCH_SDK_CONFIG_HPP_

#include <kvbench/sdk.hpp>

#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <string_view>

namespace kvbench::sdk {

class ConfigReader {
 public:
  explicit ConfigReader(std::string_view config_json) {
    if (config_json.empty()) {
      root_ = nlohmann::json::object();
      return;
    }
    root_ = nlohmann::json::parse(config_json.begin(), config_json.end(), nullptr, /*allow_exceptions=*/false);
    if (root_.is_discarded()) {
      Fail("engine configuration is not valid JSON");
      root_ = nlohmann::json::object();
    } else if (!root_.is_object()) {
      Fail("engine configuration must be a JSON object");
      root_ = nlohmann::json::object();
    }
    for (auto it = root_.begin(); it != root_.end(); ++it) {
      if (it.key() != "settings" && it.key() != "durability") {
        Fail("unknown member '" + it.key() + "' in the engine configuration (expected settings, durability)");
      } else if (!it.value().is_object()) {
        Fail(it.key() + ": expected a JSON object");
      }
    }
  }

  void Int(std::string_view section, std::string_view key, int64_t* out, int64_t min, int64_t max) {
    const nlohmann::json* v = Find(section, key);
    if (v == nullptr) return;
    if (!v->is_number_integer()) {
      Fail(Path(section, key) + ": expected an integer, got " + v->dump());
      return;
    }
    int64_t x = 0;
    if (v->is_number_unsigned()) {
      uint64_t u = v->get<uint64_t>();
      if (u > static_cast<uint64_t>(INT64_MAX)) {
        Fail(Path(section, key) + ": " + v->dump() + " is out of range");
        return;
      }
      x = static_cast<int64_t>(u);
    } else {
      x = v->get<int64_t>();
    }
    if (x < min || x > max) {
      Fail(Path(section, key) + ": expected an integer in [" + std::to_string(min) + ", " + std::to_string(max) +
           "], got " + std::to_string(x));
      return;
    }
    *out = x;
  }

  template <class T>
  void Integer(std::string_view section, std::string_view key, T* out, int64_t min, int64_t max) {
    int64_t x = static_cast<int64_t>(*out);
    Int(section, key, &x, min, max);
    *out = static_cast<T>(x);
  }

  void Double(std::string_view section, std::string_view key, double* out, double min, double max) {
    const nlohmann::json* v = Find(section, key);
    if (v == nullptr) return;
    if (!v->is_number()) {
      Fail(Path(section, key) + ": expected a number, got " + v->dump());
      return;
    }
    double x = v->get<double>();
    if (!(x >= min && x <= max)) {
      Fail(Path(section, key) + ": expected a number in [" + std::to_string(min) + ", " + std::to_string(max) +
           "], got " + v->dump());
      return;
    }
    *out = x;
  }

  void Bool(std::string_view section, std::string_view key, bool* out) {
    const nlohmann::json* v = Find(section, key);
    if (v == nullptr) return;
    if (!v->is_boolean()) {
      Fail(Path(section, key) + ": expected true or false, got " + v->dump());
      return;
    }
    *out = v->get<bool>();
  }

  void String(std::string_view section, std::string_view key, std::string* out) {
    const nlohmann::json* v = Find(section, key);
    if (v == nullptr) return;
    if (!v->is_string()) {
      Fail(Path(section, key) + ": expected a string, got " + v->dump());
      return;
    }
    *out = v->get<std::string>();
  }

  // A string that must be one of `choices` (compared exactly).
  void Choice(std::string_view section, std::string_view key, std::string* out,
              std::initializer_list<std::string_view> choices) {
    std::string s = *out;
    bool present = Find(section, key) != nullptr;
    String(section, key, &s);
    if (!present || !status_.ok()) return;
    std::string list;
    for (std::string_view c : choices) {
      if (s == c) {
        *out = s;
        return;
      }
      if (!list.empty()) list += ", ";
      list += c;
    }
    Fail(Path(section, key) + ": expected one of " + list + ", got \"" + s + "\"");
  }

  // True when the key is present (whatever its type); does not mark it as known.
  bool Has(std::string_view section, std::string_view key) const {
    auto sec = root_.find(std::string(section));
    return sec != root_.end() && sec->is_object() && sec->contains(std::string(key));
  }

  Status Finish() {
    if (!status_.ok()) return status_;
    for (auto sec = root_.begin(); sec != root_.end(); ++sec) {
      if (!sec->is_object()) continue;
      for (auto it = sec->begin(); it != sec->end(); ++it) {
        std::string path = sec.key() + "." + it.key();
        if (known_.count(path) == 0) return Status::InvalidArgument("unknown setting '" + path + "'");
      }
    }
    return Status::OK();
  }

 private:
  static std::string Path(std::string_view section, std::string_view key) {
    return std::string(section) + "." + std::string(key);
  }

  const nlohmann::json* Find(std::string_view section, std::string_view key) {
    known_.insert(Path(section, key));
    auto sec = root_.find(std::string(section));
    if (sec == root_.end() || !sec->is_object()) return nullptr;
    auto it = sec->find(std::string(key));
    return it == sec->end() ? nullptr : &*it;
  }

  void Fail(std::string message) {
    if (status_.ok()) status_ = Status::InvalidArgument(std::move(message));
  }

  nlohmann::json root_;
  std::set<std::string> known_;
  Status status_;
};

}  // namespace kvbench::sdk

#endif  // KVBENCH_SDK_CONFIG_HPP_
