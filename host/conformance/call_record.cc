#include "conformance/call_record.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <vector>

#include "common/errno_message.hpp"

namespace kvbench::conformance {
namespace {

constexpr size_t kRecordBytes = 256;

char* g_record = nullptr;  // kRecordBytes, mapped shared
std::mutex g_mutex;        // the record and the handle -> store name maps
const kvb_plugin_table* g_real = nullptr;
kvb_plugin_table g_tracked;
std::map<const void*, std::string>& Names() {  // store and iterator handles -> store name
  static std::map<const void*, std::string> names;
  return names;
}

// Each thread's calls under way, innermost last: a call that returns puts back what the thread was in before.
thread_local std::vector<std::string> t_calls;

void Write(const std::string& text) {
  std::lock_guard<std::mutex> lock(g_mutex);
  const size_t n = std::min(text.size(), kRecordBytes - 1);
  std::memcpy(g_record, text.data(), n);
  g_record[n] = '\0';
}

std::string StoreOf(const void* handle) {
  std::lock_guard<std::mutex> lock(g_mutex);
  auto it = Names().find(handle);
  return it == Names().end() ? std::string() : it->second;
}

void Name(const void* handle, std::string store) {
  std::lock_guard<std::mutex> lock(g_mutex);
  Names()[handle] = std::move(store);
}

void Forget(const void* handle) {
  std::lock_guard<std::mutex> lock(g_mutex);
  Names().erase(handle);
}

// Records the call for its lifetime.
class Call {
 public:
  Call(const char* slot, const std::string& store) {
    t_calls.push_back(store.empty() ? std::string(slot) : std::string(slot) + " (store '" + store + "')");
    Write(t_calls.back());
  }
  ~Call() {
    t_calls.pop_back();
    Write(t_calls.empty() ? std::string() : t_calls.back());
  }
  Call(const Call&) = delete;
  Call& operator=(const Call&) = delete;
};

kvb_status EngineOpen(const kvb_open_params* params, kvb_engine** engine, char* err, size_t cap) {
  Call call("engine_open", "");
  return g_real->engine_open(params, engine, err, cap);
}
kvb_status EngineClose(kvb_engine* engine, char* err, size_t cap) {
  Call call("engine_close", "");
  return g_real->engine_close(engine, err, cap);
}
kvb_status EngineStabilize(kvb_engine* engine, char* err, size_t cap) {
  Call call("engine_stabilize", "");
  return g_real->engine_stabilize(engine, err, cap);
}
kvb_status EngineSettle(kvb_engine* engine, char* err, size_t cap) {
  Call call("engine_settle", "");
  return g_real->engine_settle(engine, err, cap);
}
kvb_status EngineDescribe(kvb_engine* engine, int32_t kind, kvb_bytes_sink sink, void* context, char* err, size_t cap) {
  Call call("engine_describe", "");
  return g_real->engine_describe(engine, kind, sink, context, err, cap);
}
kvb_status StoreOpen(kvb_engine* engine, const char* name, size_t name_size, kvb_store** store, char* err, size_t cap) {
  const std::string store_name = name != nullptr ? std::string(name, name_size) : std::string();
  Call call("store_open", store_name);
  const kvb_status rc = g_real->store_open(engine, name, name_size, store, err, cap);
  if (rc == KVB_OK && store != nullptr && *store != nullptr) Name(*store, store_name);
  return rc;
}
void StoreClose(kvb_store* store) {
  {
    Call call("store_close", StoreOf(store));
    g_real->store_close(store);
  }
  Forget(store);
}
kvb_status Put(kvb_store* store, const void* key, size_t key_size, const void* value, size_t value_size, char* err,
               size_t cap) {
  Call call("put", StoreOf(store));
  return g_real->put(store, key, key_size, value, value_size, err, cap);
}
kvb_status Get(kvb_store* store, const void* key, size_t key_size, kvb_bytes_sink sink, void* context, char* err,
               size_t cap) {
  Call call("get", StoreOf(store));
  return g_real->get(store, key, key_size, sink, context, err, cap);
}
kvb_status Remove(kvb_store* store, const void* key, size_t key_size, char* err, size_t cap) {
  Call call("remove", StoreOf(store));
  return g_real->remove(store, key, key_size, err, cap);
}
kvb_status IteratorCreate(kvb_store* store, kvb_iterator** iterator, char* err, size_t cap) {
  const std::string store_name = StoreOf(store);
  Call call("iterator_create", store_name);
  const kvb_status rc = g_real->iterator_create(store, iterator, err, cap);
  if (rc == KVB_OK && iterator != nullptr && *iterator != nullptr) Name(*iterator, store_name);
  return rc;
}
void IteratorDestroy(kvb_iterator* iterator) {
  {
    Call call("iterator_destroy", StoreOf(iterator));
    g_real->iterator_destroy(iterator);
  }
  Forget(iterator);
}
void IteratorSeek(kvb_iterator* iterator, const void* key, size_t key_size) {
  Call call("iterator_seek", StoreOf(iterator));
  g_real->iterator_seek(iterator, key, key_size);
}
void IteratorSeekFirst(kvb_iterator* iterator) {
  Call call("iterator_seek_first", StoreOf(iterator));
  g_real->iterator_seek_first(iterator);
}
void IteratorNext(kvb_iterator* iterator) {
  Call call("iterator_next", StoreOf(iterator));
  g_real->iterator_next(iterator);
}
int32_t IteratorValid(const kvb_iterator* iterator) {
  Call call("iterator_valid", StoreOf(iterator));
  return g_real->iterator_valid(iterator);
}
void IteratorKey(const kvb_iterator* iterator, const void** key, size_t* key_size) {
  Call call("iterator_key", StoreOf(iterator));
  g_real->iterator_key(iterator, key, key_size);
}
void IteratorValue(const kvb_iterator* iterator, const void** value, size_t* value_size) {
  Call call("iterator_value", StoreOf(iterator));
  g_real->iterator_value(iterator, value, value_size);
}
kvb_status IteratorStatus(const kvb_iterator* iterator, char* err, size_t cap) {
  Call call("iterator_status", StoreOf(iterator));
  return g_real->iterator_status(iterator, err, cap);
}
kvb_status Scan(kvb_store* store, const kvb_scan_request* request, kvb_entry_sink sink, void* context,
                uint64_t* visited, char* err, size_t cap) {
  Call call("scan", StoreOf(store));
  return g_real->scan(store, request, sink, context, visited, err, cap);
}
kvb_status Count(kvb_store* store, uint64_t* count, char* err, size_t cap) {
  Call call("count", StoreOf(store));
  return g_real->count(store, count, err, cap);
}

// The slot's wrapper where the plugin has the slot (inside its struct_size and non-NULL), else as it was.
template <class Fn>
void Wrap(Fn kvb_plugin_table::*slot, Fn wrapper, size_t real_size) {
  const size_t end = static_cast<size_t>(reinterpret_cast<const char*>(&(g_tracked.*slot)) -
                                         reinterpret_cast<const char*>(&g_tracked)) +
                     sizeof(Fn);
  if (end <= real_size && g_tracked.*slot != nullptr) g_tracked.*slot = wrapper;
}

}  // namespace

Status StartCallRecord(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return Status::IOError(ErrnoMessage("open " + path));
  if (::ftruncate(fd, kRecordBytes) != 0) {
    const Status s = Status::IOError(ErrnoMessage("ftruncate " + path));
    ::close(fd);
    return s;
  }
  void* p = ::mmap(nullptr, kRecordBytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  ::close(fd);
  if (p == MAP_FAILED) return Status::IOError(ErrnoMessage("mmap " + path));
  g_record = static_cast<char*>(p);
  return Status::OK();
}

const kvb_plugin_table* TrackedTable(const kvb_plugin_table* real) {
  g_real = real;
  std::memset(&g_tracked, 0, sizeof(g_tracked));
  const size_t real_size = std::min<size_t>(real->struct_size, sizeof(kvb_plugin_table));
  std::memcpy(&g_tracked, real, real_size);
  Wrap(&kvb_plugin_table::engine_open, &EngineOpen, real_size);
  Wrap(&kvb_plugin_table::engine_close, &EngineClose, real_size);
  Wrap(&kvb_plugin_table::engine_stabilize, &EngineStabilize, real_size);
  Wrap(&kvb_plugin_table::engine_settle, &EngineSettle, real_size);
  Wrap(&kvb_plugin_table::engine_describe, &EngineDescribe, real_size);
  Wrap(&kvb_plugin_table::store_open, &StoreOpen, real_size);
  Wrap(&kvb_plugin_table::store_close, &StoreClose, real_size);
  Wrap(&kvb_plugin_table::put, &Put, real_size);
  Wrap(&kvb_plugin_table::get, &Get, real_size);
  Wrap(&kvb_plugin_table::remove, &Remove, real_size);
  Wrap(&kvb_plugin_table::iterator_create, &IteratorCreate, real_size);
  Wrap(&kvb_plugin_table::iterator_destroy, &IteratorDestroy, real_size);
  Wrap(&kvb_plugin_table::iterator_seek, &IteratorSeek, real_size);
  Wrap(&kvb_plugin_table::iterator_seek_first, &IteratorSeekFirst, real_size);
  Wrap(&kvb_plugin_table::iterator_next, &IteratorNext, real_size);
  Wrap(&kvb_plugin_table::iterator_valid, &IteratorValid, real_size);
  Wrap(&kvb_plugin_table::iterator_key, &IteratorKey, real_size);
  Wrap(&kvb_plugin_table::iterator_value, &IteratorValue, real_size);
  Wrap(&kvb_plugin_table::iterator_status, &IteratorStatus, real_size);
  Wrap(&kvb_plugin_table::scan, &Scan, real_size);
  Wrap(&kvb_plugin_table::count, &Count, real_size);
  return &g_tracked;
}

std::string ReadCallUnderWay(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return text.substr(0, text.find('\0'));
}

}  // namespace kvbench::conformance
