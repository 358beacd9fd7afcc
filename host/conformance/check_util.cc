#include "conformance/check_util.hpp"

#include <algorithm>
#include <cstring>

namespace kvbench::conformance {

std::string Printable(std::string_view bytes) {
  constexpr size_t kMaxShown = 40;
  std::string out = "\"";
  const size_t shown = std::min(bytes.size(), kMaxShown);
  for (size_t i = 0; i < shown; ++i) {
    const unsigned char c = static_cast<unsigned char>(bytes[i]);
    if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
      out += static_cast<char>(c);
    } else {
      static const char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  out += "\"";
  if (shown < bytes.size()) out += Str("...(", bytes.size(), " bytes)");
  return out;
}

void ErrBuffer::Reset() {
  std::memset(text, 0, sizeof(text));
  std::memcpy(text, kSentinel, sizeof(kSentinel));
}

bool ErrBuffer::touched() const { return std::memcmp(text, kSentinel, sizeof(kSentinel)) != 0; }

GetResult GetValue(host::StoreClient& store, std::string_view key) {
  GetResult r;
  auto sink = [&r](std::string_view v) {
    ++r.sink_calls;
    r.value.assign(v.data(), v.size());
  };
  r.rc = store.Get(key, sink);
  if (r.rc != KVB_OK && r.rc != KVB_NOT_FOUND) r.error = store.last_error();
  return r;
}

Status ReadAll(host::StoreClient& store, Entries* out) {
  out->clear();
  std::unique_ptr<host::IteratorClient> it;
  Status s = store.NewIterator(&it);
  if (!s.ok()) return s;
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    std::string key(it->key());
    if (!out->empty() && !(out->back().first < key)) {
      return Status::Corruption(Str("iterator yielded ", Printable(key), " after ", Printable(out->back().first),
                                    " (keys must be strictly increasing, bytewise)"));
    }
    out->emplace_back(std::move(key), std::string(it->value()));
  }
  s = it->status();
  if (!s.ok()) return Status(s.code(), "iterator_status after the last entry: " + s.message());
  return Status::OK();
}

Entries ToEntries(const std::map<std::string, std::string>& model) { return Entries(model.begin(), model.end()); }

std::string DiffEntries(const Entries& want, const Entries& got) {
  const size_t n = std::min(want.size(), got.size());
  for (size_t i = 0; i < n; ++i) {
    if (want[i].first != got[i].first) {
      return Str("entry #", i, ": expected key ", Printable(want[i].first), ", got ", Printable(got[i].first));
    }
    if (want[i].second != got[i].second) {
      return Str("entry #", i, " (key ", Printable(want[i].first), "): expected value ", Printable(want[i].second),
                 ", got ", Printable(got[i].second));
    }
  }
  if (want.size() > n) {
    return Str("expected ", want.size(), " entries, got ", got.size(), "; first missing key ",
               Printable(want[n].first));
  }
  if (got.size() > n) {
    return Str("expected ", want.size(), " entries, got ", got.size(), "; first unexpected key ",
               Printable(got[n].first));
  }
  return "";
}

Status PutAll(host::StoreClient& store, const Entries& entries) {
  for (const auto& [k, v] : entries) {
    kvb_status rc = store.Put(k, v);
    if (rc != KVB_OK) return Status(rc, Str("put ", Printable(k), ": ", store.last_error()));
  }
  return Status::OK();
}

Status OpenStore(host::EngineClient& engine, std::string_view name, std::unique_ptr<host::StoreClient>* out) {
  Status s = engine.OpenStore(name, out);
  if (!s.ok()) return Status(s.code(), Str("store '", name, "': ", s.message()));
  return s;
}

kvb_open_params MakeOpenParams(const std::string& dir, const std::string& config) {
  kvb_open_params p{};
  p.struct_size = sizeof(p);
  p.abi_major = KVB_ABI_MAJOR;
  p.abi_minor = KVB_ABI_MINOR;
  p.data_dir = dir.data();
  p.data_dir_size = dir.size();
  p.config_json = config.data();
  p.config_json_size = config.size();
  return p;
}

Status RawEngine::Open(const std::string& dir, const std::string& config_json) {
  Close();
  kvb_open_params p = MakeOpenParams(dir, config_json);
  char err[1024] = {};
  kvb_engine* engine = nullptr;
  kvb_status rc = t_->engine_open(&p, &engine, err, sizeof(err));
  if (rc != KVB_OK) return Status(rc, std::string("engine_open: ") + err);
  if (engine == nullptr) return Status::Internal("engine_open returned OK without an engine");
  engine_ = engine;
  return Status::OK();
}

Status RawEngine::OpenStore(std::string_view name, kvb_store** out) {
  char err[1024] = {};
  *out = nullptr;
  kvb_status rc = t_->store_open(engine_, name.data(), name.size(), out, err, sizeof(err));
  if (rc != KVB_OK) return Status(rc, Str("store_open '", name, "': ", err));
  if (*out == nullptr) return Status::Internal("store_open returned OK without a store");
  stores_.push_back(*out);
  return Status::OK();
}

void RawEngine::CloseStores() {
  for (kvb_store* s : stores_) t_->store_close(s);
  stores_.clear();
}

Status RawEngine::Close() {
  CloseStores();
  if (engine_ == nullptr) return Status::OK();
  char err[1024] = {};
  kvb_status rc = t_->engine_close(engine_, err, sizeof(err));
  engine_ = nullptr;
  return rc == KVB_OK ? Status::OK() : Status(rc, std::string("engine_close: ") + err);
}

std::string Failure(std::string_view what, const Status& s) {
  return Str(what, ": ", StatusCodeName(s.code()), ": ", s.message());
}

std::string Failure(std::string_view what, kvb_status rc, std::string_view detail) {
  return Str(what, ": ", StatusCodeName(rc), detail.empty() ? "" : ": ", detail);
}

}  // namespace kvbench::conformance
