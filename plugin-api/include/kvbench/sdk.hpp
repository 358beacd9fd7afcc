// kvbench plugin SDK: a header-only C++20 adapter from a small, statically-typed engine interface to the C plugin
// table of <kvbench/plugin.h>. It owns the exception firewall, the struct size/version bookkeeping, the error
// buffers and the entry symbol, so a plugin is only engine code.
//
// A plugin defines a class P with:
//   static constexpr const char* kName, kVersion, kDescription;
//   static constexpr bool kConcurrentDataCalls;   // optional, default false
//   static constexpr bool kPersistent;            // optional, default true
//   using Engine = ...;                            // see the PluginEngine concept below
//   static Status Open(const OpenRequest&, std::unique_ptr<Engine>*);
// and then writes KVBENCH_EXPORT_PLUGIN(P) in exactly one source file.
//
// Engine::Store and Store::Iterator are concrete types: the adapter calls them without virtual dispatch. A Store
// that has Scan(...) or Count(...) gets the KVB_CAP_SCAN / KVB_CAP_COUNT capability automatically; an Engine with
// Stats(std::string*) gets KVB_CAP_STATS_JSON.
#ifndef KVBENCH_SDK_HPP_
#define KVBENCH_SDK_HPP_

#include <kvbench/plugin.h>

#include <algorithm>
#include <atomic>
#include <concepts>
#include <cstdio>
#include <cstring>
#include <exception>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <utility>

namespace kvbench::sdk {

// The result of an engine call: a kvb_status code and, for failures, a message. Cheap when OK.
class Status {
 public:
  Status() = default;
  Status(kvb_status code, std::string message) : code_(code), message_(std::move(message)) {}

  static Status OK() { return Status(); }
  static Status NotFound(std::string m = {}) { return {KVB_NOT_FOUND, std::move(m)}; }
  static Status InvalidArgument(std::string m) { return {KVB_INVALID_ARGUMENT, std::move(m)}; }
  static Status NotSupported(std::string m) { return {KVB_NOT_SUPPORTED, std::move(m)}; }
  static Status Corruption(std::string m) { return {KVB_CORRUPTION, std::move(m)}; }
  static Status IOError(std::string m) { return {KVB_IO_ERROR, std::move(m)}; }
  static Status Busy(std::string m) { return {KVB_BUSY, std::move(m)}; }
  static Status TimedOut(std::string m) { return {KVB_TIMED_OUT, std::move(m)}; }
  static Status OutOfMemory(std::string m) { return {KVB_OUT_OF_MEMORY, std::move(m)}; }
  static Status Internal(std::string m) { return {KVB_INTERNAL, std::move(m)}; }

  bool ok() const { return code_ == KVB_OK; }
  bool IsNotFound() const { return code_ == KVB_NOT_FOUND; }
  kvb_status code() const { return code_; }
  const std::string& message() const { return message_; }

 private:
  kvb_status code_ = KVB_OK;
  std::string message_;
};

// Where a point read delivers its value. The bytes need only live for the duration of the call.
class ValueSink {
 public:
  ValueSink(kvb_bytes_sink fn, void* context) : fn_(fn), context_(context) {}
  void operator()(std::string_view value) const { fn_(context_, value.data(), value.size()); }

 private:
  kvb_bytes_sink fn_;
  void* context_;
};

// Where a batched scan delivers entries. Returns false when the host wants no more.
class EntrySink {
 public:
  EntrySink(kvb_entry_sink fn, void* context) : fn_(fn), context_(context) {}
  bool operator()(std::string_view key, std::string_view value) const {
    return fn_(context_, key.data(), key.size(), value.data(), value.size()) == 0;
  }

 private:
  kvb_entry_sink fn_;
  void* context_;
};

// A decoded kvb_scan_request.
struct ScanRequest {
  bool from_first = false;
  std::string_view start;
  bool has_bound = false;
  bool bound_is_prefix = false;
  bool bound_inclusive = false;
  std::string_view bound;
  uint64_t limit = 0;  // 0: no limit

