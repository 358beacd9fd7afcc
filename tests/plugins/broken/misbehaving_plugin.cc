// misbehaving.so: loads fine (a correct table, built with the SDK) but breaks the ABI's semantic rules on
// purpose, one rule per behaviour, so tests can prove that the conformance checks catch each of them:
//   - keys compare as signed chars (0x80..0xff sort before 0x00)      -> data.ordering_bytewise
//   - put keeps the first value of a key                             -> data.overwrite
//   - get of an absent key answers OK with an empty value            -> data.get_not_found
//   - remove of an absent key answers NOT_FOUND                      -> data.delete
//   - seek past the last key stays on the last key                   -> iter.seek
//   - the iterator re-finds its place in the live map: it sees writes -> iter.consistent_view
//   - count is one too many                                          -> data.count
//   - the configuration is not parsed at all                         -> config.unknown_key_rejected
//   - the durability line is empty                                   -> engine.durability_line
//   - declares KVB_CAP_PERSISTENT but forgets everything at close    -> durability.reopen
#include <algorithm>
#include <iterator>
#include <kvbench/sdk.hpp>
#include <map>
#include <memory>
#include <string>

namespace kvbench::misbehaving {
namespace {

using sdk::Status;

struct SignedLess {
  using is_transparent = void;
  bool operator()(std::string_view a, std::string_view b) const {
    const size_t n = std::min(a.size(), b.size());
    for (size_t i = 0; i < n; ++i) {
      const signed char x = static_cast<signed char>(a[i]), y = static_cast<signed char>(b[i]);
      if (x != y) return x < y;
    }
    return a.size() < b.size();
  }
};
using Map = std::map<std::string, std::string, SignedLess>;

class Iterator {
 public:
  explicit Iterator(const Map* map) : map_(map) {}
  void Seek(std::string_view key) {
    auto it = map_->lower_bound(key);
    if (it == map_->end() && !map_->empty()) it = std::prev(map_->end());  // the seek-past-the-end bug
    Position(it);
  }
  void SeekToFirst() { Position(map_->begin()); }
  void Next() { Position(map_->upper_bound(key_)); }
  bool Valid() const { return valid_; }
  std::string_view key() const { return key_; }
  std::string_view value() const { return value_; }
  Status status() const { return Status::OK(); }

 private:
  void Position(Map::const_iterator it) {
    valid_ = it != map_->end();
    if (valid_) key_ = it->first, value_ = it->second;
  }
  const Map* map_;
  bool valid_ = false;
  std::string key_, value_;
};

class Store {
 public:
  using Iterator = misbehaving::Iterator;
  explicit Store(Map* map) : map_(map) {}
  Status Put(std::string_view k, std::string_view v) {
    map_->emplace(std::string(k), std::string(v));  // the overwrite bug
    return Status::OK();
  }
  Status Get(std::string_view k, sdk::ValueSink sink) {
    auto it = map_->find(k);
    sink(it == map_->end() ? std::string_view() : std::string_view(it->second));  // the NOT_FOUND bug
    return Status::OK();
  }
  Status Delete(std::string_view k) {
    return map_->erase(std::string(k)) == 0 ? Status::NotFound() : Status::OK();  // the delete bug
  }
  Status NewIterator(std::unique_ptr<Iterator>* it) {
    *it = std::make_unique<Iterator>(map_);
    return Status::OK();
  }
  Status Count(uint64_t* n) {
    *n = map_->size() + 1;  // the count bug
    return Status::OK();
  }

 private:
  Map* map_;
};

class Engine {
 public:
  using Store = misbehaving::Store;
  Status OpenStore(std::string_view name, std::unique_ptr<Store>* out) {
    *out = std::make_unique<Store>(&stores_[std::string(name)]);
    return Status::OK();
  }
  Status Stabilize() { return Status::OK(); }
  Status Settle() { return Status::OK(); }
  Status Close() { return Status::OK(); }
  Status EffectiveSettings(std::string* out) {
    *out = "{}";
    return Status::OK();
  }
  Status Durability(std::string* out) {
    out->clear();  // the durability-line bug
    return Status::OK();
  }

 private:
  std::map<std::string, Map, std::less<>> stores_;
};

struct MisbehavingPlugin {
  static constexpr const char* kName = "misbehaving";
  static constexpr const char* kVersion = "0.0.1";
  static constexpr const char* kDescription = "Breaks the ABI's semantic rules on purpose (conformance tests)";
  static constexpr bool kPersistent = true;  // the persistence bug: it is not
  using Engine = misbehaving::Engine;
  static Status Open(const sdk::OpenRequest&, std::unique_ptr<Engine>* engine) {  // the config bug
    *engine = std::make_unique<Engine>();
    return Status::OK();
  }
};

}  // namespace
}  // namespace kvbench::misbehaving

KVBENCH_EXPORT_PLUGIN(kvbench::misbehaving::MisbehavingPlugin)
