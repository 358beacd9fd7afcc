#include "sorted_index.hpp"

#include <algorithm>
#include <cstring>

namespace kvbench::memory {

uint64_t SortedIndex::Prefix(std::string_view key) const {
  key.remove_prefix(common_.size());
  uint64_t p = 0;
  const size_t n = std::min<size_t>(8, key.size());
  for (size_t i = 0; i < n; ++i) p |= static_cast<uint64_t>(static_cast<unsigned char>(key[i])) << (56 - 8 * i);
  return p;
}

int SortedIndex::Compare(uint64_t prefix, std::string_view key, const Entry& e) {
  if (prefix != e.prefix) return prefix < e.prefix ? -1 : 1;
  // Equal windows: the keys share 8 more bytes (or are shorter, zero-padded): compare the whole keys.
  return key.compare(e.record->key());
}

SortedIndex::Position SortedIndex::LowerBound(std::string_view key, bool* found) const {
  if (found != nullptr) *found = false;
  if (leaves_.empty()) return end();
  if (key.substr(0, common_.size()) != common_) {
    // Every key of the index starts with common_ and this one does not: it sorts before or after all of them.
    return key < common_ ? begin() : end();
  }
  const uint64_t prefix = Prefix(key);
  // The last leaf whose first key is <= key (or the first leaf).
  size_t lo = 0, hi = firsts_.size();
  while (hi - lo > 1) {
    const size_t mid = lo + (hi - lo) / 2;
    if (Compare(prefix, key, firsts_[mid]) >= 0) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  const Leaf& leaf = *leaves_[lo];
  size_t a = 0, b = leaf.size;  // first entry >= key in [a, b]
  while (a < b) {
    const size_t mid = a + (b - a) / 2;
    if (Compare(prefix, key, leaf.entries[mid]) > 0) {
      a = mid + 1;
    } else {
      b = mid;
    }
  }
  if (a == leaf.size) return {lo + 1, 0};  // past this leaf: the next leaf's first key is > key
  if (found != nullptr) *found = Compare(prefix, key, leaf.entries[a]) == 0;
  return {lo, a};
}

void SortedIndex::ShrinkCommonPrefix(std::string_view key) {
  size_t n = 0;
  while (n < common_.size() && n < key.size() && common_[n] == key[n]) ++n;
  common_.resize(n);
  for (size_t i = 0; i < leaves_.size(); ++i) {
    Leaf& leaf = *leaves_[i];
    for (size_t j = 0; j < leaf.size; ++j) leaf.entries[j].prefix = Prefix(leaf.entries[j].record->key());
    firsts_[i] = leaf.entries[0];
  }
}

void SortedIndex::Insert(Position p, Record* record) {
  const std::string_view key = record->key();
  if (size_ == 0) {
    common_.assign(key);
  } else if (key.substr(0, common_.size()) != common_) {
    ShrinkCommonPrefix(key);  // rare: each call shortens common_ for good
  }
  const Entry e{Prefix(key), record};
  ++size_;
  if (leaves_.empty()) {
    leaves_.push_back(std::make_unique<Leaf>());
    leaves_[0]->entries[0] = e;
    leaves_[0]->size = 1;
    firsts_.push_back(e);
    return;
  }
  // A position past the end of a leaf belongs at the end of the previous leaf.
  if (p.entry == 0 && p.leaf > 0) {
    p.leaf -= 1;
    p.entry = leaves_[p.leaf]->size;
  }
  Leaf* leaf = leaves_[p.leaf].get();
  if (leaf->size == kLeafCapacity) {
    auto fresh = std::make_unique<Leaf>();
    if (p.entry == kLeafCapacity) {
      // Appending past a full leaf (a store written in key order): start a new leaf and keep this one full.
      fresh->entries[0] = e;
      fresh->size = 1;
      firsts_.insert(firsts_.begin() + static_cast<ptrdiff_t>(p.leaf + 1), e);
      leaves_.insert(leaves_.begin() + static_cast<ptrdiff_t>(p.leaf + 1), std::move(fresh));
      return;
    }
    // Split in half; the entry goes into whichever half holds its position.
    const size_t half = kLeafCapacity / 2;
    std::copy(leaf->entries + half, leaf->entries + kLeafCapacity, fresh->entries);
    fresh->size = kLeafCapacity - half;
    leaf->size = half;
    firsts_.insert(firsts_.begin() + static_cast<ptrdiff_t>(p.leaf + 1), fresh->entries[0]);
    leaves_.insert(leaves_.begin() + static_cast<ptrdiff_t>(p.leaf + 1), std::move(fresh));
    if (p.entry > half) {
      p.leaf += 1;
      p.entry -= half;
    }
    leaf = leaves_[p.leaf].get();
  }
  std::copy_backward(leaf->entries + p.entry, leaf->entries + leaf->size, leaf->entries + leaf->size + 1);
  leaf->entries[p.entry] = e;
  ++leaf->size;
  if (p.entry == 0) firsts_[p.leaf] = e;
}

void SortedIndex::Erase(Position p) {
  Leaf* leaf = leaves_[p.leaf].get();
  std::copy(leaf->entries + p.entry + 1, leaf->entries + leaf->size, leaf->entries + p.entry);
  --leaf->size;
  --size_;
  if (leaf->size == 0) {
    leaves_.erase(leaves_.begin() + static_cast<ptrdiff_t>(p.leaf));
    firsts_.erase(firsts_.begin() + static_cast<ptrdiff_t>(p.leaf));
  } else if (p.entry == 0) {
    firsts_[p.leaf] = leaf->entries[0];
  }
}

void SortedIndex::Clear() {
  leaves_.clear();
  firsts_.clear();
  size_ = 0;
  common_.clear();
}

}  // namespace kvbench::memory