  // True while `key` (reached in ascending order from start) is still inside the requested range.
  bool InRange(std::string_view key) const {
    if (!has_bound) return true;
    if (bound_is_prefix) return key.substr(0, bound.size()) == bound;
    int c = key.compare(bound);
    return bound_inclusive ? c <= 0 : c < 0;
  }
};

// What engine_open receives, decoded.
struct OpenRequest {
  std::string data_dir;
  std::string_view config_json;  // {"settings":{...},"durability":{...}}; may be empty
};

// The host's services, available to plugin code after the entry call.
class Host {
 public:
  static void Log(int32_t level, std::string_view message) {
    const kvb_host_services* h = services().load(std::memory_order_acquire);
    if (h == nullptr) return;
    if (h->struct_size < offsetof(kvb_host_services, log) + sizeof(h->log) || h->log == nullptr) return;
    h->log(h->context, level, message.data(), message.size());
  }
  static std::atomic<const kvb_host_services*>& services() {
    static std::atomic<const kvb_host_services*> s{nullptr};
    return s;
  }
};

template <class It>
concept PluginIterator = requires(It& it, const It& cit, std::string_view key) {
  it.Seek(key);
  it.SeekToFirst();
  it.Next();
  { cit.Valid() } -> std::convertible_to<bool>;
  { cit.key() } -> std::convertible_to<std::string_view>;
  { cit.value() } -> std::convertible_to<std::string_view>;
  { cit.status() } -> std::convertible_to<Status>;
};

template <class S>
concept PluginStore = requires(S& s, std::string_view k, ValueSink sink, std::unique_ptr<typename S::Iterator>* it) {
  requires PluginIterator<typename S::Iterator>;
  { s.Put(k, k) } -> std::same_as<Status>;
  { s.Get(k, sink) } -> std::same_as<Status>;
  { s.Delete(k) } -> std::same_as<Status>;
  { s.NewIterator(it) } -> std::same_as<Status>;
};

template <class S>
concept StoreWithScan = requires(S& s, const ScanRequest& r, EntrySink sink, uint64_t* n) {
  { s.Scan(r, sink, n) } -> std::same_as<Status>;
};

template <class S>
concept StoreWithCount = requires(S& s, uint64_t* n) {
  { s.Count(n) } -> std::same_as<Status>;
};

template <class E>
concept PluginEngine = requires(E& e, std::string_view name, std::unique_ptr<typename E::Store>* store,
                                std::string* out) {
  requires PluginStore<typename E::Store>;
  { e.OpenStore(name, store) } -> std::same_as<Status>;
  { e.Stabilize() } -> std::same_as<Status>;
  { e.Settle() } -> std::same_as<Status>;
  { e.Close() } -> std::same_as<Status>;
  { e.EffectiveSettings(out) } -> std::same_as<Status>;  // a JSON object
  { e.Durability(out) } -> std::same_as<Status>;         // one line
};

template <class E>
concept EngineWithStats = requires(E& e, std::string* out) {
  { e.Stats(out) } -> std::same_as<Status>;
};

template <class P>
concept PluginDefinition = requires(const OpenRequest& req, std::unique_ptr<typename P::Engine>* engine) {
  requires PluginEngine<typename P::Engine>;
  { P::kName } -> std::convertible_to<const char*>;
  { P::kVersion } -> std::convertible_to<const char*>;
  { P::kDescription } -> std::convertible_to<const char*>;
  { P::Open(req, engine) } -> std::same_as<Status>;
};

namespace internal {

inline void WriteError(std::string_view message, char* err, size_t capacity) {
  if (err == nullptr || capacity == 0) return;
  size_t n = std::min(message.size(), capacity - 1);
  std::memcpy(err, message.data(), n);
  err[n] = '\0';
}

inline kvb_status Report(const Status& s, char* err, size_t capacity) {
  if (!s.ok() && !s.IsNotFound()) WriteError(s.message(), err, capacity);
  return s.code();
}

// What the exception firewall makes of the exception being handled: std::bad_alloc is KVB_OUT_OF_MEMORY, anything
// else KVB_INTERNAL. Allocates nothing. REQUIRES: called inside a catch block; `message` lives as long as the
// exception does.
struct CaughtException {
  kvb_status code;
  const char* message;
};
inline CaughtException CurrentException() noexcept {
  try {
    throw;
  } catch (const std::bad_alloc&) {
    return {KVB_OUT_OF_MEMORY, "out of memory"};
  } catch (const std::exception& e) {
    return {KVB_INTERNAL, e.what()};
  } catch (...) {
    return {KVB_INTERNAL, "unknown exception"};
  }
}

// Runs `body` (returning Status) behind the exception firewall.
template <class F>
kvb_status Guarded(char* err, size_t capacity, F&& body) noexcept {
  try {
    return Report(body(), err, capacity);
  } catch (...) {
    const CaughtException e = CurrentException();
    WriteError(e.message, err, capacity);
    return e.code;
  }
}

// A struct the other side filled is usable when it holds at least `known` bytes and any bytes past ours are zero.
inline bool StructAcceptable(const void* s, uint32_t struct_size, size_t ours, size_t minimum) {
  if (struct_size < minimum) return false;
  const unsigned char* bytes = static_cast<const unsigned char*>(s);
  for (size_t i = ours; i < struct_size; ++i) {
    if (bytes[i] != 0) return false;
  }
  return true;
}

}  // namespace internal

template <PluginDefinition P>
class PluginAdapter {
 public:
  using Engine = typename P::Engine;
  using Store = typename Engine::Store;
  using Iterator = typename Store::Iterator;

