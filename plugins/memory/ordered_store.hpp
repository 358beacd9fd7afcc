// An in-memory ordered keyspace: records in an arena (RecordArena), a flat hash index for point reads
// (HashIndex) and a sorted leaf index for order (SortedIndex), so the memory plugin is a fast ceiling that shows
// how much of a phase's time is the harness's own. Not thread-safe: the plugin does not declare concurrent data
// calls, so the host serialises them.
#ifndef KVBENCH_PLUGINS_MEMORY_ORDERED_STORE_HPP_
#define KVBENCH_PLUGINS_MEMORY_ORDERED_STORE_HPP_

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "hash_index.hpp"
#include "record_arena.hpp"
#include "sorted_index.hpp"

namespace kvbench::memory {

class OrderedStore {
 public:
  // Walks the store in key order. Invalidated by any change (a ChangeListener is told before one).
  class const_iterator {
   public:
    const_iterator() = default;
    std::string_view key() const { return index_->At(pos_)->key(); }
    std::string_view value() const { return index_->At(pos_)->value(); }
    const_iterator& operator++() {
      pos_ = index_->Next(pos_);
      return *this;
    }
    bool operator==(const const_iterator& o) const { return pos_ == o.pos_; }

   private:
    friend class OrderedStore;
    const_iterator(const SortedIndex* index, SortedIndex::Position pos) : index_(index), pos_(pos) {}
    const SortedIndex* index_ = nullptr;
    SortedIndex::Position pos_;
  };

  // Told once, just before the store next changes (a Put, a Delete of a present key, a Clear), then forgotten:
  // a reader that must go on seeing the store as it is now (an iterator's consistent view) copies what it needs.
  class ChangeListener {
   public:
    virtual void BeforeChange() = 0;

   protected:
    ~ChangeListener() = default;
  };

  OrderedStore() = default;
  OrderedStore(const OrderedStore&) = delete;
  OrderedStore& operator=(const OrderedStore&) = delete;

  void Put(std::string_view key, std::string_view value);
  // The value, valid until the next Put or Delete; nullopt when absent.
  std::optional<std::string_view> Find(std::string_view key) const {
    const Record* r = hash_.Find(key, HashKey(key));
    if (r == nullptr) return std::nullopt;
    return r->value();
  }
  void Delete(std::string_view key);
  void Clear();

  const_iterator begin() const { return {&sorted_, sorted_.begin()}; }
  const_iterator end() const { return {&sorted_, sorted_.end()}; }
  const_iterator LowerBound(std::string_view key) const { return {&sorted_, sorted_.LowerBound(key)}; }
  uint64_t size() const { return sorted_.size(); }

  // `listener` is told before the next change, unless Unlisten(listener) comes first.
  void Listen(ChangeListener* listener) { listeners_.push_back(listener); }
  void Unlisten(ChangeListener* listener);

 private:
  void BeforeChange() {
    if (!listeners_.empty()) [[unlikely]]
      NotifyListeners();
  }
  void NotifyListeners();

  RecordArena arena_;
  HashIndex hash_;
  SortedIndex sorted_;
  std::vector<ChangeListener*> listeners_;
};

}  // namespace kvbench::memory

#endif  // KVBENCH_PLUGINS_MEMORY_ORDERED_STORE_HPP_
