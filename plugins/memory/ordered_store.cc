#include "ordered_store.hpp"

#include <algorithm>
#include <cstring>
#include <utility>

namespace kvbench::memory {

void OrderedStore::Put(std::string_view key, std::string_view value) {
  BeforeChange();
  const uint64_t hash = HashKey(key);
  Record* r = hash_.Find(key, hash);
  if (r != nullptr && value.size() <= r->value_capacity) {
    // Overwrite in place: neither index changes.
    if (!value.empty()) std::memmove(r->bytes() + r->key_size, value.data(), value.size());
    r->value_size = static_cast<uint32_t>(value.size());
    return;
  }
  Record* fresh = arena_.New(key, value);
  if (r != nullptr) {
    // The value outgrew its record: move to a new one and repoint both indexes.
    hash_.Replace(hash, fresh);
    sorted_.Replace(sorted_.LowerBound(key), fresh);
    arena_.Free(r);
    return;
  }
  hash_.Insert(hash, fresh);
  sorted_.Insert(sorted_.LowerBound(key), fresh);
}

void OrderedStore::Delete(std::string_view key) {
  const uint64_t hash = HashKey(key);
  Record* r = hash_.Find(key, hash);
  if (r == nullptr) return;
  BeforeChange();
  sorted_.Erase(sorted_.LowerBound(key));
  hash_.Erase(key, hash);
  arena_.Free(r);
}

void OrderedStore::Clear() {
  BeforeChange();
  sorted_.Clear();
  hash_.Clear();
  arena_.Clear();
}

void OrderedStore::Unlisten(ChangeListener* listener) {
  auto it = std::find(listeners_.begin(), listeners_.end(), listener);
  if (it != listeners_.end()) listeners_.erase(it);
}

void OrderedStore::NotifyListeners() {
  std::vector<ChangeListener*> listeners = std::move(listeners_);
  listeners_.clear();
  for (ChangeListener* listener : listeners) listener->BeforeChange();
}

}  // namespace kvbench::memory