  static kvb_status Entry(const kvb_host_services* host, const kvb_plugin_table** table) noexcept {
    if (table == nullptr) return KVB_INVALID_ARGUMENT;
    *table = &Table();
    if (host == nullptr || host->struct_size < offsetof(kvb_host_services, context)) return KVB_INVALID_ARGUMENT;
    if (host->abi_major != KVB_ABI_MAJOR) return KVB_ABI_MISMATCH;
    Host::services().store(host, std::memory_order_release);
    return KVB_OK;
  }

  static const kvb_plugin_table& Table() {
    static const kvb_plugin_table table = MakeTable();
    return table;
  }

 private:
  static constexpr uint64_t Capabilities() {
    uint64_t caps = KVB_CAP_EFFECTIVE_SETTINGS;
    if constexpr (requires { P::kConcurrentDataCalls; }) {
      if (P::kConcurrentDataCalls) caps |= KVB_CAP_CONCURRENT_DATA_CALLS;
    }
    if constexpr (requires { P::kPersistent; }) {
      if (P::kPersistent) caps |= KVB_CAP_PERSISTENT;
    } else {
      caps |= KVB_CAP_PERSISTENT;
    }
    if constexpr (StoreWithScan<Store>) caps |= KVB_CAP_SCAN;
    if constexpr (StoreWithCount<Store>) caps |= KVB_CAP_COUNT;
    if constexpr (EngineWithStats<Engine>) caps |= KVB_CAP_STATS_JSON;
    return caps;
  }

  static kvb_plugin_table MakeTable() {
    kvb_plugin_table t{};
    t.struct_size = sizeof(kvb_plugin_table);
    t.abi_major = KVB_ABI_MAJOR;
    t.abi_minor = KVB_ABI_MINOR;
    t.name = P::kName;
    t.version = P::kVersion;
    t.description = P::kDescription;
    t.capabilities = Capabilities();
    t.engine_open = &EngineOpen;
    t.engine_close = &EngineClose;
    t.engine_stabilize = &EngineStabilize;
    t.engine_settle = &EngineSettle;
    t.engine_describe = &EngineDescribe;
    t.store_open = &StoreOpen;
    t.store_close = &StoreClose;
    t.put = &Put;
    t.get = &Get;
    t.remove = &Remove;
    t.iterator_create = &IteratorCreate;
    t.iterator_destroy = &IteratorDestroy;
    t.iterator_seek = &IteratorSeek;
    t.iterator_seek_first = &IteratorSeekFirst;
    t.iterator_next = &IteratorNext;
    t.iterator_valid = &IteratorValid;
    t.iterator_key = &IteratorKey;
    t.iterator_value = &IteratorValue;
    t.iterator_status = &IteratorStatus;
    if constexpr (StoreWithScan<Store>) t.scan = &Scan;
    if constexpr (StoreWithCount<Store>) t.count = &Count;
    return t;
  }

