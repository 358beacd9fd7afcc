// A plugin that stores data correctly (ordered maps that survive close/reopen within the process) and then
// misbehaves in one way, chosen at compile time (CMakeLists.txt builds one .so per mode):
//   abort_mid_phase: std::abort() at the AbortAfterPuts-th put (default 1000) or, when AbortAfterGets > 0, at
//                    that get: a plugin that crashes in the middle of a phase.
//   hang_in_get:     the get after HangAfterGets gets (default 0: the first) sleeps forever: a hung plugin; with
//                    HangInOpen 1, the open itself sleeps forever (a plugin that hangs in the host's plugin check).
//   garbage_sink:    after GarbageAfterGets gets (default 0), every get from the "profiles" store hands the sink
//                    wrong bytes: GarbageKind "junk" (not a profile at all) or "plausible" (a well-formed profile
//                    with a different email).
//   bogus_event:     when loaded, writes a well-formed event line with members of the wrong types on the worker's
//                    event descriptor (3), as a plugin that scribbles on a descriptor it does not own would.
//   throw_in_next:   the ThrowAfterNexts-th iterator Next() (default 1) throws instead of moving, once: an engine
//                    bug that surfaces as an exception. The SDK must report it as an iterator error.
//   stale_overwrite: after StaleAfterPuts puts (default 0), a put of a key that exists keeps the old value and
//                    still returns OK: a lost update that reads back stale (the kv workload must count it).
//   writes_stdout:   Open() prints a line to stdout (with printf, left in stdio's buffer): a plugin whose debug
//                    output would mix into kvbench's.
//   prefix_jump_scan: a scan slot that, for a prefix scan, starts at the prefix when the start lies before it
//                    (instead of visiting keys >= start while they have the prefix): wrong only for such starts.
//   loose_durability: takes durability.Fsync whatever its type (a hand-written parser that checks the settings'
//                    types but not the durability keys'), and reports it among flat effective settings.
//   count_off_by_one: Count() of the "profiles" store says one record fewer than it holds: a checksum bug that
//                    only verify's count sees (the final checksum), and no crash or error to give it away.

#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <kvbench/sdk.hpp>
#include <kvbench/sdk_config.hpp>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

#include "../common/map_iterator.hpp"

namespace kvbench::misbehaving {
namespace {

using sdk::Status;
using Map = std::map<std::string, std::string, std::less<>>;

struct Behaviour {
  int64_t abort_after_puts = 1000;
  int64_t abort_after_gets = 0;
  int64_t hang_after_gets = 0;
  int64_t garbage_after_gets = 0;
  std::string garbage_kind = "junk";
  int64_t throw_after_nexts = 1;
  int64_t stale_after_puts = 0;
  int64_t hang_in_open = 0;
};

// Data outlives an engine instance (keyed by data directory) so that reopen + verify works.
std::map<std::string, std::map<std::string, Map, std::less<>>>& Directories() {
  static std::map<std::string, std::map<std::string, Map, std::less<>>> dirs;
  return dirs;
}

struct Counters {
  int64_t puts = 0;
  int64_t gets = 0;
  int64_t nexts = 0;
};

class Iterator {
 public:
  Iterator(const Map* map, const Behaviour* behaviour, Counters* counters)
      : it_(map), behaviour_(behaviour), counters_(counters) {}
  void Seek(std::string_view key) { it_.Seek(key); }
  void SeekToFirst() { it_.SeekToFirst(); }
  void Next() {
    ++counters_->nexts;
#if defined(KVB_MISBEHAVE_THROW_IN_NEXT)
    if (counters_->nexts == behaviour_->throw_after_nexts) throw std::runtime_error("throw_in_next: Next() threw");
#endif
    it_.Next();
  }
  bool Valid() const { return it_.Valid(); }
  std::string_view key() const { return it_.key(); }
  std::string_view value() const { return it_.value(); }
  Status status() const { return it_.status(); }

 private:
  test_plugins::MapIterator<Map> it_;
  const Behaviour* behaviour_;
  Counters* counters_;
};

class Store {
 public:
  using Iterator = misbehaving::Iterator;
  Store(Map* map, bool is_profiles, const Behaviour* behaviour, Counters* counters)
      : map_(map), is_profiles_(is_profiles), behaviour_(behaviour), counters_(counters) {}

