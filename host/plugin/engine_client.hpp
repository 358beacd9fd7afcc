// C++ handles over a plugin's engine, stores and iterators. The data calls are inline and go straight to the
// plugin table (one indirect call, no allocation); failures leave their detail in the handle's error buffer.
#ifndef KVBENCH_HOST_PLUGIN_ENGINE_CLIENT_HPP_
#define KVBENCH_HOST_PLUGIN_ENGINE_CLIENT_HPP_

#include <kvbench/plugin.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "common/status.hpp"
#include "plugin/plugin_library.hpp"

namespace kvbench::host {

class StoreClient;
class IteratorClient;

// One opened engine (data directory). Closes itself on destruction if Close() was not called.
// REQUIRES: every StoreClient of this engine is destroyed before the engine closes.
class EngineClient {
 public:
  static Status Open(std::shared_ptr<const PluginLibrary> plugin, const std::string& data_dir,
                     const std::string& config_json, std::unique_ptr<EngineClient>* out);
  ~EngineClient();
  EngineClient(const EngineClient&) = delete;
  EngineClient& operator=(const EngineClient&) = delete;

  Status OpenStore(std::string_view name, std::unique_ptr<StoreClient>* out);
  Status Stabilize();
  Status Settle();
  // Closes and frees the engine handle; later calls are invalid.
  Status Close();
  // KVB_DESCRIBE_* text; NOT_SUPPORTED when the plugin does not answer that kind.
  Status Describe(int32_t kind, std::string* out);
  // The table the data calls of stores opened from now on go through (default: the plugin's). For an interposer
  // such as the crash test's acknowledgement counter; it must forward to the plugin's slots. REQUIRES: outlives
  // those stores.
  void SetDataTable(const kvb_plugin_table* table) { data_table_ = table; }

  const PluginLibrary& plugin() const { return *plugin_; }

 private:
  EngineClient(std::shared_ptr<const PluginLibrary> plugin, kvb_engine* engine)
      : plugin_(std::move(plugin)), engine_(engine) {}
  Status Check(kvb_status rc, const char* what);

  std::shared_ptr<const PluginLibrary> plugin_;
  kvb_engine* engine_;
  const kvb_plugin_table* data_table_ = nullptr;
  char err_[1024] = {};
};

// One opened store. Not thread-safe (it owns an error buffer): each thread of a concurrent plugin's clients uses
// its own handle, from Borrow().
class StoreClient {
 public:
  StoreClient(const kvb_plugin_table* table, const PluginLibrary* plugin, kvb_store* store, std::string name)
      : t_(table), plugin_(plugin), store_(store), name_(std::move(name)) {}
  ~StoreClient() {
    if (owner_) t_->store_close(store_);
  }
  StoreClient(const StoreClient&) = delete;
  StoreClient& operator=(const StoreClient&) = delete;

  kvb_status Put(std::string_view key, std::string_view value) {
    return t_->put(store_, key.data(), key.size(), value.data(), value.size(), err_, sizeof(err_));
  }
  kvb_status Remove(std::string_view key) { return t_->remove(store_, key.data(), key.size(), err_, sizeof(err_)); }
  kvb_status Get(std::string_view key, kvb_bytes_sink sink, void* context) {
    return t_->get(store_, key.data(), key.size(), sink, context, err_, sizeof(err_));
  }
  // Calls f(std::string_view value) on a hit. f must not throw.
  template <class F>
  kvb_status Get(std::string_view key, F& f) {
    return Get(
        key,
        [](void* ctx, const void* data, size_t size) {
          (*static_cast<F*>(ctx))(std::string_view(static_cast<const char*>(data), size));
        },
        &f);
  }
  // Batched scan; uses the plugin's scan slot when it has one, else walks an iterator. `sink` returns 0 to go on.
  kvb_status Scan(const kvb_scan_request& request, kvb_entry_sink sink, void* context, uint64_t* visited);
  // The fallback Scan uses for plugins without a scan slot, with the same semantics; public so the conformance
  // suite can compare it with the plugin's own scan.
  kvb_status ScanWithIterator(const kvb_scan_request& request, kvb_entry_sink sink, void* context,
                              uint64_t* visited);
  // Number of live keys: the plugin's count slot, else a full iteration.
  Status Count(uint64_t* count);
  Status NewIterator(std::unique_ptr<IteratorClient>* out);

  // Another handle on the same open store, with its own error buffer, for another thread; it does not close the
  // store. REQUIRES: destroyed before this handle.
  std::unique_ptr<StoreClient> Borrow() const {
    auto other = std::make_unique<StoreClient>(t_, plugin_, store_, name_);
    other->owner_ = false;
    return other;
  }

  // The detail of the last failed call.
  std::string last_error() const { return err_; }
  Status LastStatus(kvb_status rc) const { return Status(rc, err_); }
  const std::string& name() const { return name_; }

 private:
  const kvb_plugin_table* t_;
  const PluginLibrary* plugin_;
  kvb_store* store_;
  std::string name_;
  bool owner_ = true;  // closes the store when destroyed
  char err_[1024] = {};
};

class IteratorClient {
 public:
  IteratorClient(const kvb_plugin_table* table, kvb_iterator* it) : t_(table), it_(it) {}
  ~IteratorClient() { t_->iterator_destroy(it_); }
  IteratorClient(const IteratorClient&) = delete;
  IteratorClient& operator=(const IteratorClient&) = delete;

  void Seek(std::string_view key) { t_->iterator_seek(it_, key.data(), key.size()); }
  void SeekToFirst() { t_->iterator_seek_first(it_); }
  void Next() { t_->iterator_next(it_); }
  bool Valid() const { return t_->iterator_valid(it_) != 0; }
  std::string_view key() const {
    const void* p = nullptr;
    size_t n = 0;
    t_->iterator_key(it_, &p, &n);
    return {static_cast<const char*>(p), n};
  }
  std::string_view value() const {
    const void* p = nullptr;
    size_t n = 0;
    t_->iterator_value(it_, &p, &n);
    return {static_cast<const char*>(p), n};
  }
  Status status() {
    kvb_status rc = t_->iterator_status(it_, err_, sizeof(err_));
    return rc == KVB_OK ? Status::OK() : Status(rc, err_);
  }

 private:
  const kvb_plugin_table* t_;
  kvb_iterator* it_;
  char err_[1024] = {};
};

// A kvb_scan_request with its header filled in.
inline kvb_scan_request MakeScanRequest() {
  kvb_scan_request r{};
  r.struct_size = sizeof(kvb_scan_request);
  r.abi_major = KVB_ABI_MAJOR;
  r.abi_minor = KVB_ABI_MINOR;
  return r;
}

}  // namespace kvbench::host

#endif  // KVBENCH_HOST_PLUGIN_ENGINE_CLIENT_HPP_
