// Reopen durability: for plugins that declare KVB_CAP_PERSISTENT, what was written (and removed) before
// engine_close is there after engine_open on the same directory.
#include <map>

#include "conformance/check.hpp"
#include "conformance/check_util.hpp"

namespace kvbench::conformance {
namespace {

using Model = std::map<std::string, std::string>;

// Opens the engine on the check's directory, checks every store against its model, and closes it again.
std::string VerifyReopened(CheckContext& ctx, const std::map<std::string, Model>& stores, const char* when) {
  std::unique_ptr<host::EngineClient> engine;
  Status s = ctx.OpenEngine(&engine);
  if (!s.ok()) return Failure(Str("reopening ", when), s);
  for (const auto& [name, model] : stores) {
    std::unique_ptr<host::StoreClient> store;
    if (s = OpenStore(*engine, name, &store); !s.ok()) return Str(when, ": ", s.message());
    Entries got;
    if (s = ReadAll(*store, &got); !s.ok()) return Failure(Str("iterating store '", name, "' ", when), s);
    if (std::string d = DiffEntries(ToEntries(model), got); !d.empty())
      return Str("store '", name, "' ", when, ": ", d);
    for (const auto& [k, v] : model) {
      GetResult g = GetValue(*store, k);
      if (g.rc != KVB_OK || g.value != v) return Str("store '", name, "' ", when, ": get ", Printable(k), " failed");
    }
  }
  if (s = engine->Close(); !s.ok()) return Failure(Str("closing ", when), s);
  return "";
}

Outcome ReopenDurability(CheckContext& ctx) {
  if (!ctx.plugin()->Has(KVB_CAP_PERSISTENT)) {
    return Outcome::Skip("the plugin does not declare KVB_CAP_PERSISTENT (data need not survive close)");
  }
  std::map<std::string, Model> models;
  // Round 1: puts, overwrites and removes in two stores, closed without an explicit settle.
  {
    std::unique_ptr<host::EngineClient> engine;
    Status s = ctx.OpenEngine(&engine);
    if (!s.ok()) return Outcome::Fail(Failure("open", s));
    for (const char* name : {"first", "second"}) {
      std::unique_ptr<host::StoreClient> store;
      if (s = OpenStore(*engine, name, &store); !s.ok()) return Outcome::Fail(s.message());
      Model& m = models[name];
      for (int i = 0; i < 1000; ++i) m[Str(name, "-", 10000 + i)] = Str(i, std::string(i % 50, 'v'));
      m[std::string(1, '\0') + "binary\xff"] = std::string("\0\xff", 2);
      if (s = PutAll(*store, ToEntries(m)); !s.ok()) return Outcome::Fail(s.message());
      for (int i = 0; i < 1000; i += 7) {
        const std::string k = Str(name, "-", 10000 + i);
        store->Remove(k);
        m.erase(k);
      }
      for (int i = 1; i < 1000; i += 10) {
        const std::string k = Str(name, "-", 10000 + i);
        if (m.count(k)) {
          m[k] = "overwritten";
          store->Put(k, "overwritten");
        }
      }
    }
    if (s = engine->Close(); !s.ok()) return Outcome::Fail(Failure("close", s));
  }
  if (std::string why = VerifyReopened(ctx, models, "after close + reopen"); !why.empty()) return Outcome::Fail(why);
  // Round 2: more changes after stabilize and settle, then a second reopen.
  {
    std::unique_ptr<host::EngineClient> engine;
    Status s = ctx.OpenEngine(&engine);
    if (!s.ok()) return Outcome::Fail(Failure("open for round 2", s));
    std::unique_ptr<host::StoreClient> store;
    if (s = OpenStore(*engine, "first", &store); !s.ok()) return Outcome::Fail(s.message());
    if (s = engine->Stabilize(); !s.ok()) return Outcome::Fail(Failure("stabilize", s));
    Model& m = models["first"];
    for (int i = 0; i < 1000; i += 3) {
      const std::string k = Str("first-", 10000 + i);
      store->Remove(k);
      m.erase(k);
    }
    store->Put("first-new", "round2");
    m["first-new"] = "round2";
    if (s = engine->Settle(); !s.ok()) return Outcome::Fail(Failure("settle", s));
    store.reset();
    if (s = engine->Close(); !s.ok()) return Outcome::Fail(Failure("close", s));
  }
  if (std::string why = VerifyReopened(ctx, models, "after the second reopen"); !why.empty()) return Outcome::Fail(why);
  return Outcome::Pass(Str("puts, overwrites and removes in 2 stores (", models["first"].size(), " + ",
                           models["second"].size(), " keys) survive two close/reopen cycles"));
}

}  // namespace

void AddDurabilityChecks(std::vector<Check>* checks) {
  checks->push_back({"durability.reopen",
                     "with KVB_CAP_PERSISTENT: data, overwrites and removes survive close + reopen of the directory",
                     &ReopenDurability});
}

}  // namespace kvbench::conformance