  Status Put(std::string_view key, std::string_view value) {
    ++counters_->puts;
#if defined(KVB_MISBEHAVE_ABORT_MID_PHASE)
    if (behaviour_->abort_after_gets == 0 && counters_->puts >= behaviour_->abort_after_puts) std::abort();
#endif
#if defined(KVB_MISBEHAVE_STALE_OVERWRITE)
    if (counters_->puts > behaviour_->stale_after_puts && map_->find(key) != map_->end()) return Status::OK();
#endif
    map_->insert_or_assign(std::string(key), std::string(value));
    return Status::OK();
  }

  Status Get(std::string_view key, sdk::ValueSink sink) {
    ++counters_->gets;
#if defined(KVB_MISBEHAVE_ABORT_MID_PHASE)
    if (behaviour_->abort_after_gets > 0 && counters_->gets >= behaviour_->abort_after_gets) std::abort();
#elif defined(KVB_MISBEHAVE_HANG_IN_GET)
    if (counters_->gets > behaviour_->hang_after_gets) {
      for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
    }
#endif
    auto it = map_->find(key);
    if (it == map_->end()) return Status::NotFound();
#if defined(KVB_MISBEHAVE_GARBAGE_SINK)
    if (is_profiles_ && counters_->gets > behaviour_->garbage_after_gets) {
      if (behaviour_->garbage_kind == "junk") {
        sink("\x01\xff garbage, not a profile |||");
        return Status::OK();
      }
      std::string wrong = it->second;
      if (auto at = wrong.find("@example"); at != std::string::npos) wrong.replace(at, 8, "@exbmple");
      sink(wrong);
      return Status::OK();
    }
#endif
    sink(it->second);
    return Status::OK();
  }

  Status Delete(std::string_view key) {
    if (auto it = map_->find(key); it != map_->end()) map_->erase(it);
    return Status::OK();
  }
  Status NewIterator(std::unique_ptr<Iterator>* it) {
    *it = std::make_unique<Iterator>(map_, behaviour_, counters_);
    return Status::OK();
  }
#if defined(KVB_MISBEHAVE_PREFIX_JUMP_SCAN) || defined(KVB_MISBEHAVE_COUNT_OFF_BY_ONE)
  // The scan slots' walk from `it`: entries in range, up to the limit, until the sink stops it.
  template <typename It>
  Status ScanFrom(It it, const sdk::ScanRequest& r, sdk::EntrySink sink, uint64_t* visited) {
    uint64_t n = 0;
    for (; it != map_->end() && (r.limit == 0 || n < r.limit) && r.InRange(it->first); ++it) {
      ++n;
      if (!sink(it->first, it->second)) break;
    }
    *visited = n;
    return Status::OK();
  }
#endif
#if defined(KVB_MISBEHAVE_PREFIX_JUMP_SCAN)
  Status Scan(const sdk::ScanRequest& r, sdk::EntrySink sink, uint64_t* visited) {
    std::string_view start = r.start;
    if (r.has_bound && r.bound_is_prefix && (r.from_first || start < r.bound)) start = r.bound;  // the bug
    auto it = r.from_first && !(r.has_bound && r.bound_is_prefix) ? map_->begin() : map_->lower_bound(start);
    return ScanFrom(it, r, sink, visited);
  }
#endif
#if defined(KVB_MISBEHAVE_COUNT_OFF_BY_ONE)
  // A scan slot, so that this plugin runs the 100K-profile workload in seconds (the host's iterator fallback copies
  // the map per query); correct, like every call but Count.
  Status Scan(const sdk::ScanRequest& r, sdk::EntrySink sink, uint64_t* visited) {
    auto it = r.from_first ? map_->begin() : map_->lower_bound(r.start);
    return ScanFrom(it, r, sink, visited);
  }
#endif
  Status Count(uint64_t* count) {
    *count = map_->size();
#if defined(KVB_MISBEHAVE_COUNT_OFF_BY_ONE)
    if (is_profiles_ && *count > 0) --*count;
#endif
    return Status::OK();
  }

 private:
  Map* map_;
  bool is_profiles_;
  const Behaviour* behaviour_;
  Counters* counters_;
};

class Engine {
 public:
  using Store = misbehaving::Store;
  Engine(std::string dir, Behaviour behaviour) : dir_(std::move(dir)), behaviour_(std::move(behaviour)) {}

