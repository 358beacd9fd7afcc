#include "db/memtable.h"

#include <cstddef>
#include <cstring>
#include <new>

namespace zt {

// One version of a key. Immutable once published.
struct MemTable::Entry {
  uint64_t seq;
  const Entry* older;
  uint32_t size;
  EntryKind kind;
  char data[1];  // `size` bytes
};

struct MemTable::Node {
  std::atomic<const Entry*> entry;  // newest version
  uint64_t prefix;                  // first 8 key bytes, big-endian, 0-padded
  const char* key_data;
  uint32_t key_size;
  std::atomic<Node*> next[1];  // `height` links, allocated past the struct

  std::string_view key() const { return {key_data, key_size}; }
  Node* Next(int level) const {
    return next[level].load(std::memory_order_acquire);
  }
};

namespace {

inline int Compare(std::string_view a, std::string_view b) {
  size_t n = a.size() < b.size() ? a.size() : b.size();
  int r = n == 0 ? 0 : std::memcmp(a.data(), b.data(), n);
  if (r != 0) return r;
  return a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
}

// The first 8 bytes of key as a big-endian integer (zero-padded): comparing
// two prefixes orders their keys unless they are equal.
inline uint64_t KeyPrefix(std::string_view key) {
  uint8_t b[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  std::memcpy(b, key.data(), key.size() < 8 ? key.size() : 8);
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | b[i];
  return v;
}

inline uint64_t Hash(std::string_view key) {
  constexpr uint64_t kMul = 0x9E3779B97F4A7C15ull;
  uint64_t h = 0x243F6A8885A308D3ull ^ (key.size() * kMul);
  const char* p = key.data();
  size_t n = key.size();
  while (n >= 8) {
    uint64_t w;
    std::memcpy(&w, p, 8);
    h = (h ^ w) * kMul;
    h ^= h >> 29;
    p += 8;
    n -= 8;
  }
  uint64_t w = 0;
  if (n > 0) std::memcpy(&w, p, n);
  h = (h ^ w) * kMul;
  h ^= h >> 32;
  h *= 0xBF58476D1CE4E5B9ull;
  return h ^ (h >> 31);
}

}  // namespace

MemTable::MemTable(uint64_t expected_records) : arena_(1 << 20) {
  // ~10 bits per record, rounded up to a power of two of 512-bit blocks.
  uint64_t blocks = 1;
  while (blocks * 512 < expected_records * 10 && blocks < (uint64_t{1} << 24)) {
    blocks <<= 1;
  }
  filter_blocks_mask_ = blocks - 1;
  filter_.reset(new std::atomic<uint64_t>[blocks * 8]);
  for (uint64_t i = 0; i < blocks * 8; ++i) {
    filter_[i].store(0, std::memory_order_relaxed);
  }
  head_ = NewNode({}, kMaxHeight);
  for (int i = 0; i < kMaxHeight; ++i) tail_[i] = head_;
}

void MemTable::FilterAdd(uint64_t hash) {
  std::atomic<uint64_t>* block = &filter_[(hash & filter_blocks_mask_) * 8];
  uint64_t h = hash >> 24;
  for (int i = 0; i < 4; ++i) {
    uint32_t bit = static_cast<uint32_t>(h & 511);
    h >>= 9;
    std::atomic<uint64_t>& word = block[bit >> 6];
    // Single writer: a plain load + store, no read-modify-write needed.
    word.store(word.load(std::memory_order_relaxed) | (uint64_t{1} << (bit & 63)),
               std::memory_order_relaxed);
  }
}

bool MemTable::FilterMayContain(uint64_t hash) const {
  const std::atomic<uint64_t>* block = &filter_[(hash & filter_blocks_mask_) * 8];
  uint64_t h = hash >> 24;
  for (int i = 0; i < 4; ++i) {
    uint32_t bit = static_cast<uint32_t>(h & 511);
    h >>= 9;
    if ((block[bit >> 6].load(std::memory_order_relaxed) &
         (uint64_t{1} << (bit & 63))) == 0) {
      return false;
    }
  }
  return true;
}

MemTable::Node* MemTable::NewNode(std::string_view key, int height) {
  size_t links = sizeof(std::atomic<Node*>) * static_cast<size_t>(height - 1);
  char* mem = arena_.AllocateAligned(sizeof(Node) + links + key.size());
  Node* node = new (mem) Node;
  node->entry.store(nullptr, std::memory_order_relaxed);
  char* key_copy = mem + sizeof(Node) + links;
  if (!key.empty()) std::memcpy(key_copy, key.data(), key.size());
  node->prefix = key.empty() ? 0 : KeyPrefix(key);
  node->key_data = key_copy;
  node->key_size = static_cast<uint32_t>(key.size());
  node->next[0].store(nullptr, std::memory_order_relaxed);
  for (int i = 1; i < height; ++i) {
    new (&node->next[i]) std::atomic<Node*>(nullptr);
  }
  return node;
}

const MemTable::Entry* MemTable::NewEntry(uint64_t seq, EntryKind kind,
                                          std::string_view value,
                                          const Entry* older) {
  char* mem = arena_.AllocateAligned(offsetof(Entry, data) + value.size());
  Entry* e = new (mem) Entry;
  e->seq = seq;
  e->older = older;
  e->size = static_cast<uint32_t>(value.size());
  e->kind = kind;
  if (!value.empty()) std::memcpy(e->data, value.data(), value.size());
  return e;
}

int MemTable::RandomHeight() {
  int height = 1;
  while (height < kMaxHeight) {
    rnd_ ^= rnd_ << 13;
    rnd_ ^= rnd_ >> 17;
    rnd_ ^= rnd_ << 5;
    if ((rnd_ & 3) != 0) break;  // branching factor 4
    ++height;
  }
  return height;
}

// Compare(node's key, target) < 0, deciding on the cached prefixes when
// they differ (no key bytes touched).
static inline bool KeyBefore(uint64_t node_prefix, std::string_view node_key,
                             uint64_t target_prefix, std::string_view target) {
  if (node_prefix != target_prefix) return node_prefix < target_prefix;
  if (node_key.size() <= 8 || target.size() <= 8) {
    // Equal padded prefixes and one key is at most 8 bytes long: the shorter
    // key is a prefix of the other (or they are equal).
    return Compare(node_key, target) < 0;
  }
  return Compare(node_key.substr(8), target.substr(8)) < 0;
}

MemTable::Node* MemTable::FindGreaterOrEqual(std::string_view target,
                                             Node** prev) const {
  Node* x = head_;
  const uint64_t target_prefix = KeyPrefix(target);
  int level = max_height_.load(std::memory_order_relaxed) - 1;
  while (true) {
    Node* next = x->Next(level);
    if (next != nullptr &&
        KeyBefore(next->prefix, next->key(), target_prefix, target)) {
      x = next;
    } else {
      if (prev != nullptr) prev[level] = x;
      if (level == 0) return next;
      --level;
    }
  }
}

void MemTable::Add(uint64_t seq, std::string_view key, EntryKind kind,
                   std::string_view value) {
  Node* prev[kMaxHeight];
  Node* found = nullptr;
  Node* last = tail_[0];
  int cmp_last = last == head_ ? 1 : Compare(key, last->key());
  if (cmp_last > 0) {
    // Appending past the largest key: the tails are the predecessors.
    for (int i = 0; i < kMaxHeight; ++i) prev[i] = tail_[i];
  } else if (cmp_last == 0) {
    found = last;
  } else {
    found = FindGreaterOrEqual(key, prev);
    if (found != nullptr && Compare(found->key(), key) != 0) found = nullptr;
  }

  if (found != nullptr) {
    const Entry* older = found->entry.load(std::memory_order_relaxed);
    found->entry.store(NewEntry(seq, kind, value, older),
                       std::memory_order_release);
    records_.fetch_add(1, std::memory_order_release);
    return;
  }

  int height = RandomHeight();
  int max_height = max_height_.load(std::memory_order_relaxed);
  if (height > max_height) {
    for (int i = max_height; i < height; ++i) prev[i] = head_;
    // Readers that see the new height before the new links find nullptr at
    // head_ on those levels and drop down: harmless.
    max_height_.store(height, std::memory_order_relaxed);
  }
  FilterAdd(Hash(key));
  Node* node = NewNode(key, height);
  node->entry.store(NewEntry(seq, kind, value, nullptr),
                    std::memory_order_relaxed);
  for (int i = 0; i < height; ++i) {
    node->next[i].store(prev[i]->next[i].load(std::memory_order_relaxed),
                        std::memory_order_relaxed);
    prev[i]->next[i].store(node, std::memory_order_release);
    if (prev[i] == tail_[i]) tail_[i] = node;
  }
  keys_.fetch_add(1, std::memory_order_relaxed);
  records_.fetch_add(1, std::memory_order_release);
}

bool MemTable::Get(std::string_view key, EntryKind* kind,
                   std::string_view* value) const {
  if (records_.load(std::memory_order_acquire) == 0) return false;
  if (!FilterMayContain(Hash(key))) return false;
  const Node* node = FindGreaterOrEqual(key, nullptr);
  if (node == nullptr || Compare(node->key(), key) != 0) return false;
  const Entry* e = node->entry.load(std::memory_order_acquire);
  *kind = e->kind;
  *value = std::string_view(e->data, e->size);
  return true;
}

void MemTable::Iterator::SkipInvisible() {
  while (node_ != nullptr) {
    const Entry* e = node_->entry.load(std::memory_order_acquire);
    while (e != nullptr && e->seq > snapshot_) e = e->older;
    if (e != nullptr) {
      entry_ = e;
      return;
    }
    node_ = node_->Next(0);
  }
  entry_ = nullptr;
}

void MemTable::Iterator::SeekToFirst() {
  node_ = table_->head_->Next(0);
  SkipInvisible();
}

void MemTable::Iterator::Seek(std::string_view target) {
  node_ = table_->FindGreaterOrEqual(target, nullptr);
  SkipInvisible();
}

void MemTable::Iterator::Next() {
  node_ = node_->Next(0);
  SkipInvisible();
}

std::string_view MemTable::Iterator::key() const { return node_->key(); }

std::string_view MemTable::Iterator::value() const {
  return {entry_->data, entry_->size};
}

EntryKind MemTable::Iterator::kind() const { return entry_->kind; }

}  // namespace zt
