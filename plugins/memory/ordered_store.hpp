// An in-memory ordered keyspace: a std::map for order plus a hash index for point reads, so the memory plugin is
// a fast ceiling that shows how much of a phase's time is the harness's own. Not thread-safe: the plugin does
// not declare concurrent data calls, so the host serialises them.
#ifndef KVBENCH_PLUGINS_MEMORY_ORDERED_STORE_HPP_
#define KVBENCH_PLUGINS_MEMORY_ORDERED_STORE_HPP_

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>

namespace kvbench::memory {

class OrderedStore {
 public:
  using Map = std::map<std::string, std::string, std::less<>>;
  using const_iterator = Map::const_iterator;

  void Put(std::string_view key, std::string_view value);
  // Returns nullptr when absent. The pointer is valid until the key is next written or deleted.
  const std::string* Find(std::string_view key) const {
    auto it = index_.find(key);
    return it == index_.end() ? nullptr : &it->second->second;
  }
  void Delete(std::string_view key);
  void Clear();

  const_iterator begin() const { return map_.begin(); }
  const_iterator end() const { return map_.end(); }
  const_iterator LowerBound(std::string_view key) const { return map_.lower_bound(key); }
  uint64_t size() const { return map_.size(); }
  // Bumped by every erase: iterators taken before it may dangle.
  uint64_t erase_epoch() const { return erase_epoch_; }

 private:
  Map map_;
  // Keys are views of the map's own node keys, which never move.
  std::unordered_map<std::string_view, Map::iterator> index_;
  uint64_t erase_epoch_ = 0;
};

}  // namespace kvbench::memory

#endif  // KVBENCH_PLUGINS_MEMORY_ORDERED_STORE_HPP_