  // What a kvb_iterator* points to: the engine's iterator and the error of a move that threw. Moves return no
  // status, so an exception becomes the iterator's state the way the ABI reports iterator errors: iterator_valid 0
  // and iterator_status the error, never a still-valid iterator that skipped or repeated an entry. The error stays
  // until the iterator is destroyed (the engine iterator's state is unknown after an exception, so later moves do
  // not reach it). The message is a fixed buffer: recording an error cannot fail.
  struct IteratorHandle {
    std::unique_ptr<Iterator> iterator;
    kvb_status error = KVB_OK;
    char message[256] = {};
  };

  static Engine* E(kvb_engine* e) { return reinterpret_cast<Engine*>(e); }
  static Store* S(kvb_store* s) { return reinterpret_cast<Store*>(s); }
  static IteratorHandle* H(kvb_iterator* i) { return reinterpret_cast<IteratorHandle*>(i); }
  static const IteratorHandle* H(const kvb_iterator* i) { return reinterpret_cast<const IteratorHandle*>(i); }

  static kvb_status EngineOpen(const kvb_open_params* params, kvb_engine** engine, char* err, size_t cap) noexcept {
    return internal::Guarded(err, cap, [&]() -> Status {
      if (engine == nullptr || params == nullptr) return Status::InvalidArgument("engine_open: null argument");
      *engine = nullptr;
      if (!internal::StructAcceptable(params, params->struct_size, sizeof(kvb_open_params),
                                      offsetof(kvb_open_params, config_json_size) + sizeof(size_t))) {
        return Status::NotSupported("engine_open: kvb_open_params of unsupported size " +
                                    std::to_string(params->struct_size));
      }
      OpenRequest req;
      req.data_dir.assign(params->data_dir, params->data_dir_size);
      if (params->config_json != nullptr) req.config_json = {params->config_json, params->config_json_size};
      std::unique_ptr<Engine> opened;
      Status s = P::Open(req, &opened);
      if (s.ok()) {
        if (!opened) return Status::Internal("engine_open: plugin returned OK without an engine");
        *engine = reinterpret_cast<kvb_engine*>(opened.release());
      }
      return s;
    });
  }

  static kvb_status EngineClose(kvb_engine* engine, char* err, size_t cap) noexcept {
    return internal::Guarded(err, cap, [&]() -> Status {
      std::unique_ptr<Engine> owned(E(engine));
      return owned ? owned->Close() : Status::InvalidArgument("engine_close: null engine");
    });
  }

  static kvb_status EngineStabilize(kvb_engine* engine, char* err, size_t cap) noexcept {
    return internal::Guarded(err, cap, [&] { return E(engine)->Stabilize(); });
  }

  static kvb_status EngineSettle(kvb_engine* engine, char* err, size_t cap) noexcept {
    return internal::Guarded(err, cap, [&] { return E(engine)->Settle(); });
  }

  static kvb_status EngineDescribe(kvb_engine* engine, int32_t kind, kvb_bytes_sink sink, void* ctx, char* err,
                                   size_t cap) noexcept {
    return internal::Guarded(err, cap, [&]() -> Status {
      if (sink == nullptr) return Status::InvalidArgument("engine_describe: null sink");
      std::string text;
      Status s;
      switch (kind) {
        case KVB_DESCRIBE_EFFECTIVE_SETTINGS:
          s = E(engine)->EffectiveSettings(&text);
          break;
        case KVB_DESCRIBE_DURABILITY:
          s = E(engine)->Durability(&text);
          break;
        case KVB_DESCRIBE_STATS:
          if constexpr (EngineWithStats<Engine>) {
            s = E(engine)->Stats(&text);
            break;
          }
          [[fallthrough]];
        default:
          return Status::NotSupported("engine_describe: unknown kind " + std::to_string(kind));
      }
      if (s.ok()) sink(ctx, text.data(), text.size());
      return s;
    });
  }

