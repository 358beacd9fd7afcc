// template.so: the smallest complete kvbench plugin, to copy when you start a new engine (see README.md).
//
// A plugin is four small C++ types handed to the SDK (<kvbench/sdk.hpp>), which turns them into the C table of
// <kvbench/plugin.h>, exports the one entry symbol, catches every exception and does the size/version
// bookkeeping. You write engine code only:
//
//   TemplatePlugin     names the plugin and opens engines (parses the configuration strictly)
//   TemplateEngine     one opened data directory: opens stores, maintenance calls, describes itself
//   TemplateStore      one named, ordered keyspace: put, get, delete, iterators
//   TemplateIterator   a cursor over a snapshot of one store
//
// This template keeps each store in a std::map in memory: nothing survives engine close, so it declares
// kPersistent = false: the conformance suite skips its reopen check, and `kvbench run` skips its reopen step and
// verifies the live engine. A real engine keeps its files in the data directory and leaves kPersistent at its
// default (true).
//
// Rules that apply to every method (docs/plugin-abi.md has them all):
// - Return sdk::Status, never throw on purpose. If something throws anyway, the SDK turns std::bad_alloc into
//   KVB_OUT_OF_MEMORY and anything else into KVB_INTERNAL; nothing crosses into the host. (An iterator move that
//   throws leaves that iterator not valid, with the error as its status().)
// - NOT_FOUND is a normal answer of Get, not an error. Every other non-OK status carries a message for the user.
// - Arguments (std::string_view) are borrowed for the call: copy what you keep.
// - Threading: open/close/stabilize/settle/describe come from one host thread, never concurrently with anything
//   else on the engine. Data calls (Put/Get/Delete/NewIterator and iterator moves) are concurrent only if you set
//   kConcurrentDataCalls = true; this template does not, so the host serialises them and no locks are needed.
// - Never write to stdout; log with sdk::Host::Log(KVB_LOG_INFO, "...") (thread-safe).
#include <filesystem>
#include <kvbench/sdk.hpp>
#include <kvbench/sdk_config.hpp>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

namespace kvbench::template_plugin {
namespace {

using sdk::Status;

// Keys compare bytewise (unsigned), which is what std::string's operator< does. std::less<> lets the map look
// up std::string_view keys without building a std::string.
using Map = std::map<std::string, std::string, std::less<>>;

// A store's data. Iterators share the map (shared_ptr) instead of copying it; a write while one of them is open
// copies the map first (TemplateStore::Writable), so every iterator keeps the view it was created on.
using SharedMap = std::shared_ptr<Map>;

// The settings this engine understands, with their defaults. They arrive as {"settings": {...}} in the run config.
struct Settings {
  int64_t max_value_bytes = 64 * 1024 * 1024;  // settings.MaxValueBytes: a put with a larger value is refused
};

// A cursor over one store. The host creates it, calls Seek/SeekToFirst, then Valid/key/value/Next, then status()
// to tell the end of data (OK) from an error, and destroys it before the store closes.
//
// The ABI promises a consistent view: the iterator sees the store as it was when the iterator was created, and
// no put or delete made afterwards. Here the view is the map itself, shared with the store, which copies it
// before a write while we hold it. (A real engine iterates a snapshot: a sequence number, a pinned version.)
class TemplateIterator {
 public:
  explicit TemplateIterator(std::shared_ptr<const Map> snapshot)
      : snapshot_(std::move(snapshot)), it_(snapshot_->end()) {}

  // Position at the first key >= `key`.
  void Seek(std::string_view key) { it_ = snapshot_->lower_bound(key); }
  void SeekToFirst() { it_ = snapshot_->begin(); }
  // REQUIRES: Valid().
  void Next() { ++it_; }
  // Valid() is false both at the end and after an error; status() tells which. A new iterator is not valid.
  bool Valid() const { return it_ != snapshot_->end(); }
  // The returned bytes must stay valid until the iterator moves or is destroyed: nobody changes the snapshot
  // while we hold it, so we can point into it.
  std::string_view key() const { return it_->first; }
  std::string_view value() const { return it_->second; }
  Status status() const { return Status::OK(); }  // an in-memory map cannot fail; a disk engine reports I/O here

 private:
  std::shared_ptr<const Map> snapshot_;
  Map::const_iterator it_;
};

// One named keyspace. The host opens it once, uses it, and closes (destroys) it before closing the engine.
class TemplateStore {
 public:
  using Iterator = TemplateIterator;
  // `data` is the engine's slot for this store, so the map a write copies is the one the engine keeps.
  TemplateStore(SharedMap* data, const Settings* settings) : data_(data), settings_(settings) {}

  // Set key to value, replacing any earlier value.
  Status Put(std::string_view key, std::string_view value) {
    if (static_cast<int64_t>(value.size()) > settings_->max_value_bytes) {
      return Status::InvalidArgument("value of " + std::to_string(value.size()) +
                                     " bytes exceeds settings.MaxValueBytes");
    }
    Map& map = Writable();
    auto it = map.find(key);
    if (it != map.end()) {
      it->second.assign(value);
    } else {
      map.emplace(std::string(key), std::string(value));
    }
    return Status::OK();
  }

