#include "db/tree_iterator.h"

namespace zt {

std::vector<std::unique_ptr<InternalIterator>> LayerIterators(
    const Version& v, uint64_t snapshot, bool fill_cache) {
  std::vector<std::unique_ptr<InternalIterator>> layers;
  if (v.mutable_segment != nullptr) {
    layers.push_back(
        std::make_unique<MemTableLayerIterator>(v.mutable_segment, snapshot));
  }
  for (const auto& f : v.frozen) {
    layers.push_back(std::make_unique<MemTableLayerIterator>(f, snapshot));
  }
  if (v.disk != nullptr) {
    layers.push_back(
        std::make_unique<SegmentLayerIterator>(v.disk->NewIterator(fill_cache)));
  }
  for (const auto& b : v.bottoms) {
    layers.push_back(
        std::make_unique<SegmentLayerIterator>(b->NewIterator(fill_cache)));
  }
  return layers;
}

TreeIterator::TreeIterator(std::shared_ptr<const Version> version,
                           uint64_t snapshot, bool fill_cache)
    : version_(std::move(version)),
      merged_(std::make_unique<MergingIterator>(
          LayerIterators(*version_, snapshot, fill_cache))) {}

}  // namespace zt
