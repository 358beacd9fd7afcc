// Checks of the data calls: bytewise ordering, NOT_FOUND, overwrite, delete, independent stores, store reopen,
// count, and concurrent data calls for plugins that declare them.
#include <atomic>
#include <map>
#include <mutex>
#include <thread>

#include "conformance/check.hpp"
#include "conformance/check_util.hpp"

namespace kvbench::conformance {
namespace {

using Model = std::map<std::string, std::string>;

std::string Bytes(std::initializer_list<int> bytes) {
  std::string s;
  for (int b : bytes) s.push_back(static_cast<char>(b));
  return s;
}

// Keys whose bytewise order differs from signed-char order, C-string order and length order.
std::vector<std::string> OrderingKeys() {
  return {Bytes({0x00}),
          Bytes({0x00, 0x00}),
          Bytes({0x00, 0x01}),
          Bytes({0x01}),
          "A",
          "a",
          Bytes({'a', 0x00}),
          Bytes({'a', 0x00, 0x00}),
          Bytes({'a', 0x01}),
          Bytes({'a', 0x7f}),
          Bytes({'a', 0x80}),
          Bytes({'a', 0xff}),
          "aa",
          "ab",
          "b",
          Bytes({0x7f}),
          Bytes({0x80}),
          Bytes({0xfe}),
          Bytes({0xff}),
          Bytes({0xff, 0x00}),
          Bytes({0xff, 0xff}),
          Bytes({0xff, 0xff, 0xff})};
}

Outcome OrderingBytewise(CheckContext& ctx) {
  std::unique_ptr<host::EngineClient> engine;
  Status s = ctx.OpenEngine(&engine);
  if (!s.ok()) return Outcome::Fail(Failure("open", s));
  std::unique_ptr<host::StoreClient> store;
  if (s = OpenStore(*engine, "ordering", &store); !s.ok()) return Outcome::Fail(s.message());
  std::vector<std::string> keys = OrderingKeys();
  Model model;
  for (size_t i = 0; i < keys.size(); ++i) model[keys[i]] = Str("value-", i);
  model[Bytes({'a'})] = "";                                    // an empty value
  model[Bytes({0x80})] = Bytes({0x00, 0xff, 0x00, 'v'});       // binary value
  model[Bytes({'b'})] = std::string(100 * 1024, 'x') + "end";  // a large value
  // Insert in an order that is neither sorted nor reverse-sorted.
  std::vector<std::string> order;
  for (size_t i = 0; i < keys.size(); i += 2) order.push_back(keys[keys.size() - 1 - i]);
  for (size_t i = 1; i < keys.size(); i += 2) order.push_back(keys[keys.size() - 1 - i]);
  for (const std::string& k : order) {
    if (kvb_status rc = store->Put(k, model[k]); rc != KVB_OK) {
      return Outcome::Fail(Failure("put " + Printable(k), rc, store->last_error()));
    }
  }
  Entries got;
  if (s = ReadAll(*store, &got); !s.ok()) return Outcome::Fail(Failure("iterating", s));
  if (std::string d = DiffEntries(ToEntries(model), got); !d.empty()) return Outcome::Fail("iteration order: " + d);
  for (const auto& [k, v] : model) {
    GetResult g = GetValue(*store, k);
    if (g.rc != KVB_OK) return Outcome::Fail(Failure("get " + Printable(k), g.rc, g.error));
    if (g.sink_calls != 1) return Outcome::Fail(Str("get ", Printable(k), " called the sink ", g.sink_calls, " times"));
    if (g.value != v)
      return Outcome::Fail(Str("get ", Printable(k), ": expected ", Printable(v), ", got ", Printable(g.value)));
  }
  return Outcome::Pass(Str(model.size(),
                           " keys with 0x00/0x7f/0x80/0xff bytes iterate in bytewise order; empty, "
                           "binary and 100 KiB values read back"));
}

Outcome GetNotFound(CheckContext& ctx) {
  std::unique_ptr<host::EngineClient> engine;
  Status s = ctx.OpenEngine(&engine);
  if (!s.ok()) return Outcome::Fail(Failure("open", s));
  std::unique_ptr<host::StoreClient> store;
  if (s = OpenStore(*engine, "notfound", &store); !s.ok()) return Outcome::Fail(s.message());
  // The StoreClient is fresh and nothing in this check fails, so its err buffer must stay empty: a plugin writes
  // err only for results other than OK and NOT_FOUND.
  auto probe = [&](std::string_view key, const char* when) -> std::string {
    int calls = 0;
    auto sink = [&calls](std::string_view) { ++calls; };
    kvb_status rc = store->Get(key, sink);
    if (rc != KVB_NOT_FOUND) {
      return Str("get ", Printable(key), " ", when, ": expected NOT_FOUND, got ", StatusCodeName(rc),
                 rc == KVB_OK ? "" : ": " + store->last_error());
    }
    if (calls != 0) return Str("get ", Printable(key), " ", when, ": NOT_FOUND but the sink was called");
    if (!store->last_error().empty()) {
      return Str("get ", Printable(key), " ", when, ": NOT_FOUND wrote \"", store->last_error(),
                 "\" into the err buffer (NOT_FOUND is not an error)");
    }
    return "";
  };
  if (std::string why = probe("missing", "on an empty store"); !why.empty()) return Outcome::Fail(why);
  for (const char* k : {"b", "d", "f"}) {
    if (kvb_status rc = store->Put(k, "v"); rc != KVB_OK) return Outcome::Fail(Failure("put", rc, store->last_error()));
  }
  for (const char* k : {"a", "c", "e", "g", "bb", "d\x01"}) {
    if (std::string why = probe(k, "between present keys"); !why.empty()) return Outcome::Fail(why);
  }
  if (std::string why = probe(Bytes({'b', 0x00}), "(present key + 0x00)"); !why.empty()) return Outcome::Fail(why);
  if (kvb_status rc = store->Remove("d"); rc != KVB_OK)
    return Outcome::Fail(Failure("remove", rc, store->last_error()));
  if (std::string why = probe("d", "after remove"); !why.empty()) return Outcome::Fail(why);
  GetResult hit = GetValue(*store, "b");
  if (hit.rc != KVB_OK || hit.sink_calls != 1) return Outcome::Fail("get of a present key failed after the misses");
  return Outcome::Pass(
      "absent keys (empty store, between keys, prefixes, after remove) are NOT_FOUND without "
      "calling the sink");
}

Outcome Overwrite(CheckContext& ctx) {
  std::unique_ptr<host::EngineClient> engine;
  Status s = ctx.OpenEngine(&engine);
  if (!s.ok()) return Outcome::Fail(Failure("open", s));
  std::unique_ptr<host::StoreClient> store;
  if (s = OpenStore(*engine, "overwrite", &store); !s.ok()) return Outcome::Fail(s.message());
  const std::string values[] = {"first", std::string(5000, 'L'), "s", "", "last"};
  for (const std::string& v : values) {
    if (kvb_status rc = store->Put("key", v); rc != KVB_OK)
      return Outcome::Fail(Failure("put", rc, store->last_error()));
    GetResult g = GetValue(*store, "key");
    if (g.rc != KVB_OK || g.value != v) {
      return Outcome::Fail(Str("after overwriting with ", Printable(v), ", get returned ", StatusCodeName(g.rc), " ",
                               Printable(g.value)));
    }
  }
  if (kvb_status rc = store->Put("other", "o"); rc != KVB_OK)
    return Outcome::Fail(Failure("put", rc, store->last_error()));
  Entries got;
  if (s = ReadAll(*store, &got); !s.ok()) return Outcome::Fail(Failure("iterating", s));
  if (std::string d = DiffEntries({{"key", "last"}, {"other", "o"}}, got); !d.empty()) {
    return Outcome::Fail("iteration after overwrites: " + d);
  }
  return Outcome::Pass("each put replaces the value (longer, shorter, empty); the key is iterated once");
}

Outcome Delete(CheckContext& ctx) {
  std::unique_ptr<host::EngineClient> engine;
  Status s = ctx.OpenEngine(&engine);
  if (!s.ok()) return Outcome::Fail(Failure("open", s));
  std::unique_ptr<host::StoreClient> store;
  if (s = OpenStore(*engine, "delete", &store); !s.ok()) return Outcome::Fail(s.message());
  if (kvb_status rc = store->Remove("never-written"); rc != KVB_OK) {
    return Outcome::Fail(Failure("remove of an absent key on an empty store (expected OK)", rc, store->last_error()));
  }
  Model model;
  for (int i = 0; i < 20; ++i) model[Str("k", 10 + i)] = Str("v", i);
  if (s = PutAll(*store, ToEntries(model)); !s.ok()) return Outcome::Fail(s.message());
  for (const char* k : {"k10", "k15", "k29"}) {  // first, middle, last
    if (kvb_status rc = store->Remove(k); rc != KVB_OK)
      return Outcome::Fail(Failure(Str("remove ", k), rc, store->last_error()));
    model.erase(k);
    GetResult g = GetValue(*store, k);
    if (g.rc != KVB_NOT_FOUND) return Outcome::Fail(Str("get ", k, " after remove returned ", StatusCodeName(g.rc)));
  }
  for (const char* k : {"k15", "absent", "k"}) {
    if (kvb_status rc = store->Remove(k); rc != KVB_OK) {
      return Outcome::Fail(Failure(Str("remove of absent key ", k, " (expected OK)"), rc, store->last_error()));
    }
  }
  Entries got;
  if (s = ReadAll(*store, &got); !s.ok()) return Outcome::Fail(Failure("iterating", s));
  if (std::string d = DiffEntries(ToEntries(model), got); !d.empty()) return Outcome::Fail("after removes: " + d);
  if (kvb_status rc = store->Put("k15", "again"); rc != KVB_OK)
    return Outcome::Fail(Failure("re-put", rc, store->last_error()));
  GetResult g = GetValue(*store, "k15");
  if (g.rc != KVB_OK || g.value != "again") return Outcome::Fail("a key put again after remove does not read back");
  return Outcome::Pass(
      "removed keys are NOT_FOUND and skipped by iteration; removing an absent key is OK; "
      "re-put after remove works");
}

Outcome StoresIndependent(CheckContext& ctx) {
  std::unique_ptr<host::EngineClient> engine;
  Status s = ctx.OpenEngine(&engine);
  if (!s.ok()) return Outcome::Fail(Failure("open", s));
  const std::vector<std::string> names = {"profiles", "emails", "a.b-c_9", "Z", "store4"};
  std::vector<std::unique_ptr<host::StoreClient>> stores(names.size());
  std::vector<Model> models(names.size());
  for (size_t i = 0; i < names.size(); ++i) {
    if (s = OpenStore(*engine, names[i], &stores[i]); !s.ok()) return Outcome::Fail(s.message());
  }
  for (size_t i = 0; i < names.size(); ++i) {
    for (int j = 0; j < 10; ++j) {
      const std::string k = Str("shared-key-", j);
      const std::string v = Str(names[i], "/", j);
      if (kvb_status rc = stores[i]->Put(k, v); rc != KVB_OK)
        return Outcome::Fail(Failure("put", rc, stores[i]->last_error()));
      models[i][k] = v;
    }
    const std::string own = "only-in-" + names[i];
    if (kvb_status rc = stores[i]->Put(own, "x"); rc != KVB_OK)
      return Outcome::Fail(Failure("put", rc, stores[i]->last_error()));
    models[i][own] = "x";
  }
  // A delete in one store leaves the same key in the others.
  if (kvb_status rc = stores[0]->Remove("shared-key-3"); rc != KVB_OK)
    return Outcome::Fail(Failure("remove", rc, stores[0]->last_error()));
  models[0].erase("shared-key-3");
  for (size_t i = 0; i < names.size(); ++i) {
    Entries got;
    if (s = ReadAll(*stores[i], &got); !s.ok()) return Outcome::Fail(Failure("iterating " + names[i], s));
    if (std::string d = DiffEntries(ToEntries(models[i]), got); !d.empty()) {
      return Outcome::Fail("store '" + names[i] + "': " + d);
    }
    GetResult g = GetValue(*stores[i], "only-in-" + names[(i + 1) % names.size()]);
    if (g.rc != KVB_NOT_FOUND) return Outcome::Fail("store '" + names[i] + "' sees a key of another store");
  }
  return Outcome::Pass(Str(names.size(),
                           " stores of one engine hold separate keyspaces (same keys, different "
                           "values, deletes stay local)"));
}

Outcome StoreReopen(CheckContext& ctx) {
  std::unique_ptr<host::EngineClient> engine;
  Status s = ctx.OpenEngine(&engine);
  if (!s.ok()) return Outcome::Fail(Failure("open", s));
  Entries data = {{"a", "1"}, {"b", "2"}, {"c", "3"}};
  {
    std::unique_ptr<host::StoreClient> store;
    if (s = OpenStore(*engine, "reopened", &store); !s.ok()) return Outcome::Fail(s.message());
    if (s = PutAll(*store, data); !s.ok()) return Outcome::Fail(s.message());
  }
  std::unique_ptr<host::StoreClient> store;
  if (s = OpenStore(*engine, "reopened", &store); !s.ok())
    return Outcome::Fail("reopening a closed store: " + s.message());
  Entries got;
  if (s = ReadAll(*store, &got); !s.ok()) return Outcome::Fail(Failure("iterating", s));
  if (std::string d = DiffEntries(data, got); !d.empty()) return Outcome::Fail("after store_close + store_open: " + d);
  return Outcome::Pass("a store closed and opened again in the same engine keeps its data");
}

Outcome CountMatches(CheckContext& ctx) {
  std::unique_ptr<host::EngineClient> engine;
  Status s = ctx.OpenEngine(&engine);
  if (!s.ok()) return Outcome::Fail(Failure("open", s));
  std::unique_ptr<host::StoreClient> store;
  if (s = OpenStore(*engine, "count", &store); !s.ok()) return Outcome::Fail(s.message());
  const bool slot = ctx.plugin()->HasCount();
  auto verify = [&](uint64_t want, const char* when) -> std::string {
    uint64_t n = ~uint64_t{0};
    Status c = store->Count(&n);  // the count slot when present, else the host's full iteration
    if (!c.ok()) return Failure(Str("count ", when), c);
    if (n != want) return Str("count ", when, ": expected ", want, ", got ", n, slot ? " (count slot)" : "");
    Entries all;
    if (Status r = ReadAll(*store, &all); !r.ok()) return Failure("iterating", r);
    if (all.size() != want) return Str("iteration ", when, " yields ", all.size(), " entries, expected ", want);
    return "";
  };
  if (std::string why = verify(0, "of an empty store"); !why.empty()) return Outcome::Fail(why);
  for (int i = 0; i < 300; ++i) {
    if (kvb_status rc = store->Put(Str("key", i), "v"); rc != KVB_OK)
      return Outcome::Fail(Failure("put", rc, store->last_error()));
  }
  if (std::string why = verify(300, "after 300 puts"); !why.empty()) return Outcome::Fail(why);
  for (int i = 0; i < 100; ++i) store->Put(Str("key", i), "overwritten");
  if (std::string why = verify(300, "after 100 overwrites"); !why.empty()) return Outcome::Fail(why);
  for (int i = 0; i < 300; i += 3) store->Remove(Str("key", i));
  store->Remove("absent");
  if (std::string why = verify(200, "after 100 removes"); !why.empty()) return Outcome::Fail(why);
  return Outcome::Pass(
      Str("count matches the live keys through ", slot ? "the count slot" : "the host's fallback", " and iteration"));
}

// Counts a store's entries with the raw iterator calls (for stores shared across threads).
Status RawCount(const kvb_plugin_table& t, kvb_store* store, uint64_t* n) {
  char err[512] = {};
  kvb_iterator* it = nullptr;
  kvb_status rc = t.iterator_create(store, &it, err, sizeof(err));
  if (rc != KVB_OK) return Status(rc, err);
  *n = 0;
  for (t.iterator_seek_first(it); t.iterator_valid(it); t.iterator_next(it)) ++*n;
  rc = t.iterator_status(it, err, sizeof(err));
  t.iterator_destroy(it);
  return rc == KVB_OK ? Status::OK() : Status(rc, err);
}

Outcome ConcurrentDataCalls(CheckContext& ctx) {
  if (!ctx.plugin()->Has(KVB_CAP_CONCURRENT_DATA_CALLS)) {
    return Outcome::Skip("the plugin does not declare KVB_CAP_CONCURRENT_DATA_CALLS (the host serialises its calls)");
  }
  const kvb_plugin_table& t = ctx.table();
  RawEngine engine(&t);
  Status s = engine.Open(ctx.data_dir(), "");
  if (!s.ok()) return Outcome::Fail(Failure("open", s));
  constexpr int kThreads = 4;
  constexpr int kKeysPerThread = 2000;
  kvb_store* shared = nullptr;
  if (s = engine.OpenStore("shared", &shared); !s.ok()) return Outcome::Fail(s.message());
  std::vector<kvb_store*> own(kThreads);
  for (int i = 0; i < kThreads; ++i) {
    if (s = engine.OpenStore(Str("own", i), &own[i]); !s.ok()) return Outcome::Fail(s.message());
  }
  std::mutex mu;
  std::string first_error;
  auto fail = [&](std::string e) {
    std::lock_guard<std::mutex> lock(mu);
    if (first_error.empty()) first_error = std::move(e);
  };
  auto worker = [&](int id) {
    char err[512];
    std::string got;
    auto sink = [](void* c, const void* d, size_t n) {
      static_cast<std::string*>(c)->assign(static_cast<const char*>(d), n);
    };
    for (int j = 0; j < kKeysPerThread; ++j) {
      const std::string key = Str("t", id, "-", 100000 + j);
      const std::string value = Str("value-", id, "-", j);
      for (kvb_store* store : {own[id], shared}) {
        kvb_status rc = t.put(store, key.data(), key.size(), value.data(), value.size(), err, sizeof(err));
        if (rc != KVB_OK) return fail(Failure("concurrent put", rc, err));
        got.clear();
        rc = t.get(store, key.data(), key.size(), sink, &got, err, sizeof(err));
        if (rc != KVB_OK || got != value) return fail(Str("concurrent get of ", key, " returned ", StatusCodeName(rc)));
      }
      if (j % 500 == 0) {
        uint64_t n = 0;
        if (Status c = RawCount(t, own[id], &n); !c.ok()) return fail(Failure("concurrent iteration", c));
        if (n != static_cast<uint64_t>(j + 1))
          return fail(Str("thread ", id, " iterates ", n, " own keys, expected ", j + 1));
        if (Status c = RawCount(t, shared, &n); !c.ok())
          return fail(Failure("concurrent iteration of the shared store", c));
      }
    }
  };
  std::vector<std::thread> threads;
  for (int i = 0; i < kThreads; ++i) threads.emplace_back(worker, i);
  for (std::thread& th : threads) th.join();
  if (!first_error.empty()) return Outcome::Fail(first_error);
  uint64_t n = 0;
  if (s = RawCount(t, shared, &n); !s.ok()) return Outcome::Fail(Failure("iterating the shared store", s));
  if (n != static_cast<uint64_t>(kThreads * kKeysPerThread)) {
    return Outcome::Fail(
        Str("the shared store holds ", n, " keys after the threads, expected ", kThreads * kKeysPerThread));
  }
  return Outcome::Pass(Str(kThreads, " threads x ", kKeysPerThread,
                           " put/get on own stores and one shared store; "
                           "all keys present"));
}

// Store names are ASCII [A-Za-z0-9._-] (docs/plugin-abi.md): every such character is accepted, anything else is
// refused with KVB_INVALID_ARGUMENT (a name becomes a file or a column family in many engines: "a/b" or "../x"
// must never reach the file system).
Outcome StoreNames(CheckContext& ctx) {
  std::unique_ptr<host::EngineClient> engine;
  Status s = ctx.OpenEngine(&engine);
  if (!s.ok()) return Outcome::Fail(Failure("open", s));
  const std::string every_allowed = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-";
  {
    std::unique_ptr<host::StoreClient> store;
    if (s = OpenStore(*engine, every_allowed, &store); !s.ok()) {
      return Outcome::Fail("a name of every allowed character is refused: " + s.message());
    }
    if (kvb_status rc = store->Put("k", "v"); rc != KVB_OK)
      return Outcome::Fail(Failure("put", rc, store->last_error()));
    const GetResult got = GetValue(*store, "k");
    if (got.rc != KVB_OK || got.value != "v") return Outcome::Fail("the store of every allowed character lost its key");
  }
  const std::vector<std::string> refused = {
      "", "a/b", "../x", "a b", "a\\b", "caf\xc3\xa9", "tab\t", "a:b", std::string("a\0b", 3), "store*"};
  for (const std::string& name : refused) {
    std::unique_ptr<host::StoreClient> store;
    s = engine->OpenStore(name, &store);
    if (s.code() != KVB_INVALID_ARGUMENT) {
      return Outcome::Fail(Str("store name ", Printable(name), " (outside [A-Za-z0-9._-]): ",
                               s.ok() ? std::string("accepted") : Failure("store_open", s),
                               ", expected KVB_INVALID_ARGUMENT"));
    }
  }
  s = engine->Close();
  if (!s.ok()) return Outcome::Fail(Failure("close", s));
  return Outcome::Pass(Str("every allowed character accepted; ", refused.size(),
                           " names outside [A-Za-z0-9._-] refused with KVB_INVALID_ARGUMENT"));
}

}  // namespace

void AddDataChecks(std::vector<Check>* checks) {
  checks->push_back({"data.ordering_bytewise",
                     "keys iterate in bytewise (unsigned) order incl. 0x00/0xff bytes; empty and binary values",
                     &OrderingBytewise});
  checks->push_back(
      {"data.get_not_found", "an absent key is NOT_FOUND (not an error) and the sink is not called", &GetNotFound});
  checks->push_back({"data.overwrite", "put replaces an earlier value", &Overwrite});
  checks->push_back({"data.delete", "remove deletes; removing an absent key is OK", &Delete});
  checks->push_back(
      {"data.stores_independent", "several stores of one engine are independent keyspaces", &StoresIndependent});
  checks->push_back(
      {"data.store_reopen", "a store closed and reopened in the same engine keeps its data", &StoreReopen});
  checks->push_back({"data.valid_store_names",
                     "store names of every [A-Za-z0-9._-] character open; any other name is KVB_INVALID_ARGUMENT",
                     &StoreNames});
  checks->push_back({"data.count", "count (slot or host fallback) matches the live keys", &CountMatches});
  checks->push_back({"data.concurrent_calls",
                     "with KVB_CAP_CONCURRENT_DATA_CALLS: threads put/get on own and shared stores",
                     &ConcurrentDataCalls});
}

}  // namespace kvbench::conformance
