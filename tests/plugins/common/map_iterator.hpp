// The iterator of the test plugins that keep a store in a std::map. It reads a copy of the map taken when it is
// created: the consistent view the ABI promises (later writes are not seen, and the bytes it hands out stay put).
// A copy per iterator is fine for the small stores of tests; a real engine iterates a snapshot instead.
#ifndef KVBENCH_TESTS_PLUGINS_COMMON_MAP_ITERATOR_HPP_
#define KVBENCH_TESTS_PLUGINS_COMMON_MAP_ITERATOR_HPP_

#include <kvbench/sdk.hpp>
#include <string_view>

namespace kvbench::test_plugins {

template <class Map>
class MapIterator {
 public:
  explicit MapIterator(const Map* map) : view_(*map), it_(view_.end()) {}
  MapIterator(const MapIterator&) = delete;
  MapIterator& operator=(const MapIterator&) = delete;
  void Seek(std::string_view key) { it_ = view_.lower_bound(key); }
  void SeekToFirst() { it_ = view_.begin(); }
  void Next() { ++it_; }
  bool Valid() const { return it_ != view_.end(); }
  std::string_view key() const { return it_->first; }
  std::string_view value() const { return it_->second; }
  sdk::Status status() const { return sdk::Status::OK(); }

 private:
  const Map view_;
  typename Map::const_iterator it_;
};

}  // namespace kvbench::test_plugins

#endif  // KVBENCH_TESTS_PLUGINS_COMMON_MAP_ITERATOR_HPP_
