#include "plugin/engine_client.hpp"

#include <spdlog/spdlog.h>

namespace kvbench::host {

Status EngineClient::Open(std::shared_ptr<const PluginLibrary> plugin, const std::string& data_dir,
                          const std::string& config_json, std::unique_ptr<EngineClient>* out) {
  kvb_open_params params{};
  params.struct_size = sizeof(params);
  params.abi_major = KVB_ABI_MAJOR;
  params.abi_minor = KVB_ABI_MINOR;
  params.data_dir = data_dir.data();
  params.data_dir_size = data_dir.size();
  params.config_json = config_json.data();
  params.config_json_size = config_json.size();
  char err[1024] = {};
  kvb_engine* engine = nullptr;
  kvb_status rc = plugin->table().engine_open(&params, &engine, err, sizeof(err));
  if (rc != KVB_OK) {
    return Status(rc == KVB_NOT_FOUND ? KVB_INTERNAL : rc,
                  std::string("engine_open (") + StatusCodeName(rc) + "): " + err);
  }
  if (engine == nullptr) return Status::Internal("engine_open returned OK without an engine handle");
  out->reset(new EngineClient(std::move(plugin), engine));
  return Status::OK();
}

EngineClient::~EngineClient() {
  if (engine_ != nullptr) {
    Status s = Close();
    if (!s.ok()) spdlog::warn("closing engine {}: {}", plugin_->name(), s.message());
  }
}

Status EngineClient::Check(kvb_status rc, const char* what) {
  if (rc == KVB_OK) return Status::OK();
  return Status(rc, std::string(what) + " (" + StatusCodeName(rc) + "): " + err_);
}

Status EngineClient::OpenStore(std::string_view name, std::unique_ptr<StoreClient>* out) {
  kvb_store* store = nullptr;
  kvb_status rc = plugin_->table().store_open(engine_, name.data(), name.size(), &store, err_, sizeof(err_));
  if (rc != KVB_OK) return Check(rc == KVB_NOT_FOUND ? KVB_INTERNAL : rc, "store_open");
  if (store == nullptr) return Status::Internal("store_open returned OK without a store handle");
  *out = std::make_unique<StoreClient>(data_table_ != nullptr ? data_table_ : &plugin_->table(), plugin_.get(), store,
                                       std::string(name));
  return Status::OK();
}

Status EngineClient::Stabilize() { return Check(plugin_->table().engine_stabilize(engine_, err_, sizeof(err_)), "stabilize"); }

Status EngineClient::Settle() { return Check(plugin_->table().engine_settle(engine_, err_, sizeof(err_)), "settle"); }

Status EngineClient::Close() {
  kvb_engine* engine = engine_;
  engine_ = nullptr;
  if (engine == nullptr) return Status::OK();
  return Check(plugin_->table().engine_close(engine, err_, sizeof(err_)), "engine_close");
}

Status EngineClient::Describe(int32_t kind, std::string* out) {
  out->clear();
  kvb_status rc = plugin_->table().engine_describe(
      engine_, kind,
      [](void* ctx, const void* data, size_t size) {
        static_cast<std::string*>(ctx)->assign(static_cast<const char*>(data), size);
      },
      out, err_, sizeof(err_));
  return Check(rc, "engine_describe");
}

kvb_status StoreClient::Scan(const kvb_scan_request& request, kvb_entry_sink sink, void* context,
                             uint64_t* visited) {
  if (plugin_->HasScan()) return t_->scan(store_, &request, sink, context, visited, err_, sizeof(err_));
  return ScanWithIterator(request, sink, context, visited);
}

kvb_status StoreClient::ScanWithIterator(const kvb_scan_request& request, kvb_entry_sink sink, void* context,
                                         uint64_t* visited) {
  kvb_iterator* it = nullptr;
  kvb_status rc = t_->iterator_create(store_, &it, err_, sizeof(err_));
  if (rc != KVB_OK) return rc;
  if (request.flags & KVB_SCAN_FROM_FIRST) {
    t_->iterator_seek_first(it);
  } else {
    t_->iterator_seek(it, request.start, request.start_size);
  }
  const bool prefix = (request.flags & KVB_SCAN_BOUND_IS_PREFIX) != 0;
  const bool inclusive = (request.flags & KVB_SCAN_BOUND_INCLUSIVE) != 0;
  std::string_view bound(static_cast<const char*>(request.bound), request.bound ? request.bound_size : 0);
  uint64_t n = 0;
  while (t_->iterator_valid(it) && (request.limit == 0 || n < request.limit)) {
    const void* k = nullptr;
    const void* v = nullptr;
    size_t ks = 0, vs = 0;
    t_->iterator_key(it, &k, &ks);
    std::string_view key(static_cast<const char*>(k), ks);
    if (request.bound != nullptr) {
      if (prefix) {
        if (key.substr(0, bound.size()) != bound) break;
      } else {
        int c = key.compare(bound);
        if (inclusive ? c > 0 : c >= 0) break;
      }
    }
    t_->iterator_value(it, &v, &vs);
    ++n;
    if (sink(context, k, ks, v, vs) != 0) break;
    t_->iterator_next(it);
  }
  rc = t_->iterator_status(it, err_, sizeof(err_));
  t_->iterator_destroy(it);
  if (visited != nullptr) *visited = n;
  return rc;
}

Status StoreClient::Count(uint64_t* count) {
  if (plugin_->HasCount()) {
    kvb_status rc = t_->count(store_, count, err_, sizeof(err_));
    return rc == KVB_OK ? Status::OK() : Status(rc, std::string("count: ") + err_);
  }
  kvb_scan_request r = MakeScanRequest();
  r.flags = KVB_SCAN_FROM_FIRST;
  uint64_t n = 0;
  kvb_status rc = Scan(
      r, [](void*, const void*, size_t, const void*, size_t) -> int32_t { return 0; }, nullptr, &n);
  if (rc != KVB_OK) return Status(rc, std::string("count by scan: ") + err_);
  *count = n;
  return Status::OK();
}

Status StoreClient::NewIterator(std::unique_ptr<IteratorClient>* out) {
  kvb_iterator* it = nullptr;
  kvb_status rc = t_->iterator_create(store_, &it, err_, sizeof(err_));
  if (rc != KVB_OK) return Status(rc, std::string("iterator_create: ") + err_);
  *out = std::make_unique<IteratorClient>(t_, it);
  return Status::OK();
}

}  // namespace kvbench::host
