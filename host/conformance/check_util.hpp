// Small helpers the conformance checks share: readable byte strings in messages, point reads that record what
// the sink saw, and whole-store reads through the iterator.
#ifndef KVBENCH_HOST_CONFORMANCE_CHECK_UTIL_HPP_
#define KVBENCH_HOST_CONFORMANCE_CHECK_UTIL_HPP_

#include <kvbench/plugin.h>

#include <cstring>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/status.hpp"
#include "plugin/engine_client.hpp"

namespace kvbench::conformance {

// Concatenates its arguments with operator<<.
template <class... Args>
std::string Str(const Args&... args) {
  std::ostringstream out;
  (out << ... << args);
  return out.str();
}

// "a\x00\xff" as a quoted, escaped string; long strings are shortened with their size.
std::string Printable(std::string_view bytes);

// An err buffer pre-filled with a sentinel, to tell whether the plugin wrote into it.
struct ErrBuffer {
  static constexpr char kSentinel[] = "<untouched>";
  char text[1024];
  ErrBuffer() { Reset(); }
  void Reset();
  bool touched() const;
  std::string str() const { return std::string(text, strnlen(text, sizeof(text))); }
};

// The result of one point read: the status, how often the sink was called and the last value it got.
struct GetResult {
  kvb_status rc = KVB_INTERNAL;
  int sink_calls = 0;
  std::string value;
  std::string error;  // the err buffer, when rc is neither OK nor NOT_FOUND
};
GetResult GetValue(host::StoreClient& store, std::string_view key);

// A store's contents in iteration order, read with seek_first/next. Fails on an iterator error or when the
// iterator yields a key not strictly greater than the previous one.
using Entries = std::vector<std::pair<std::string, std::string>>;
Status ReadAll(host::StoreClient& store, Entries* out);

// The entries of `model` as a vector in key order.
Entries ToEntries(const std::map<std::string, std::string>& model);

// Compares what a store holds (`got`) with what it should (`want`); empty when equal, else the first difference.
std::string DiffEntries(const Entries& want, const Entries& got);

// Puts every entry of `entries`; the first failure is returned with the key named.
Status PutAll(host::StoreClient& store, const Entries& entries);

// Opens `name` in `engine`, naming the store in the error.
Status OpenStore(host::EngineClient& engine, std::string_view name, std::unique_ptr<host::StoreClient>* out);

// Raw engine and store handles for checks that call the plugin table directly (struct sizes, concurrency).
// The destructor closes the stores, then the engine.
class RawEngine {
 public:
  explicit RawEngine(const kvb_plugin_table* table) : t_(table) {}
  ~RawEngine() { Close(); }
  RawEngine(const RawEngine&) = delete;
  RawEngine& operator=(const RawEngine&) = delete;

  // engine_open with a well-formed kvb_open_params for `dir` and `config_json`.
  Status Open(const std::string& dir, const std::string& config_json);
  // Takes ownership of an engine opened elsewhere.
  void Adopt(kvb_engine* engine) { engine_ = engine; }
  Status OpenStore(std::string_view name, kvb_store** out);
  void CloseStores();
  Status Close();
  kvb_engine* engine() const { return engine_; }

 private:
  const kvb_plugin_table* t_;
  kvb_engine* engine_ = nullptr;
  std::vector<kvb_store*> stores_;
};

// A kvb_open_params for `dir` and `config`, both borrowed.
kvb_open_params MakeOpenParams(const std::string& dir, const std::string& config);

// Outcome::Fail text for a failed call: "what: STATUS_NAME: detail".
std::string Failure(std::string_view what, const Status& s);
std::string Failure(std::string_view what, kvb_status rc, std::string_view detail);

}  // namespace kvbench::conformance

#endif  // KVBENCH_HOST_CONFORMANCE_CHECK_UTIL_HPP_
