// Checks of iteration: unpositioned and empty iterators, end of data vs error, seeks, and range/prefix scans with
// exclusive/inclusive bounds, limits and early stops through the iterator, the plugin's batched scan and the
// host's fallback scan; and the size-versioning of kvb_scan_request.
#include <cstring>
#include <map>
#include <optional>

#include "conformance/check.hpp"
#include "conformance/check_util.hpp"

namespace kvbench::conformance {
namespace {

using Model = std::map<std::string, std::string>;

std::string B(std::initializer_list<int> bytes) {
  std::string s;
  for (int b : bytes) s.push_back(static_cast<char>(b));
  return s;
}

Model RangeData() {
  const std::string keys[] = {"a",
                              "ab",
                              "abc",
                              "abd",
                              "ac",
                              "b",
                              B({'b', 0}),
                              B({'b', 0, 1}),
                              B({'b', 1}),
                              B({'b', 0xff}),
                              B({'b', 0xff, 0xff}),
                              "ba",
                              "c",
                              B({0xff}),
                              B({0xff, 0}),
                              B({0xff, 0xff}),
                              B({0xff, 0xff, 1})};
  Model m;
  int i = 0;
  for (const std::string& k : keys) m[k] = Str("v", i++);
  return m;
}

struct RangeCase {
  const char* name;
  uint32_t flags;
  std::string start;
  std::optional<std::string> bound;
  uint64_t limit = 0;
  uint64_t stop_after = 0;  // the sink asks to stop after this many entries (0: never)
};

std::vector<RangeCase> RangeCases() {
  const uint32_t kFirst = KVB_SCAN_FROM_FIRST, kPrefix = KVB_SCAN_BOUND_IS_PREFIX, kIncl = KVB_SCAN_BOUND_INCLUSIVE;
  return {
      {"everything", kFirst, "", std::nullopt},
      {"from 'ab', no bound", 0, "ab", std::nullopt},
      {"from 'aa' (absent) to 'b' exclusive", 0, "aa", "b"},
      {"from 'ab' to 'b' inclusive", kIncl, "ab", "b"},
      {"from 'a' to 'b\\x00' exclusive", 0, "a", B({'b', 0})},
      {"from 'a' to 'b\\x00' inclusive", kIncl, "a", B({'b', 0})},
      {"from 'abc' to 'abc' inclusive", kIncl, "abc", "abc"},
      {"from 'abc' to 'abc' exclusive", 0, "abc", "abc"},
      {"start after the bound", 0, "b", "a"},
      {"from first to '\\xff' exclusive", kFirst, "", B({0xff})},
      {"from 'c' to '\\xff\\xff' inclusive", kIncl, "c", B({0xff, 0xff})},
      {"upper bound '' (empty, exclusive)", kFirst, "", ""},
      {"prefix 'ab'", kPrefix, "ab", "ab"},
      {"prefix 'b'", kPrefix, "b", "b"},
      {"prefix 'b' from 'b\\x01'", kPrefix, B({'b', 1}), "b"},
      {"prefix 'b\\xff'", kPrefix, B({'b', 0xff}), B({'b', 0xff})},
      {"prefix '\\xff\\xff'", kPrefix, B({0xff, 0xff}), B({0xff, 0xff})},
      {"prefix 'abz' (no match)", kPrefix, "abz", "abz"},
      {"prefix '' (everything)", kPrefix | kFirst, "", ""},
      {"from 'b\\x00\\x00' (between keys)", 0, B({'b', 0, 0}), std::nullopt},
      {"limit 3 from first", kFirst, "", std::nullopt, 3},
      {"limit 2 with prefix 'b'", kPrefix, "b", "b", 2},
      {"limit 100 (more than the range) to 'abd' inclusive", kIncl, "a", "abd", 100},
      {"sink stops after 2 from 'b'", 0, "b", std::nullopt, 0, 2},
      {"from past the end", 0, B({0xff, 0xff, 0xff}), std::nullopt},
      // Every other start/bound combination: a start before, inside, at and after the range, from first, empty.
      // Keys >= start are visited while they have the prefix: a start before the prefix with keys between visits
      // nothing (a plugin that jumps ahead to the prefix is wrong), with no key between it visits the prefix's.
      {"prefix 'b' from 'a' (before the prefix, keys between)", kPrefix, "a", "b"},
      {"prefix 'b' from 'ad' (before the prefix, no key between)", kPrefix, "ad", "b"},
      {"prefix 'b' from first (the first key lacks the prefix)", kPrefix | kFirst, "", "b"},
      {"prefix 'a' from first", kPrefix | kFirst, "", "a"},
      {"prefix 'ab' from 'abc' (inside the prefix)", kPrefix, "abc", "ab"},
      {"prefix 'b' from 'c' (after the prefix)", kPrefix, "c", "b"},
      {"prefix 'b' from '' (empty start, before the prefix)", kPrefix, "", "b"},
      {"prefix 'b' limit 1 from 'ba'", kPrefix, "ba", "b", 1},
      {"from '' (empty start), no bound", 0, "", std::nullopt},
      {"from '' to 'b' inclusive", kIncl, "", "b"},
      {"from first to 'ab' inclusive", kFirst | kIncl, "", "ab"},
      {"from 'b' to 'b' exclusive (start at the bound)", 0, "b", "b"},
      {"from 'c' to 'b' inclusive (start after the bound)", kIncl, "c", "b"},
      {"from 'ab' to 'ab\\x00' exclusive (just the start)", 0, "ab", B({'a', 'b', 0})},
  };
}

// The expected result of `c` over `model`, from the semantics in plugin.h.
Entries Expected(const Model& model, const RangeCase& c) {
  Entries out;
  auto it = (c.flags & KVB_SCAN_FROM_FIRST) ? model.begin() : model.lower_bound(c.start);
  for (; it != model.end(); ++it) {
    const std::string& k = it->first;
    if (c.bound) {
      if (c.flags & KVB_SCAN_BOUND_IS_PREFIX) {
        if (k.compare(0, c.bound->size(), *c.bound) != 0) break;
      } else if (c.flags & KVB_SCAN_BOUND_INCLUSIVE ? k > *c.bound : k >= *c.bound) {
        break;
      }
    }
    if (c.limit != 0 && out.size() >= c.limit) break;
    out.emplace_back(k, it->second);
    if (c.stop_after != 0 && out.size() >= c.stop_after) break;
  }
  return out;
}

kvb_scan_request ToRequest(const RangeCase& c) {
  kvb_scan_request r = host::MakeScanRequest();
  r.flags = c.flags;
  r.start = c.start.data();
  r.start_size = c.start.size();
  if (c.bound) {
    r.bound = c.bound->data();  // non-NULL even for an empty bound: an empty bound is still a bound
    r.bound_size = c.bound->size();
  }
  r.limit = c.limit;
  return r;
}

struct Collector {
  Entries entries;
  uint64_t stop_after = 0;
  static int32_t Sink(void* ctx, const void* k, size_t ks, const void* v, size_t vs) {
    auto* self = static_cast<Collector*>(ctx);
    self->entries.emplace_back(std::string(static_cast<const char*>(k), ks),
                               std::string(static_cast<const char*>(v), vs));
    return self->stop_after != 0 && self->entries.size() >= self->stop_after ? 1 : 0;
  }
};

// A store filled with RangeData() in an engine opened for the check.
struct RangeFixture {
  std::unique_ptr<host::EngineClient> engine;
  std::unique_ptr<host::StoreClient> store;
  Model model = RangeData();
  Status Open(CheckContext& ctx) {
    Status s = ctx.OpenEngine(&engine);
    if (!s.ok()) return s;
    if (s = OpenStore(*engine, "range", &store); !s.ok()) return s;
    // A second store with overlapping keys: a scan must not leak into it.
    std::unique_ptr<host::StoreClient> other;
    if (s = OpenStore(*engine, "range-neighbour", &other); !s.ok()) return s;
    if (s = PutAll(*other, {{"abcd", "other"}, {"b", "other"}, {B({0xff, 0xff, 0xff}), "other"}}); !s.ok()) return s;
    return PutAll(*store, ToEntries(model));
  }
};

enum class ScanPath { kIterator, kPluginScan, kHostFallback };

// Runs one range case through `path`; "" when the entries (and visited count) are as expected.
std::string RunCase(RangeFixture& f, const RangeCase& c, ScanPath path) {
  const Entries want = Expected(f.model, c);
  Collector got;
  got.stop_after = c.stop_after;
  uint64_t visited = ~uint64_t{0};
  if (path == ScanPath::kIterator) {
    std::unique_ptr<host::IteratorClient> it;
    Status s = f.store->NewIterator(&it);
    if (!s.ok()) return Failure("iterator_create", s);
    if (c.flags & KVB_SCAN_FROM_FIRST) {
      it->SeekToFirst();
    } else {
      it->Seek(c.start);
    }
    for (; it->Valid(); it->Next()) {
      std::string_view k = it->key();
      if (c.bound) {
        if (c.flags & KVB_SCAN_BOUND_IS_PREFIX) {
          if (k.substr(0, c.bound->size()) != *c.bound) break;
        } else if (c.flags & KVB_SCAN_BOUND_INCLUSIVE ? k > *c.bound : k >= *c.bound) {
          break;
        }
      }
      if (c.limit != 0 && got.entries.size() >= c.limit) break;
      std::string_view v = it->value();
      if (Collector::Sink(&got, k.data(), k.size(), v.data(), v.size()) != 0) break;
    }
    if (s = it->status(); !s.ok()) return Failure("iterator_status", s);
    visited = got.entries.size();
  } else {
    kvb_scan_request r = ToRequest(c);
    kvb_status rc = path == ScanPath::kPluginScan ? f.store->Scan(r, &Collector::Sink, &got, &visited)
                                                  : f.store->ScanWithIterator(r, &Collector::Sink, &got, &visited);
    if (rc != KVB_OK) return Failure("scan", rc, f.store->last_error());
  }
  if (std::string d = DiffEntries(want, got.entries); !d.empty()) return d;
  if (visited != got.entries.size()) {
    return Str("visited says ", visited, " but the sink received ", got.entries.size(), " entries");
  }
  return "";
}

Outcome RangeThrough(CheckContext& ctx, ScanPath path, const char* what) {
  if (path == ScanPath::kPluginScan && !ctx.plugin()->HasScan()) {
    return Outcome::Skip("the plugin has no scan slot (KVB_CAP_SCAN); the host uses its fallback");
  }
  RangeFixture f;
  if (Status s = f.Open(ctx); !s.ok()) return Outcome::Fail(Failure("setting up", s));
  const std::vector<RangeCase> cases = RangeCases();
  for (const RangeCase& c : cases) {
    if (std::string d = RunCase(f, c, path); !d.empty()) return Outcome::Fail(Str(what, ", case '", c.name, "': ", d));
  }
  if (path == ScanPath::kPluginScan) {  // visited may be NULL
    kvb_scan_request r = ToRequest(cases[0]);
    Collector got;
    if (kvb_status rc = f.store->Scan(r, &Collector::Sink, &got, nullptr);
        rc != KVB_OK || got.entries.size() != f.model.size()) {
      return Outcome::Fail(Failure("scan with visited == NULL", rc, f.store->last_error()));
    }
  }
  return Outcome::Pass(Str(cases.size(),
                           " range/prefix cases (exclusive/inclusive/empty bounds, 0x00/0xff bytes, "
                           "limits, early stop) through ",
                           what));
}

Outcome RangeIterator(CheckContext& ctx) { return RangeThrough(ctx, ScanPath::kIterator, "the iterator"); }
Outcome RangePluginScan(CheckContext& ctx) { return RangeThrough(ctx, ScanPath::kPluginScan, "the plugin's scan"); }
Outcome RangeHostFallback(CheckContext& ctx) {
  return RangeThrough(ctx, ScanPath::kHostFallback, "the host's fallback scan");
}

Outcome EmptyAndUnpositioned(CheckContext& ctx) {
  std::unique_ptr<host::EngineClient> engine;
  Status s = ctx.OpenEngine(&engine);
  if (!s.ok()) return Outcome::Fail(Failure("open", s));
  std::unique_ptr<host::StoreClient> store;
  if (s = OpenStore(*engine, "empty", &store); !s.ok()) return Outcome::Fail(s.message());
  std::unique_ptr<host::IteratorClient> it;
  if (s = store->NewIterator(&it); !s.ok()) return Outcome::Fail(Failure("iterator_create", s));
  if (it->Valid()) return Outcome::Fail("a new iterator is valid before any seek (it must start unpositioned)");
  it->SeekToFirst();
  if (it->Valid()) return Outcome::Fail("seek_first on an empty store is valid");
  if (s = it->status(); !s.ok()) return Outcome::Fail(Failure("iterator_status after seek_first on an empty store", s));
  it->Seek("x");
  if (it->Valid()) return Outcome::Fail("seek on an empty store is valid");
  if (s = it->status(); !s.ok()) return Outcome::Fail(Failure("iterator_status after seek on an empty store", s));
  it.reset();
  // A populated store: a fresh iterator is still unpositioned.
  if (kvb_status rc = store->Put("k", "v"); rc != KVB_OK) return Outcome::Fail(Failure("put", rc, store->last_error()));
  if (s = store->NewIterator(&it); !s.ok()) return Outcome::Fail(Failure("iterator_create", s));
  if (it->Valid()) return Outcome::Fail("a new iterator on a populated store is valid before any seek");
  return Outcome::Pass("new iterators are unpositioned; seek_first/seek on an empty store: not valid, status OK");
}

Outcome EndVersusError(CheckContext& ctx) {
  RangeFixture f;
  if (Status s = f.Open(ctx); !s.ok()) return Outcome::Fail(Failure("setting up", s));
  std::unique_ptr<host::IteratorClient> it;
  if (Status s = f.store->NewIterator(&it); !s.ok()) return Outcome::Fail(Failure("iterator_create", s));
  for (int round = 0; round < 2; ++round) {  // walking to the end twice: an ended iterator can seek again
    size_t n = 0;
    for (it->SeekToFirst(); it->Valid(); it->Next()) {
      if (Status s = it->status(); !s.ok()) return Outcome::Fail(Failure("iterator_status on a valid iterator", s));
      ++n;
    }
    if (n != f.model.size())
      return Outcome::Fail(Str("walk ", round, " saw ", n, " entries, expected ", f.model.size()));
    Status s = it->status();
    if (!s.ok()) {
      return Outcome::Fail("at the end of data iterator_status is " + Failure("", s) +
                           " (end of data is not an error: it must be OK)");
    }
    if (s = it->status(); !s.ok()) return Outcome::Fail("iterator_status is not stable when asked twice");
  }
  return Outcome::Pass(Str("walking ", f.model.size(),
                           " entries to the end: valid becomes 0, iterator_status OK; "
                           "the ended iterator seeks again"));
}

Outcome Seeks(CheckContext& ctx) {
  RangeFixture f;
  if (Status s = f.Open(ctx); !s.ok()) return Outcome::Fail(Failure("setting up", s));
  std::unique_ptr<host::IteratorClient> it;
  if (Status s = f.store->NewIterator(&it); !s.ok()) return Outcome::Fail(Failure("iterator_create", s));
  struct SeekCase {
    std::string target;
    std::optional<std::string> lands_on;  // nullopt: past the end
  };
  const SeekCase cases[] = {
      {B({0xff, 0xff, 1, 0}), std::nullopt},        // just past the last key, on a fresh iterator
      {"abc", "abc"},                               // an existing key
      {"abcc", "abd"},                              // between keys
      {B({'a', 0}), "ab"},                          // the key + 0x00 sorts right after the key
      {"", "a"},                                    // before the first key
      {"c", "c"},                                   // back to an earlier key after moving forward
      {B({0xff, 0xff, 1}), B({0xff, 0xff, 1})},     // the last key
      {B({0xff, 0xff, 0xff, 0xff}), std::nullopt},  // far past the end
      {"a", "a"},                                   // an ended iterator seeks again
  };
  for (const SeekCase& c : cases) {
    it->Seek(c.target);
    if (!c.lands_on) {
      if (it->Valid())
        return Outcome::Fail(Str("seek ", Printable(c.target), " past the end is valid at ", Printable(it->key())));
      if (Status s = it->status(); !s.ok())
        return Outcome::Fail(Failure(Str("iterator_status after seek ", Printable(c.target), " past the end"), s));
      continue;
    }
    if (!it->Valid())
      return Outcome::Fail(Str("seek ", Printable(c.target), " is not valid, expected ", Printable(*c.lands_on)));
    if (it->key() != *c.lands_on) {
      return Outcome::Fail(Str("seek ", Printable(c.target), " landed on ", Printable(it->key()), ", expected ",
                               Printable(*c.lands_on)));
    }
    if (it->value() != f.model[*c.lands_on]) return Outcome::Fail(Str("seek ", Printable(c.target), ": wrong value"));
  }
  // Two iterators on one store move independently.
  std::unique_ptr<host::IteratorClient> other;
  if (Status s = f.store->NewIterator(&other); !s.ok()) return Outcome::Fail(Failure("second iterator_create", s));
  it->SeekToFirst();
  other->Seek("c");
  it->Next();
  if (!it->Valid() || it->key() != "ab" || !other->Valid() || other->key() != "c") {
    return Outcome::Fail("two iterators on one store do not move independently");
  }
  return Outcome::Pass(
      "seek lands on the first key >= target (existing, between, before first, backwards, last); "
      "past the end: not valid, status OK; iterators are independent");
}

// "key=value " for every entry from the iterator's position (from the first key when `from_first`). For the
// printable keys and values of ConsistentView.
std::string Walk(host::IteratorClient& it, bool from_first, Status* status) {
  if (from_first) it.SeekToFirst();
  std::string out;
  for (; it.Valid(); it.Next()) out += std::string(it.key()) + "=" + std::string(it.value()) + " ";
  *status = it.status();
  return out;
}

Outcome ConsistentView(CheckContext& ctx) {
  std::unique_ptr<host::EngineClient> engine;
  Status s = ctx.OpenEngine(&engine);
  if (!s.ok()) return Outcome::Fail(Failure("open", s));
  std::unique_ptr<host::StoreClient> store;
  if (s = OpenStore(*engine, "view", &store); !s.ok()) return Outcome::Fail(s.message());
  if (s = PutAll(*store, {{"b", "old"}, {"d", "old"}, {"f", "old"}}); !s.ok()) return Outcome::Fail(s.message());
  std::unique_ptr<host::IteratorClient> unpositioned, positioned;
  if (s = store->NewIterator(&unpositioned); !s.ok()) return Outcome::Fail(Failure("iterator_create", s));
  if (s = store->NewIterator(&positioned); !s.ok()) return Outcome::Fail(Failure("iterator_create", s));
  positioned->SeekToFirst();
  if (!positioned->Valid() || positioned->key() != "b") return Outcome::Fail("seek_first did not land on 'b'");
  const std::string_view held_key = positioned->key(), held_value = positioned->value();
  struct Write {
    const char* key;
    const char* value;  // nullptr: remove
  };
  // Before every entry, between entries ahead of `positioned`, an overwrite, a remove, after every entry.
  for (const Write& w :
       {Write{"a", "new"}, Write{"c", "new"}, Write{"d", "NEW"}, Write{"f", nullptr}, Write{"g", "new"}}) {
    const kvb_status rc = w.value != nullptr ? store->Put(w.key, w.value) : store->Remove(w.key);
    if (rc != KVB_OK) return Outcome::Fail(Failure(Str(w.value ? "put " : "remove ", w.key), rc, store->last_error()));
  }
  if (held_key != "b" || held_value != "old") {
    return Outcome::Fail(Str("the key/value bytes of an iterator that did not move changed under writes to the store: ",
                             Printable(held_key), "=", Printable(held_value), ", expected b=old"));
  }
  const std::string before = "b=old d=old f=old ";
  std::string got = Walk(*positioned, /*from_first=*/false, &s);
  if (!s.ok()) return Outcome::Fail(Failure("iterator_status", s));
  if (got != before) {
    return Outcome::Fail(
        Str("an iterator positioned before the writes saw '", got, "', expected '", before, "' (the store as it was)"));
  }
  got = Walk(*unpositioned, /*from_first=*/true, &s);
  if (!s.ok()) return Outcome::Fail(Failure("iterator_status", s));
  if (got != before) {
    return Outcome::Fail(Str("an iterator created before the writes (first positioned after them) saw '", got,
                             "', expected '", before, "' (the store as it was when the iterator was created)"));
  }
  std::unique_ptr<host::IteratorClient> fresh;
  if (s = store->NewIterator(&fresh); !s.ok()) return Outcome::Fail(Failure("iterator_create", s));
  const std::string after = "a=new b=old c=new d=NEW g=new ";
  got = Walk(*fresh, /*from_first=*/true, &s);
  if (!s.ok()) return Outcome::Fail(Failure("iterator_status", s));
  if (got != after)
    return Outcome::Fail(Str("an iterator created after the writes saw '", got, "', expected '", after, "'"));
  return Outcome::Pass(
      "iterators created before puts, an overwrite and a remove (positioned or not) see the store as it was, and "
      "the bytes they returned stay; a new iterator sees the writes");
}

Outcome ScanRequestSizes(CheckContext& ctx) {
  if (!ctx.plugin()->HasScan()) return Outcome::Skip("the plugin has no scan slot (KVB_CAP_SCAN)");
  RangeFixture f;
  if (Status s = f.Open(ctx); !s.ok()) return Outcome::Fail(Failure("setting up", s));
  struct Larger {
    kvb_scan_request request;
    uint64_t tail[2];
  };
  static_assert(offsetof(Larger, tail) == sizeof(kvb_scan_request));
  Larger larger{};
  larger.request = host::MakeScanRequest();
  larger.request.flags = KVB_SCAN_FROM_FIRST;
  larger.request.struct_size = sizeof(Larger);
  larger.tail[1] = 7;
  Collector got;
  uint64_t visited = 0;
  kvb_status rc = f.store->Scan(larger.request, &Collector::Sink, &got, &visited);
  if (rc != KVB_NOT_SUPPORTED) {
    return Outcome::Fail(Str("a ", sizeof(Larger), "-byte kvb_scan_request with a non-zero tail gave ",
                             StatusCodeName(rc), ", expected NOT_SUPPORTED"));
  }
  if (!got.entries.empty()) return Outcome::Fail("a refused scan request still called the sink");
  larger.tail[1] = 0;
  rc = f.store->Scan(larger.request, &Collector::Sink, &got, &visited);
  if (rc != KVB_OK)
    return Outcome::Fail(
        Failure("a larger kvb_scan_request with a zero tail (expected OK)", rc, f.store->last_error()));
  if (got.entries.size() != f.model.size()) {
    return Outcome::Fail(
        Str("a larger zero-tailed request visited ", got.entries.size(), " of ", f.model.size(), " entries"));
  }
  kvb_scan_request unknown_flag = host::MakeScanRequest();
  unknown_flag.flags = KVB_SCAN_FROM_FIRST | (uint32_t{1} << 31);
  got.entries.clear();
  rc = f.store->Scan(unknown_flag, &Collector::Sink, &got, &visited);
  if (rc != KVB_NOT_SUPPORTED)
    return Outcome::Fail(Str("an unknown scan flag gave ", StatusCodeName(rc), ", expected NOT_SUPPORTED"));
  kvb_scan_request reserved = host::MakeScanRequest();
  reserved.flags = KVB_SCAN_FROM_FIRST;
  reserved.reserved = 1;
  rc = f.store->Scan(reserved, &Collector::Sink, &got, &visited);
  if (rc != KVB_NOT_SUPPORTED)
    return Outcome::Fail(Str("a non-zero reserved field gave ", StatusCodeName(rc), ", expected NOT_SUPPORTED"));
  kvb_scan_request tiny = host::MakeScanRequest();
  tiny.struct_size = offsetof(kvb_scan_request, flags);
  rc = f.store->Scan(tiny, &Collector::Sink, &got, &visited);
  if (rc == KVB_OK) return Outcome::Fail(Str("a ", tiny.struct_size, "-byte kvb_scan_request was accepted"));
  if (!got.entries.empty()) return Outcome::Fail("a refused scan request still called the sink");
  return Outcome::Pass(
      "larger request: non-zero tail NOT_SUPPORTED, zero tail OK; unknown flags, reserved != 0 "
      "NOT_SUPPORTED; a header-only request is refused");
}

}  // namespace

void AddIterationChecks(std::vector<Check>* checks) {
  checks->push_back({"iter.unpositioned_and_empty",
                     "a new iterator is not valid; seek_first/seek on an empty store: not valid, status OK",
                     &EmptyAndUnpositioned});
  checks->push_back({"iter.end_vs_error", "at the end of data valid is 0 and iterator_status is OK", &EndVersusError});
  checks->push_back(
      {"iter.seek", "seek lands on the first key >= target; seek past the end is not valid, status OK", &Seeks});
  checks->push_back({"iter.consistent_view",
                     "an iterator reads the store as it was when it was created: later writes are not seen",
                     &ConsistentView});
  checks->push_back({"iter.range_iterator", "range/prefix iteration with bounds through the iterator", &RangeIterator});
  checks->push_back(
      {"iter.range_scan", "range/prefix iteration with bounds through the plugin's batched scan", &RangePluginScan});
  checks->push_back({"iter.range_host_fallback",
                     "range/prefix iteration with bounds through the host's iterator-based fallback scan",
                     &RangeHostFallback});
  checks->push_back({"abi.scan_request_struct_size",
                     "larger kvb_scan_request: non-zero tail NOT_SUPPORTED, zero tail OK; unknown flags refused",
                     &ScanRequestSizes});
}

}  // namespace kvbench::conformance