  static kvb_status StoreOpen(kvb_engine* engine, const char* name, size_t name_size, kvb_store** store, char* err,
                              size_t cap) noexcept {
    return internal::Guarded(err, cap, [&]() -> Status {
      if (store == nullptr) return Status::InvalidArgument("store_open: null out-pointer");
      *store = nullptr;
      std::string_view n(name, name_size);
      if (n.empty()) return Status::InvalidArgument("store_open: empty store name");
      for (char c : n) {
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                  c == '_' || c == '-';
        if (!ok) return Status::InvalidArgument("store_open: invalid character in store name '" + std::string(n) + "'");
      }
      std::unique_ptr<Store> opened;
      Status s = E(engine)->OpenStore(n, &opened);
      if (s.ok()) *store = reinterpret_cast<kvb_store*>(opened.release());
      return s;
    });
  }

  static void StoreClose(kvb_store* store) noexcept {
    try {
      delete S(store);
    } catch (...) {
      Host::Log(KVB_LOG_ERROR, "store_close: destructor threw");
    }
  }

  static kvb_status Put(kvb_store* store, const void* key, size_t key_size, const void* value, size_t value_size,
                        char* err, size_t cap) noexcept {
    return internal::Guarded(err, cap, [&] {
      return S(store)->Put({static_cast<const char*>(key), key_size}, {static_cast<const char*>(value), value_size});
    });
  }

  static kvb_status Get(kvb_store* store, const void* key, size_t key_size, kvb_bytes_sink sink, void* ctx,
                        char* err, size_t cap) noexcept {
    return internal::Guarded(err, cap, [&] {
      return S(store)->Get({static_cast<const char*>(key), key_size}, ValueSink(sink, ctx));
    });
  }

  static kvb_status Remove(kvb_store* store, const void* key, size_t key_size, char* err, size_t cap) noexcept {
    return internal::Guarded(err, cap, [&] { return S(store)->Delete({static_cast<const char*>(key), key_size}); });
  }

  static kvb_status IteratorCreate(kvb_store* store, kvb_iterator** it, char* err, size_t cap) noexcept {
    return internal::Guarded(err, cap, [&]() -> Status {
      if (it == nullptr) return Status::InvalidArgument("iterator_create: null out-pointer");
      *it = nullptr;
      auto handle = std::make_unique<IteratorHandle>();
      Status s = S(store)->NewIterator(&handle->iterator);
      if (!s.ok()) return s;
      if (!handle->iterator) return Status::Internal("iterator_create: plugin returned OK without an iterator");
      *it = reinterpret_cast<kvb_iterator*>(handle.release());
      return s;
    });
  }

  static void IteratorDestroy(kvb_iterator* it) noexcept {
    try {
      delete H(it);
    } catch (...) {
      Host::Log(KVB_LOG_ERROR, "iterator_destroy: destructor threw");
    }
  }

