#include "db/memtable.h"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <new>
#include <utility>

#include "table/key_window.h"

namespace zt {

// One version of a key. Immutable once published.
struct MemTable::Entry {
  uint64_t seq;
  const Entry* older;
  uint32_t size;
  EntryKind kind;
  char data[1];  // `size` bytes
};

// A key and its versions; records form the sorted list iterators walk.
struct MemTable::Node {
  std::atomic<const Entry*> entry;  // newest version
  std::atomic<Node*> next;          // the next record in key order
  uint32_t key_size;                // the key's bytes follow the node

  std::string_view key() const { return {reinterpret_cast<const char*>(this + 1), key_size}; }
  Node* Next() const { return next.load(std::memory_order_acquire); }
};

// A B+tree node. Every key k in its subtree has lo <= k < hi (fences;
// nullptr is unbounded), so all share their first lcp bytes, and a window
// (8 bytes from there) stands for each key in the search. Readers may load
// the atomic fields while the writer changes them; seq_ tells them to retry.
struct MemTable::Leaf {
  uint32_t level = 0;  // 0 for a leaf; fixed
  std::atomic<uint32_t> count{0};
  std::atomic<uint32_t> lcp{0};
  const Node* lo = nullptr;  // the fences (writer only)
  const Node* hi = nullptr;
  std::atomic<uint64_t> window[kFanout];
  // Leaf: its records, ascending. Inner: each child's first key.
  std::atomic<const Node*> rec[kFanout];
};

struct MemTable::Inner : MemTable::Leaf {
  std::atomic<Leaf*> child[kFanout];
};

namespace {

inline int Compare(std::string_view a, std::string_view b) {
  size_t n = a.size() < b.size() ? a.size() : b.size();
  int r = n == 0 ? 0 : std::memcmp(a.data(), b.data(), n);
  if (r != 0) return r;
  return a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
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

MemTable::MemTable(uint64_t expected_records, std::shared_ptr<MemoryAccount> account)
    : arena_(PagePool::kPageSize, std::move(account)) {
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
  head_ = NewNode({});
  tail_ = head_;
  last_leaf_ = NewLeaf();
  root_.store(last_leaf_, std::memory_order_relaxed);
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

MemTable::Node* MemTable::NewNode(std::string_view key) {
  char* mem = arena_.AllocateAligned(sizeof(Node) + key.size());
  Node* node = new (mem) Node;
  node->entry.store(nullptr, std::memory_order_relaxed);
  node->next.store(nullptr, std::memory_order_relaxed);
  if (!key.empty()) std::memcpy(mem + sizeof(Node), key.data(), key.size());
  node->key_size = static_cast<uint32_t>(key.size());
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

MemTable::Leaf* MemTable::NewLeaf() {
  return new (arena_.AllocateAligned(sizeof(Leaf))) Leaf;
}

MemTable::Inner* MemTable::NewInner(uint32_t level) {
  Inner* n = new (arena_.AllocateAligned(sizeof(Inner))) Inner;
  n->level = level;
  return n;
}

// ---- Reading the tree ---------------------------------------------------

namespace {

// Index of the first of rec[lo, hi) that is not before the target (whose
// window at lcp is w): target <= rec[i] for leaves (a lower bound),
// target < rec[i] with strict (an upper bound, for routing in inner nodes).
// Returns hi + 1 if a record pointer was null (an inconsistent read).
template <typename Node, typename Slot, typename Window>
uint32_t SearchNode(const Window* window, const Slot* rec, uint32_t lo, uint32_t hi, uint64_t w,
                    std::string_view target, uint32_t lcp, bool strict) {
  uint32_t count = hi - lo;
  while (count > 0) {
    uint32_t step = count / 2;
    uint32_t mid = lo + step;
    // Acquire: the record's fields were written before it was published.
    const Node* r = rec[mid].load(std::memory_order_acquire);
    if (r == nullptr) return hi + 1;
    const uint64_t rw = window[mid].load(std::memory_order_acquire);
    // Go right past rec[mid] when it is before the target (lower bound) or
    // not after it (upper bound).
    const bool right = strict ? !WindowLess(w, target, rw, r->key(), lcp) : WindowLess(rw, r->key(), w, target, lcp);
    if (right) {
      lo = mid + 1;
      count -= step + 1;
    } else {
      count = step;
    }
  }
  return lo;
}

}  // namespace

const MemTable::Node* MemTable::SearchOnce(std::string_view target) const {
  const Leaf* n = root_.load(std::memory_order_acquire);
  for (int depth = 0; depth < kMaxLevels; ++depth) {
    const uint32_t count = std::min(n->count.load(std::memory_order_acquire), kFanout);
    const uint32_t lcp = n->lcp.load(std::memory_order_acquire);
    const uint64_t w = KeyWindow(target, lcp);
    if (n->level == 0) {
      // The leaf's windows are one block of memory: fetch it at once.
      for (uint32_t i = 0; i < count; i += 8) __builtin_prefetch(&n->window[i]);
      uint32_t pos = SearchNode<Node>(n->window, n->rec, 0, count, w, target, lcp, false);
      if (pos > count) return head_;
      if (pos < count) return n->rec[pos].load(std::memory_order_acquire);
      // Past the leaf's last key: the next record in the list, if any.
      const Node* last = count > 0 ? n->rec[count - 1].load(std::memory_order_acquire) : head_;
      return last == nullptr ? head_ : last->Next();
    }
    if (count == 0) return head_;
    uint32_t r = SearchNode<Node>(n->window, n->rec, 1, count, w, target, lcp, true);
    if (r > count) return head_;
    const Leaf* c = static_cast<const Inner*>(n)->child[r - 1].load(std::memory_order_acquire);
    if (c == nullptr || c->level >= n->level) return head_;
    n = c;
  }
  return head_;
}

const MemTable::Node* MemTable::LowerBound(std::string_view target) const {
  // Optimistic: a search that no write overlapped is right. After a few
  // overlapped tries (a busy writer), search under the writer's mutex.
  for (int attempt = 0; attempt < 4; ++attempt) {
    const uint64_t s = seq_.load(std::memory_order_acquire);
    if ((s & 1) != 0) continue;
    const Node* r = SearchOnce(target);
    // SearchOnce's loads are acquires, so this load cannot pass them.
    if (r != head_ && seq_.load(std::memory_order_relaxed) == s) return r;
  }
  std::lock_guard<std::mutex> lock(write_mu_);
  return SearchOnce(target);  // nothing changes meanwhile: never head_
}

// ---- Writing --------------------------------------------------------------

uint32_t MemTable::Descend(std::string_view target, Path* path) const {
  Leaf* n = root_.load(std::memory_order_relaxed);
  path->depth = static_cast<int>(n->level) + 1;
  while (true) {
    const uint32_t count = n->count.load(std::memory_order_relaxed);
    const uint32_t lcp = n->lcp.load(std::memory_order_relaxed);
    const uint64_t w = KeyWindow(target, lcp);
    path->node[n->level] = n;
    if (n->level == 0) {
      return SearchNode<Node>(n->window, n->rec, 0, count, w, target, lcp, false);
    }
    uint32_t r = SearchNode<Node>(n->window, n->rec, 1, count, w, target, lcp, true);
    path->index[n->level] = r - 1;
    n = static_cast<Inner*>(n)->child[r - 1].load(std::memory_order_relaxed);
  }
}

void MemTable::SetLcp(Leaf* n) {
  const uint32_t lcp = n->lo != nullptr && n->hi != nullptr ? CommonPrefix(n->lo->key(), n->hi->key()) : 0;
  if (lcp == n->lcp.load(std::memory_order_relaxed)) return;
  n->lcp.store(lcp, std::memory_order_release);
  const uint32_t count = n->count.load(std::memory_order_relaxed);
  for (uint32_t i = 0; i < count; ++i) {
    const Node* r = n->rec[i].load(std::memory_order_relaxed);
    n->window[i].store(KeyWindow(r->key(), lcp), std::memory_order_release);
  }
}

namespace {

// Puts (record, child) at position pos of a node with room, shifting the
// entries after it. Inner nodes pass their child array.
template <typename Leaf, typename Node, typename Child>
void PutAt(Leaf* n, std::atomic<Child*>* children, uint32_t pos, const Node* record, Child* child) {
  const uint32_t count = n->count.load(std::memory_order_relaxed);
  for (uint32_t i = count; i > pos; --i) {
    n->window[i].store(n->window[i - 1].load(std::memory_order_relaxed), std::memory_order_release);
    n->rec[i].store(n->rec[i - 1].load(std::memory_order_relaxed), std::memory_order_release);
    if (children != nullptr) {
      children[i].store(children[i - 1].load(std::memory_order_relaxed), std::memory_order_release);
    }
  }
  n->window[pos].store(KeyWindow(record->key(), n->lcp.load(std::memory_order_relaxed)), std::memory_order_release);
  n->rec[pos].store(record, std::memory_order_release);
  // Release: a child made by a split is published here, initialized.
  if (children != nullptr) children[pos].store(child, std::memory_order_release);
  n->count.store(count + 1, std::memory_order_release);
}

}  // namespace

void MemTable::InsertAt(Path* path, int level, uint32_t pos, const Node* record, Leaf* child) {
  Leaf* n = path->node[level];
  auto children = [](Leaf* x) { return x->level == 0 ? nullptr : static_cast<Inner*>(x)->child; };
  const uint32_t count = n->count.load(std::memory_order_relaxed);
  if (count < kFanout) {
    PutAt(n, children(n), pos, record, child);
    return;
  }
  // Split. Appending past the last key of the rightmost node starts a new
  // node (keys inserted in order fill their nodes); otherwise halve.
  Leaf* r = level == 0 ? NewLeaf() : NewInner(static_cast<uint32_t>(level));
  const bool at_end = pos == count && n->hi == nullptr;
  const uint32_t mid = at_end ? count : count / 2;
  r->lcp.store(n->lcp.load(std::memory_order_relaxed), std::memory_order_release);
  for (uint32_t i = mid; i < count; ++i) {
    r->window[i - mid].store(n->window[i].load(std::memory_order_relaxed), std::memory_order_release);
    r->rec[i - mid].store(n->rec[i].load(std::memory_order_relaxed), std::memory_order_release);
    if (level > 0) {
      static_cast<Inner*>(r)->child[i - mid].store(static_cast<Inner*>(n)->child[i].load(std::memory_order_relaxed),
                                                  std::memory_order_release);
    }
  }
  r->count.store(count - mid, std::memory_order_release);
  n->count.store(mid, std::memory_order_release);
  if (!at_end && pos <= mid) {
    PutAt(n, children(n), pos, record, child);
  } else {
    PutAt(r, children(r), pos - mid, record, child);
  }
  const Node* sep = r->rec[0].load(std::memory_order_relaxed);
  r->lo = sep;
  r->hi = n->hi;
  n->hi = sep;
  SetLcp(n);
  SetLcp(r);
  if (n == last_leaf_) last_leaf_ = r;
  if (level + 1 < path->depth) {
    InsertAt(path, level + 1, path->index[level + 1] + 1, sep, r);
    return;
  }
  // The root split: a new root above the two halves.
  Inner* root = NewInner(static_cast<uint32_t>(level) + 1);
  root->rec[0].store(n->rec[0].load(std::memory_order_relaxed), std::memory_order_release);
  root->child[0].store(n, std::memory_order_release);
  root->rec[1].store(sep, std::memory_order_release);
  root->window[1].store(KeyWindow(sep->key(), 0), std::memory_order_release);
  root->child[1].store(r, std::memory_order_release);
  root->count.store(2, std::memory_order_release);
  root_.store(root, std::memory_order_release);
}

// The sequence lock without fences (ThreadSanitizer does not model them):
// the writer's stores to the tree are releases and the readers' loads
// acquires, so a reader that sees any store made after seq_ turned odd also
// sees seq_ odd (or later) when it checks again.
void MemTable::BeginWrite() {
  write_mu_.lock();
  seq_.store(seq_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
}

void MemTable::EndWrite() {
  seq_.store(seq_.load(std::memory_order_relaxed) + 1, std::memory_order_release);
  write_mu_.unlock();
}

void MemTable::Add(uint64_t seq, std::string_view key, EntryKind kind,
                   std::string_view value) {
  // Where the key goes: past the last record (keys arriving in order skip
  // the search), or found by a descent.
  Node* found = nullptr;
  const int cmp_last = tail_ == head_ ? 1 : Compare(key, tail_->key());
  Path path;
  uint32_t pos;
  if (cmp_last == 0) {
    found = tail_;
  } else if (cmp_last > 0 && last_leaf_->count.load(std::memory_order_relaxed) < kFanout) {
    path.depth = 1;
    path.node[0] = last_leaf_;
    pos = last_leaf_->count.load(std::memory_order_relaxed);
  } else {
    pos = Descend(key, &path);
    Leaf* leaf = path.node[0];
    if (pos < leaf->count.load(std::memory_order_relaxed)) {
      const Node* r = leaf->rec[pos].load(std::memory_order_relaxed);
      if (Compare(r->key(), key) == 0) found = const_cast<Node*>(r);
    }
  }
  if (found != nullptr) {
    const Entry* older = found->entry.load(std::memory_order_relaxed);
    found->entry.store(NewEntry(seq, kind, value, older), std::memory_order_release);
    records_.fetch_add(1, std::memory_order_release);
    return;
  }

  FilterAdd(Hash(key));
  Node* node = NewNode(key);
  node->entry.store(NewEntry(seq, kind, value, nullptr), std::memory_order_relaxed);
  // Its predecessor in the list: the leaf's record before pos. A key
  // before a leaf's first record only reaches the leftmost leaf (the first
  // record of any other is its lower fence).
  Leaf* leaf = path.node[0];
  const Node* pred = pos > 0 ? leaf->rec[pos - 1].load(std::memory_order_relaxed) : head_;
  Node* before = const_cast<Node*>(pred);
  node->next.store(before->next.load(std::memory_order_relaxed), std::memory_order_relaxed);
  BeginWrite();
  before->next.store(node, std::memory_order_release);
  InsertAt(&path, 0, pos, node, nullptr);
  EndWrite();
  if (before == tail_) tail_ = node;
  keys_.fetch_add(1, std::memory_order_relaxed);
  records_.fetch_add(1, std::memory_order_release);
}

bool MemTable::Get(std::string_view key, EntryKind* kind,
                   std::string_view* value) const {
  if (records_.load(std::memory_order_acquire) == 0) return false;
  if (!FilterMayContain(Hash(key))) return false;
  const Node* node = LowerBound(key);
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
    node_ = node_->Next();
  }
  entry_ = nullptr;
}

void MemTable::Iterator::SeekToFirst() {
  node_ = table_->head_->Next();
  SkipInvisible();
}

void MemTable::Iterator::Seek(std::string_view target) {
  node_ = table_->LowerBound(target);
  SkipInvisible();
}

void MemTable::Iterator::Next() {
  node_ = node_->Next();
  SkipInvisible();
}

std::string_view MemTable::Iterator::key() const { return node_->key(); }

std::string_view MemTable::Iterator::value() const {
  return {entry_->data, entry_->size};
}

EntryKind MemTable::Iterator::kind() const { return entry_->kind; }

}  // namespace zt
