#include "ordered_store.hpp"

namespace kvbench::memory {

void OrderedStore::Put(std::string_view key, std::string_view value) {
  auto hit = index_.find(key);
  if (hit != index_.end()) {
    hit->second->second.assign(value.data(), value.size());
    return;
  }
  auto [it, inserted] = map_.emplace(std::string(key), std::string(value));
  index_.emplace(std::string_view(it->first), it);
}

void OrderedStore::Delete(std::string_view key) {
  auto hit = index_.find(key);
  if (hit == index_.end()) return;
  Map::iterator it = hit->second;
  index_.erase(hit);
  map_.erase(it);
  ++erase_epoch_;
}

void OrderedStore::Clear() {
  index_.clear();
  map_.clear();
  ++erase_epoch_;
}

}  // namespace kvbench::memory
