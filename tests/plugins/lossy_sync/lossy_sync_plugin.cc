// A persistent plugin that lies about durability. Every put and delete is appended to its store's log file with
// write(2) before it returns, so what it keeps survives a process kill, exactly as durability `WalMode: "sync"`
// promises; but every `DropEvery`-th put to an index store (any store but "profiles"; default 50) is acknowledged
// and never stored. The profiles store is never dropped from, so the workload itself runs on without noticing:
// only a deep verify (or 'kvbench crashtest') finds the loss.
//
// Log record: op (1 byte: 'P' put, 'D' delete), key size and value size (4 bytes each, little-endian), key, value.
// Open replays each log; a torn final record (a kill in the middle of a write) is ignored.
//
// `OnReopen` makes a reopen go wrong, for the crash scenario's own tests: opening a store whose log already holds
// records returns an error ("fail") or aborts the process ("abort"); "replay" (the default) replays it.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <kvbench/sdk.hpp>
#include <kvbench/sdk_config.hpp>
#include <map>
#include <memory>
#include <string>

#include "../common/map_iterator.hpp"

namespace kvbench::lossy {
namespace {

using sdk::Status;
using Map = std::map<std::string, std::string, std::less<>>;

using Iterator = test_plugins::MapIterator<Map>;

void PutU32(std::string* out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out->push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

uint32_t GetU32(const char* p) {
  uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(p[i]);
  return v;
}

class Store {
 public:
  using Iterator = lossy::Iterator;
  Store(int fd, Map map, bool droppable, int64_t drop_every, int64_t* index_puts)
      : fd_(fd), map_(std::move(map)), droppable_(droppable), drop_every_(drop_every), index_puts_(index_puts) {}
  ~Store() { ::close(fd_); }

  // Replays `path` into *map. A torn final record is ignored.
  static Status Replay(const std::string& path, Map* map) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return Status::OK();
    const std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    size_t at = 0;
    while (data.size() - at >= 9) {
      const char op = data[at];
      const uint32_t ks = GetU32(&data[at + 1]), vs = GetU32(&data[at + 5]);
      if (data.size() - at - 9 < uint64_t{ks} + vs) break;
      std::string key = data.substr(at + 9, ks);
      if (op == 'P') {
        (*map)[std::move(key)] = data.substr(at + 9 + ks, vs);
      } else if (op == 'D') {
        map->erase(key);
      } else {
        return Status::Corruption(path + ": unknown record type");
      }
      at += 9 + ks + vs;
    }
    return Status::OK();
  }

  Status Put(std::string_view key, std::string_view value) {
    if (droppable_ && ++*index_puts_ % drop_every_ == 0) return Status::OK();  // the lie
    Status s = Append('P', key, value);
    if (!s.ok()) return s;
    map_.insert_or_assign(std::string(key), std::string(value));
    return Status::OK();
  }
  Status Get(std::string_view key, sdk::ValueSink sink) {
    auto it = map_.find(key);
    if (it == map_.end()) return Status::NotFound();
    sink(it->second);
    return Status::OK();
  }
  Status Delete(std::string_view key) {
    Status s = Append('D', key, {});
    if (!s.ok()) return s;
    if (auto it = map_.find(key); it != map_.end()) map_.erase(it);
    return Status::OK();
  }
  Status NewIterator(std::unique_ptr<Iterator>* it) {
    *it = std::make_unique<Iterator>(&map_);
    return Status::OK();
  }
  Status Count(uint64_t* count) {
    *count = map_.size();
    return Status::OK();
  }

 private:
  Status Append(char op, std::string_view key, std::string_view value) {
    record_.clear();
    record_.push_back(op);
    PutU32(&record_, static_cast<uint32_t>(key.size()));
    PutU32(&record_, static_cast<uint32_t>(value.size()));
    record_.append(key);
    record_.append(value);
    size_t done = 0;
    while (done < record_.size()) {
      const ssize_t n = ::write(fd_, record_.data() + done, record_.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) return Status::IOError(std::string("write: ") + std::strerror(errno));
      done += static_cast<size_t>(n);
    }
    return Status::OK();
  }

  int fd_;
  Map map_;
  bool droppable_;
  int64_t drop_every_;
  int64_t* index_puts_;
  std::string record_;
};

class Engine {
 public:
  using Store = lossy::Store;
  Engine(std::string dir, int64_t drop_every, std::string on_reopen)
      : dir_(std::move(dir)), drop_every_(drop_every), on_reopen_(std::move(on_reopen)) {}

  Status OpenStore(std::string_view name, std::unique_ptr<Store>* store) {
    const std::string path = dir_ + "/" + std::string(name) + ".log";
    Map map;
    Status s = Store::Replay(path, &map);
    if (!s.ok()) return s;
    if (!map.empty() && on_reopen_ == "fail") {
      return Status::Corruption(path + ": refusing to reopen (settings.OnReopen is \"fail\")");
    }
    if (!map.empty() && on_reopen_ == "abort") std::abort();
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0) return Status::IOError(path + ": " + std::strerror(errno));
    *store = std::make_unique<Store>(fd, std::move(map), name != "profiles", drop_every_, &index_puts_);
    return Status::OK();
  }
  Status Stabilize() { return Status::OK(); }
  Status Settle() { return Status::OK(); }
  Status Close() { return Status::OK(); }
  Status EffectiveSettings(std::string* out) {
    *out = R"({"DropEvery":)" + std::to_string(drop_every_) + R"(,"WalMode":"sync"})";
    return Status::OK();
  }
  Status Durability(std::string* out) {
    *out =
        "WalMode=sync: every put and delete reaches its log with write(2) before it returns; acknowledged "
        "writes survive a process kill.";
    return Status::OK();
  }

 private:
  std::string dir_;
  int64_t drop_every_;
  std::string on_reopen_;
  int64_t index_puts_ = 0;
};

struct LossySyncPlugin {
  static constexpr const char* kName = "lossy_sync";
  static constexpr const char* kVersion = "1.0.0";
  static constexpr const char* kDescription =
      "A test plugin that claims sync durability and drops acknowledged index writes (tests/plugins/lossy_sync)";
  using Engine = lossy::Engine;

  static Status Open(const sdk::OpenRequest& req, std::unique_ptr<Engine>* engine) {
    sdk::ConfigReader config(req.config_json);
    int64_t drop_every = 50;
    std::string wal_mode = "sync";
    std::string on_reopen = "replay";
    config.Int("settings", "DropEvery", &drop_every, 1, INT64_MAX);
    config.Choice("settings", "OnReopen", &on_reopen, {"replay", "fail", "abort"});
    config.Choice("durability", "WalMode", &wal_mode, {"sync"});
    Status s = config.Finish();
    if (!s.ok()) return s;
    *engine = std::make_unique<Engine>(req.data_dir, drop_every, on_reopen);
    return Status::OK();
  }
};

}  // namespace
}  // namespace kvbench::lossy

KVBENCH_EXPORT_PLUGIN(kvbench::lossy::LossySyncPlugin)