  // Hand the value to `sink` exactly once and return OK, or return NotFound without calling it. The sink copies
  // what it needs before it returns, so an engine may pass a pointer into its own memory (no copy here).
  Status Get(std::string_view key, sdk::ValueSink sink) {
    const Map& map = **data_;
    auto it = map.find(key);
    if (it == map.end()) return Status::NotFound();
    sink(it->second);
    return Status::OK();
  }

  // Removing an absent key is OK.
  Status Delete(std::string_view key) {
    if (!(*data_)->contains(key)) return Status::OK();
    Map& map = Writable();
    map.erase(map.find(key));
    return Status::OK();
  }

  // The iterator shares the current map as its snapshot.
  Status NewIterator(std::unique_ptr<Iterator>* out) {
    *out = std::make_unique<Iterator>(*data_);
    return Status::OK();
  }

  // Optional extras the SDK detects by their signatures (uncomment and implement for speed):
  //   Status Scan(const sdk::ScanRequest& r, sdk::EntrySink sink, uint64_t* visited);  // -> KVB_CAP_SCAN
  //   Status Count(uint64_t* count);                                                  // -> KVB_CAP_COUNT
  // Without them the host falls back to the iterator, with the same results.

 private:
  // The map to write to. While an iterator still shares it (use_count() > 1: the engine's slot plus each open
  // iterator), it is copied first and the store moves on to the copy, so the iterator's view stays as it was.
  // Copying a whole store is fine for an example: the host does not write to a store while it iterates it, so
  // the workload never pays for a copy.
  Map& Writable() {
    if (data_->use_count() > 1) *data_ = std::make_shared<Map>(**data_);
    return **data_;
  }

  SharedMap* data_;
  const Settings* settings_;
};

// One opened data directory, holding every store by name.
class TemplateEngine {
 public:
  using Store = TemplateStore;
  explicit TemplateEngine(Settings settings) : settings_(settings) {}

  // Open (creating if absent) the store `name`. Data of a store closed earlier in this engine is still there.
  Status OpenStore(std::string_view name, std::unique_ptr<Store>* out) {
    SharedMap& data = stores_[std::string(name)];
    if (!data) data = std::make_shared<Map>();
    *out = std::make_unique<Store>(&data, &settings_);
    return Status::OK();
  }

  // Bring the engine to its read-ready state before a read phase (an LSM flushes and waits for compactions).
  Status Stabilize() { return Status::OK(); }
  // Flush/checkpoint so that the data directory holds what a reopen would find.
  Status Settle() { return Status::OK(); }
  // Called once, after every store is closed; join background threads here. The SDK then deletes the engine.
  Status Close() { return Status::OK(); }

  // The settings really in effect, defaults filled in: a JSON object, stored with the results.
  Status EffectiveSettings(std::string* out) {
    *out = "{\"MaxValueBytes\":" + std::to_string(settings_.max_value_bytes) + "}";
    return Status::OK();
  }
  // One line: what a crash loses under these settings.
  Status Durability(std::string* out) {
    *out = "In-memory only: nothing survives engine close or a crash.";
    return Status::OK();
  }
  // Optional: Status Stats(std::string* json) -> KVB_CAP_STATS_JSON.

 private:
  Settings settings_;
  std::map<std::string, SharedMap, std::less<>> stores_;
};

// The plugin definition: names (static strings: they live in the plugin table) and the open call.
struct TemplatePlugin {
  // The plugin's own name (results' plugin.name, `kvbench plugins`). Keep it equal to the .so's name: a config's
  // "plugin": "template" loads <plugin-dir>/template.so by file name and never compares it with kName.
  static constexpr const char* kName = "template";
  static constexpr const char* kVersion = "1.0.0";
  static constexpr const char* kDescription = "The smallest complete plugin: a std::map per store, in memory";
  static constexpr bool kConcurrentDataCalls = false;  // true only if every data call is thread-safe
  static constexpr bool kPersistent = false;           // true (the default) if data survives close + reopen
  using Engine = TemplateEngine;

  // Parse the configuration strictly (an unknown key or a wrong type is INVALID_ARGUMENT naming the key: the
  // ConfigReader does that), then open the engine on req.data_dir, which exists and may be empty.
  static Status Open(const sdk::OpenRequest& req, std::unique_ptr<Engine>* engine) {
    Settings settings;
    sdk::ConfigReader config(req.config_json);
    config.Int("settings", "MaxValueBytes", &settings.max_value_bytes, 1, int64_t{1} << 40);
    Status s = config.Finish();
    if (!s.ok()) return s;
    std::error_code ec;
    if (!std::filesystem::is_directory(req.data_dir, ec)) {
      return Status::InvalidArgument("data directory '" + req.data_dir + "' does not exist");
    }
    *engine = std::make_unique<Engine>(settings);
    return Status::OK();
  }
};

}  // namespace
}  // namespace kvbench::template_plugin

// The one exported symbol, kvbench_plugin_entry. Exactly once per plugin.
KVBENCH_EXPORT_PLUGIN(kvbench::template_plugin::TemplatePlugin)