  Status OpenStore(std::string_view name, std::unique_ptr<Store>* store) {
    Map* map = &Directories()[dir_][std::string(name)];
    *store = std::make_unique<Store>(map, name == "profiles", &behaviour_, &counters_);
    return Status::OK();
  }
  Status Stabilize() { return Status::OK(); }
  Status Settle() { return Status::OK(); }
  Status Close() { return Status::OK(); }
  Status EffectiveSettings(std::string* out) {
#if defined(KVB_MISBEHAVE_LOOSE_DURABILITY)
    *out = R"({"Mode":")" KVB_MISBEHAVE_NAME R"(","Fsync":false})";
#else
    *out = R"({"Mode":")" KVB_MISBEHAVE_NAME R"("})";
#endif
    return Status::OK();
  }
  Status Durability(std::string* out) {
    *out = "A test plugin: data lives in memory for the life of the process.";
    return Status::OK();
  }

 private:
  std::string dir_;
  Behaviour behaviour_;
  Counters counters_;
};

struct MisbehavingPlugin {
  static constexpr const char* kName = KVB_MISBEHAVE_NAME;
  static constexpr const char* kVersion = "1.0.0";
  static constexpr const char* kDescription = "A test plugin that misbehaves on purpose (tests/plugins/misbehaving)";
  using Engine = misbehaving::Engine;

  static Status Open(const sdk::OpenRequest& req, std::unique_ptr<Engine>* engine) {
#if defined(KVB_MISBEHAVE_LOOSE_DURABILITY)
    // The bug: durability.Fsync is taken out of the config, whatever its type, before the strict reader sees it.
    nlohmann::json doc = nlohmann::json::parse(req.config_json, nullptr, /*allow_exceptions=*/false);
    if (doc.is_object() && doc.contains("durability") && doc["durability"].is_object())
      doc["durability"].erase("Fsync");
    sdk::ConfigReader config(doc.is_object() ? doc.dump() : req.config_json);
#else
    sdk::ConfigReader config(req.config_json);
#endif
    Behaviour b;
    config.Int("settings", "AbortAfterPuts", &b.abort_after_puts, 1, INT64_MAX);
    config.Int("settings", "AbortAfterGets", &b.abort_after_gets, 0, INT64_MAX);
    config.Int("settings", "HangAfterGets", &b.hang_after_gets, 0, INT64_MAX);
    config.Int("settings", "GarbageAfterGets", &b.garbage_after_gets, 0, INT64_MAX);
    config.Choice("settings", "GarbageKind", &b.garbage_kind, {"junk", "plausible"});
    config.Int("settings", "ThrowAfterNexts", &b.throw_after_nexts, 1, INT64_MAX);
    config.Int("settings", "StaleAfterPuts", &b.stale_after_puts, 0, INT64_MAX);
    config.Int("settings", "HangInOpen", &b.hang_in_open, 0, 1);
    Status s = config.Finish();
    if (!s.ok()) return s;
#if defined(KVB_MISBEHAVE_HANG_IN_GET)
    while (b.hang_in_open != 0) std::this_thread::sleep_for(std::chrono::hours(1));
#endif
#if defined(KVB_MISBEHAVE_WRITES_STDOUT)
    std::printf("writes_stdout: opened %s\n", req.data_dir.c_str());
#endif
    *engine = std::make_unique<Engine>(req.data_dir, std::move(b));
    return Status::OK();
  }
};

#if defined(KVB_MISBEHAVE_BOGUS_EVENT)
// Runs at dlopen, in the worker process (fd 3 is its event pipe there; anywhere else it writes nothing).
[[gnu::constructor]] void WriteBogusEvent() {
  struct stat st {};
  if (::fstat(3, &st) != 0 || !S_ISFIFO(st.st_mode)) return;
  const char line[] = "{\"event\": \"loaded\", \"description\": 5, \"plugin\": 7}\n";
  [[maybe_unused]] const ssize_t n = ::write(3, line, sizeof(line) - 1);
}
#endif

}  // namespace
}  // namespace kvbench::misbehaving

KVBENCH_EXPORT_PLUGIN(kvbench::misbehaving::MisbehavingPlugin)
