#include "db/engine.h"

#include "util/file.h"
#include "util/page_pool.h"
#include "util/thread_name.h"

namespace zt {

Engine::Engine(std::string dir, const Options& options)
    : dir_(std::move(dir)),
      options_(options),
      cache_(std::make_shared<BlockCache>(options.block_cache_bytes, options.block_cache_lifetime,
                                          options.block_cache_shared_bytes)),
      merge_gate_(options.max_concurrent_merges) {}

Engine::~Engine() { Close(); }

Status Engine::Open(const std::string& dir, const Options& options, std::unique_ptr<Engine>* out) {
  if (options.mutable_segment_max_item_count == 0) {
    return Status::InvalidArgument("MutableSegmentMaxItemCount must be > 0");
  }
  Status s = CreateDir(dir);
  if (!s.ok()) return s;
  PagePool::Default().SetHugePages(options.huge_pages);
  std::unique_ptr<Engine> e(new Engine(dir, options));
  e->cleaner_ = std::thread([p = e.get()] { p->CleanerLoop(); });
  *out = std::move(e);
  return Status::OK();
}

void Engine::CleanerLoop() {
  SetCurrentThreadName("zt-cache");
  std::unique_lock<std::mutex> lock(cleaner_mu_);
  while (!cleaner_stop_) {
    cleaner_cv_.wait_for(lock, options_.cache_cleaner_interval, [this] { return cleaner_stop_; });
    if (cleaner_stop_) break;
    lock.unlock();
    cache_->EvictExpired();
    lock.lock();
  }
}

Status Engine::OpenTree(std::string_view name, Tree** tree) {
  if (name.empty() || name == "." || name == ".." || name.find('/') != std::string_view::npos) {
    return Status::InvalidArgument("invalid store name '" + std::string(name) + "'");
  }
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_) return Status::InvalidArgument("engine is closed");
  auto it = trees_.find(name);
  if (it != trees_.end()) {
    *tree = it->second.get();
    return Status::OK();
  }
  std::unique_ptr<Tree> t;
  Status s = Tree::Open(JoinPath(dir_, name), options_, cache_, &stats_, &merge_gate_, &t);
  if (!s.ok()) return s;
  *tree = t.get();
  trees_.emplace(std::string(name), std::move(t));
  return Status::OK();
}

Status Engine::Stabilize() {
  std::lock_guard<std::mutex> lock(mu_);
  // Nothing writes meanwhile: the merges are the only work, so they may use
  // every core.
  struct Unlimited {
    MergeGate* gate;
    uint32_t slots;
    explicit Unlimited(MergeGate* g) : gate(g), slots(g->slots()) { gate->SetSlots(0); }
    ~Unlimited() { gate->SetSlots(slots); }
  } unlimited(&merge_gate_);
  // Freeze every tree first so their merge threads run side by side.
  for (auto& [name, t] : trees_) {
    Status s = t->Freeze();
    if (!s.ok()) return s.WithContext(name);
  }
  for (auto& [name, t] : trees_) {
    Status s = t->Stabilize();
    if (!s.ok()) return s.WithContext(name);
  }
  return Status::OK();
}

Status Engine::Settle() {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto& [name, t] : trees_) {
    Status s = t->Settle();
    if (!s.ok()) return s.WithContext(name);
  }
  return Status::OK();
}

Status Engine::Close() {
  Status result;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_) return Status::OK();
    closed_ = true;
    for (auto& [name, t] : trees_) {
      Status s = t->Close();
      if (result.ok() && !s.ok()) result = s.WithContext(name);
    }
    trees_.clear();
  }
  {
    std::lock_guard<std::mutex> lock(cleaner_mu_);
    cleaner_stop_ = true;
  }
  cleaner_cv_.notify_all();
  if (cleaner_.joinable()) cleaner_.join();
  return result;
}

std::string Engine::StatsJson() const {
  std::string counters = stats_.ToJson();
  size_t memtables = 0;
  uint64_t puts = 0, deletes = 0;
  std::string trees;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (const auto& [name, t] : trees_) {
      memtables += t->MemTableMemory();
      puts += t->puts();
      deletes += t->deletes();
      Tree::Layout l = t->GetLayout();
      if (!trees.empty()) trees += ",";
      trees += "\"" + name + "\":{\"mutable_records\":" + std::to_string(l.mutable_records) +
               ",\"frozen\":" + std::to_string(l.frozen) + ",\"disk_entries\":" + std::to_string(l.disk_entries) +
               ",\"disk_parts\":" + std::to_string(l.disk_parts) +
               ",\"bottoms\":" + std::to_string(l.bottom_entries.size()) + "}";
    }
  }
  BlockCache::Stats cs = cache_->stats();
  std::string out = "{\"puts\":" + std::to_string(puts) + ",\"deletes\":" + std::to_string(deletes) + "," +
                    counters.substr(1, counters.size() - 2);
  out += ",\"block_cache\":{\"budget\":" + std::to_string(cache_->budget()) +
         ",\"charge\":" + std::to_string(cache_->charge()) + ",\"shared\":" + std::to_string(cache_->shared()) +
         ",\"charged_elsewhere\":" + std::to_string(cache_->charged_elsewhere()) +
         ",\"entries\":" + std::to_string(cache_->entries()) + ",\"hits\":" + std::to_string(cs.hits) +
         ",\"misses\":" + std::to_string(cs.misses) + ",\"inserts\":" + std::to_string(cs.inserts) +
         ",\"evictions\":" + std::to_string(cs.evictions) + ",\"expired\":" + std::to_string(cs.expired) +
         ",\"demoted\":" + std::to_string(cs.demoted) + "}";
  out += ",\"merge_gate\":{\"slots\":" + std::to_string(merge_gate_.slots()) +
         ",\"waits\":" + std::to_string(merge_gate_.waits()) +
         ",\"wait_ms\":" + std::to_string(merge_gate_.wait_micros() / 1000) + "}";
  out += ",\"memtable_bytes\":" + std::to_string(memtables);
  out += ",\"page_pool\":{\"mapped_bytes\":" + std::to_string(PagePool::AllMappedBytes()) +
         ",\"free_bytes\":" + std::to_string(PagePool::AllFreeBytes()) + "}";
  out += ",\"trees\":{" + trees + "}}";
  return out;
}

}  // namespace zt
