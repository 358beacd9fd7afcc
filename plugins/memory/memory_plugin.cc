// memory.so: an in-memory ordered store behind the plugin ABI. It is the harness's reference engine (every phase
// checksum must come out of it) and its ceiling (a phase cannot run faster than this). Data lives in memory and
// is written to one snapshot file per store at settle and close, so reopen/verify works; a crash loses everything
// written since the last settle.
#include <algorithm>
#include <filesystem>
#include <kvbench/sdk.hpp>
#include <kvbench/sdk_config.hpp>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ordered_store.hpp"
#include "snapshot_file.hpp"

namespace kvbench::memory {
namespace {

using sdk::Status;

// A consistent view of a store (the ABI's promise): it walks the live store until the store is about to change
// for the first time while the iterator exists; then it copies the store's entries and walks the copy from then on.
// The workload never writes while iterating, so its iterators copy nothing.
class MemoryIterator : private OrderedStore::ChangeListener {
 public:
  explicit MemoryIterator(OrderedStore* store) : store_(store) { store_->Listen(this); }
  ~MemoryIterator() {
    if (store_ != nullptr) store_->Unlisten(this);
  }
  MemoryIterator(const MemoryIterator&) = delete;
  MemoryIterator& operator=(const MemoryIterator&) = delete;

  void Seek(std::string_view key) {
    if (store_ != nullptr) {
      Position(store_->LowerBound(key));
    } else {
      PositionInCopy(CopyLowerBound(key));
    }
  }
  void SeekToFirst() {
    if (store_ != nullptr) {
      Position(store_->begin());
    } else {
      PositionInCopy(0);
    }
  }
  void Next() {
    if (store_ != nullptr) {
      Position(++it_);
    } else {
      PositionInCopy(pos_ + 1);
    }
  }
  bool Valid() const { return valid_; }
  std::string_view key() const { return key_; }
  std::string_view value() const { return value_; }
  Status status() const { return Status::OK(); }

 private:
  // Copies the entry: an overwrite in place must not change bytes the host is still reading.
  void Position(OrderedStore::const_iterator it) {
    it_ = it;
    valid_ = it != store_->end();
    if (valid_) {
      owned_key_ = it.key();
      owned_value_ = it.value();
      key_ = owned_key_;
      value_ = owned_value_;
    }
  }
  void PositionInCopy(size_t i) {
    pos_ = i;
    valid_ = i < copy_.size();
    if (valid_) {
      key_ = copy_[i].first;
      value_ = copy_[i].second;
    }
  }
  size_t CopyLowerBound(std::string_view key) const {
    auto it = std::lower_bound(copy_.begin(), copy_.end(), key,
                               [](const auto& entry, std::string_view k) { return entry.first < k; });
    return static_cast<size_t>(it - copy_.begin());
  }
  // The store is about to change: from now on this iterator reads a copy of it as it is.
  void BeforeChange() override {
    copy_.reserve(store_->size());
    for (auto it = store_->begin(); it != store_->end(); ++it) copy_.emplace_back(it.key(), it.value());
    // The current entry's bytes (owned_key_, owned_value_) stay where the host may be reading them.
    if (valid_) pos_ = CopyLowerBound(key_);
    store_ = nullptr;
  }

  OrderedStore* store_;  // nullptr once the iterator reads copy_
  OrderedStore::const_iterator it_;
  std::vector<std::pair<std::string, std::string>> copy_;
  size_t pos_ = 0;  // in copy_
  bool valid_ = false;
  std::string owned_key_, owned_value_;
  std::string_view key_, value_;
};

class MemoryStore {
 public:
  using Iterator = MemoryIterator;
  // A record (header, key, value and spare capacity) must fit the arena's 32-bit sizes.
  static constexpr size_t kMaxSize = size_t{1} << 30;
  explicit MemoryStore(OrderedStore* data) : data_(data) {}

