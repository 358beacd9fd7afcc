// The iterator of the test plugins that keep a store in a std::map: it copies the current entry, so a write to
// the map between calls cannot invalidate what the host is reading, and Next() finds its place again from the
// copied key.
#ifndef KVBENCH_TESTS_PLUGINS_COMMON_MAP_ITERATOR_HPP_
#define KVBENCH_TESTS_PLUGINS_COMMON_MAP_ITERATOR_HPP_

#include <kvbench/sdk.hpp>
#include <string>
#include <string_view>

namespace kvbench::test_plugins {

template <class Map>
class MapIterator {
 public:
  explicit MapIterator(const Map* map) : map_(map) {}
  void Seek(std::string_view key) { Position(map_->lower_bound(key)); }
  void SeekToFirst() { Position(map_->begin()); }
  void Next() { Position(map_->upper_bound(key_)); }
  bool Valid() const { return valid_; }
  std::string_view key() const { return key_; }
  std::string_view value() const { return value_; }
  sdk::Status status() const { return sdk::Status::OK(); }

 private:
  void Position(typename Map::const_iterator it) {
    valid_ = it != map_->end();
    if (valid_) {
      key_ = it->first;
      value_ = it->second;
    }
  }
  const Map* map_;
  bool valid_ = false;
  std::string key_, value_;
};

}  // namespace kvbench::test_plugins

#endif  // KVBENCH_TESTS_PLUGINS_COMMON_MAP_ITERATOR_HPP_