  // Runs one move of the engine's iterator; an exception it throws becomes the handle's error (see IteratorHandle).
  template <class F>
  static void MoveIterator(kvb_iterator* it, const char* call, F&& move) noexcept {
    IteratorHandle* h = H(it);
    if (h->error != KVB_OK) return;
    try {
      move(*h->iterator);
    } catch (...) {
      const internal::CaughtException e = internal::CurrentException();
      h->error = e.code;
      std::snprintf(h->message, sizeof(h->message), "%s: %s", call, e.message);
    }
  }
  static void IteratorSeek(kvb_iterator* it, const void* key, size_t key_size) noexcept {
    MoveIterator(it, "iterator_seek", [&](Iterator& i) { i.Seek({static_cast<const char*>(key), key_size}); });
  }
  static void IteratorSeekFirst(kvb_iterator* it) noexcept {
    MoveIterator(it, "iterator_seek_first", [](Iterator& i) { i.SeekToFirst(); });
  }
  static void IteratorNext(kvb_iterator* it) noexcept {
    MoveIterator(it, "iterator_next", [](Iterator& i) { i.Next(); });
  }
  static int32_t IteratorValid(const kvb_iterator* it) noexcept {
    const IteratorHandle* h = H(it);
    return h->error == KVB_OK && h->iterator->Valid() ? 1 : 0;
  }
  static void IteratorKey(const kvb_iterator* it, const void** key, size_t* size) noexcept {
    std::string_view k = H(it)->iterator->key();
    *key = k.data();
    *size = k.size();
  }
  static void IteratorValue(const kvb_iterator* it, const void** value, size_t* size) noexcept {
    std::string_view v = H(it)->iterator->value();
    *value = v.data();
    *size = v.size();
  }
  static kvb_status IteratorStatus(const kvb_iterator* it, char* err, size_t cap) noexcept {
    const IteratorHandle* h = H(it);
    if (h->error != KVB_OK) {
      internal::WriteError(h->message, err, cap);
      return h->error;
    }
    return internal::Guarded(err, cap, [&] { return Status(h->iterator->status()); });
  }

  static kvb_status Scan(kvb_store* store, const kvb_scan_request* request, kvb_entry_sink sink, void* ctx,
                         uint64_t* visited, char* err, size_t cap) noexcept {
    return internal::Guarded(err, cap, [&]() -> Status {
      if (request == nullptr || sink == nullptr) return Status::InvalidArgument("scan: null argument");
      if (!internal::StructAcceptable(request, request->struct_size, sizeof(kvb_scan_request),
                                      offsetof(kvb_scan_request, limit) + sizeof(uint64_t))) {
        return Status::NotSupported("scan: kvb_scan_request of unsupported size " +
                                    std::to_string(request->struct_size));
      }
      constexpr uint32_t kKnownFlags = KVB_SCAN_FROM_FIRST | KVB_SCAN_BOUND_IS_PREFIX | KVB_SCAN_BOUND_INCLUSIVE;
      if ((request->flags & ~kKnownFlags) != 0 || request->reserved != 0) {
        return Status::NotSupported("scan: unknown flags");
      }
      ScanRequest r;
      r.from_first = (request->flags & KVB_SCAN_FROM_FIRST) != 0;
      if (!r.from_first) r.start = {static_cast<const char*>(request->start), request->start_size};
      r.has_bound = request->bound != nullptr;
      r.bound_is_prefix = (request->flags & KVB_SCAN_BOUND_IS_PREFIX) != 0;
      r.bound_inclusive = (request->flags & KVB_SCAN_BOUND_INCLUSIVE) != 0;
      if (r.has_bound) r.bound = {static_cast<const char*>(request->bound), request->bound_size};
      r.limit = request->limit;
      uint64_t n = 0;
      Status s = S(store)->Scan(r, EntrySink(sink, ctx), &n);
      if (visited != nullptr) *visited = n;
      return s;
    });
  }

  static kvb_status Count(kvb_store* store, uint64_t* count, char* err, size_t cap) noexcept {
    return internal::Guarded(err, cap, [&]() -> Status {
      if (count == nullptr) return Status::InvalidArgument("count: null argument");
      return S(store)->Count(count);
    });
  }
};

}  // namespace kvbench::sdk

// Defines the plugin's one exported symbol for plugin definition P.
#define KVBENCH_EXPORT_PLUGIN(P)                                                                        \
  extern "C" KVB_EXPORT kvb_status kvbench_plugin_entry(const kvb_host_services* host,                  \
                                                        const kvb_plugin_table** table) {               \
    return ::kvbench::sdk::PluginAdapter<P>::Entry(host, table);                                        \
  }

#endif  // KVBENCH_SDK_HPP_