  Status Put(std::string_view key, std::string_view value) {
    if (key.size() > kMaxSize || value.size() > kMaxSize) {
      return Status::InvalidArgument("memory plugin: keys and values are limited to 1 GiB each");
    }
    data_->Put(key, value);
    return Status::OK();
  }
  Status Get(std::string_view key, sdk::ValueSink sink) {
    const std::optional<std::string_view> v = data_->Find(key);
    if (!v) return Status::NotFound();
    sink(*v);
    return Status::OK();
  }
  Status Delete(std::string_view key) {
    data_->Delete(key);
    return Status::OK();
  }
  Status NewIterator(std::unique_ptr<Iterator>* it) {
    *it = std::make_unique<Iterator>(data_);
    return Status::OK();
  }
  Status Scan(const sdk::ScanRequest& r, sdk::EntrySink sink, uint64_t* visited) {
    auto it = r.from_first ? data_->begin() : data_->LowerBound(r.start);
    uint64_t n = 0;
    for (; it != data_->end() && (r.limit == 0 || n < r.limit) && r.InRange(it.key()); ++it) {
      ++n;
      if (!sink(it.key(), it.value())) break;
    }
    *visited = n;
    return Status::OK();
  }
  Status Count(uint64_t* count) {
    *count = data_->size();
    return Status::OK();
  }

 private:
  OrderedStore* data_;
};

class MemoryEngine {
 public:
  using Store = MemoryStore;

  MemoryEngine(std::string dir, bool snapshots) : dir_(std::move(dir)), snapshots_(snapshots) {}

  Status OpenStore(std::string_view name, std::unique_ptr<Store>* store) {
    auto [it, inserted] = stores_.try_emplace(std::string(name));
    if (inserted && snapshots_) {
      Status s = ReadSnapshot(SnapshotPath(it->first), &it->second);
      if (!s.ok()) {
        stores_.erase(it);
        return s;
      }
    }
    *store = std::make_unique<Store>(&it->second);
    return Status::OK();
  }
  Status Stabilize() { return Status::OK(); }
  Status Settle() {
    if (!snapshots_) return Status::OK();
    for (const auto& [name, data] : stores_) {
      Status s = WriteSnapshot(data, SnapshotPath(name));
      if (!s.ok()) return s;
    }
    return Status::OK();
  }
  Status Close() { return Settle(); }
  Status EffectiveSettings(std::string* out) {
    *out = std::string(R"({"Structure":"record arena + flat hash index + sorted leaf index","Snapshots":)") +
           (snapshots_ ? "true" : "false") + "}";
    return Status::OK();
  }
  Status Durability(std::string* out) {
    *out = snapshots_ ? "In-memory; a snapshot file per store at settle and close; a crash loses every write since "
                        "the last settle."
                      : "In-memory only; nothing survives close or a crash.";
    return Status::OK();
  }

 private:
  std::string SnapshotPath(const std::string& store) const { return dir_ + "/" + store + ".kvsnap"; }

  std::string dir_;
  bool snapshots_;
  std::map<std::string, OrderedStore, std::less<>> stores_;
};

struct MemoryPlugin {
  static constexpr const char* kName = "memory";
  static constexpr const char* kVersion = "1.0.0";
  static constexpr const char* kDescription =
      "In-memory ordered store (record arena, flat hash index, sorted leaves) with snapshot files; the harness's "
      "reference and ceiling";
  static constexpr bool kConcurrentDataCalls = false;
  using Engine = MemoryEngine;

  static Status Open(const sdk::OpenRequest& req, std::unique_ptr<Engine>* engine) {
    sdk::ConfigReader config(req.config_json);
    bool snapshots = true;
    config.Bool("settings", "Snapshots", &snapshots);
    Status s = config.Finish();
    if (!s.ok()) return s;
    std::error_code ec;
    if (!std::filesystem::is_directory(req.data_dir, ec)) {
      return Status::InvalidArgument("data directory '" + req.data_dir + "' does not exist");
    }
    *engine = std::make_unique<Engine>(req.data_dir, snapshots);
    return Status::OK();
  }
};

}  // namespace
}  // namespace kvbench::memory

KVBENCH_EXPORT_PLUGIN(kvbench::memory::MemoryPlugin)
