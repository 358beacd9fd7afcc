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

}  // namespace

MemTable::MemTable() : arena_(1 << 20) {
  head_ = NewNode({}, kMaxHeight);
  for (int i = 0; i < kMaxHeight; ++i) tail_[i] = head_;
}

MemTable::Node* MemTable::NewNode(std::string_view key, int height) {
  size_t links = sizeof(std::atomic<Node*>) * static_cast<size_t>(height - 1);
  char* mem = arena_.AllocateAligned(sizeof(Node) + links + key.size());
  Node* node = new (mem) Node;
  node->entry.store(nullptr, std::memory_order_relaxed);
  char* key_copy = mem + sizeof(Node) + links;
  if (!key.empty()) std::memcpy(key_copy, key.data(), key.size());
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

MemTable::Node* MemTable::FindGreaterOrEqual(std::string_view target,
                                             Node** prev) const {
  Node* x = head_;
  int level = max_height_.load(std::memory_order_relaxed) - 1;
  while (true) {
    Node* next = x->Next(level);
    if (next != nullptr && Compare(next->key(), target) < 0) {
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
