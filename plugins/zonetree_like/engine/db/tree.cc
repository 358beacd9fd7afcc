#include "db/tree.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <set>
#include <utility>

#include "db/merge.h"
#include "db/wal_format.h"
#include "db/wal_reader.h"
#include "util/file.h"
#include "util/thread_name.h"

namespace zt {
namespace {

void Log(const Options& o, int level, const std::string& msg) {
  if (o.logger) o.logger(level, msg);
}

// "<digits>.wal" -> number.
bool ParseWalFileName(std::string_view name, uint64_t* number) {
  constexpr std::string_view kSuffix = ".wal";
  if (name.size() <= kSuffix.size() || name.substr(name.size() - kSuffix.size()) != kSuffix) {
    return false;
  }
  uint64_t n = 0;
  for (char c : name.substr(0, name.size() - kSuffix.size())) {
    if (c < '0' || c > '9') return false;
    n = n * 10 + static_cast<uint64_t>(c - '0');
  }
  *number = n;
  return true;
}

bool EndsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

uint64_t MicrosSince(std::chrono::steady_clock::time_point start) {
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start).count());
}

}  // namespace

Tree::Tree(const std::string& dir, const Options& options, std::shared_ptr<BlockCache> cache, EngineStats* stats,
           MergeGate* gate)
    : dir_(dir), options_(options), cache_(std::move(cache)), stats_(stats), gate_(gate) {}

Tree::~Tree() { Close(); }

Status Tree::Open(const std::string& dir, const Options& options, std::shared_ptr<BlockCache> cache, EngineStats* stats,
                  MergeGate* gate, std::unique_ptr<Tree>* out) {
  std::unique_ptr<Tree> tree(new Tree(dir, options, std::move(cache), stats, gate));
  Status s = tree->Recover();
  if (!s.ok()) {
    tree->closed_ = true;  // nothing to flush: the merge thread never ran
    return s;
  }
  tree->merge_thread_ = std::thread([t = tree.get()] { t->MergeLoop(); });
  *out = std::move(tree);
  return Status::OK();
}

Status Tree::Recover() {
  Status s = CreateDir(dir_);
  if (!s.ok()) return s;
  ManifestState state;
  bool exists = false;
  s = ReadManifest(dir_, &state, &exists);
  if (!s.ok()) return s;

  std::vector<std::string> names;
  s = ListDir(dir_, &names);
  if (!s.ok()) return s;
  uint64_t max_number = 0;
  std::set<uint64_t> seg_files, wal_files;
  std::vector<std::string> interrupted_writes;
  for (const std::string& name : names) {
    uint64_t n = 0;
    if (ParsePartFileName(name, &n)) {
      seg_files.insert(n);
    } else if (ParseWalFileName(name, &n)) {
      wal_files.insert(n);
    } else if (EndsWith(name, ".tmp")) {
      interrupted_writes.push_back(name);
      continue;
    } else {
      continue;
    }
    max_number = std::max(max_number, n);
  }
  // Every file the manifest needs must be there before anything is deleted: a
  // store that lost one is refused as it is, for a person to look at.
  s = CheckRecoveryFiles(exists, state, seg_files, wal_files);
  if (!s.ok()) return s;
  for (const std::string& name : interrupted_writes) {
    RemoveFile(JoinPath(dir_, name));  // an interrupted atomic write
  }
  next_file_number_.store(std::max(state.next_file_number, max_number + 1));
  if (!exists) {
    // A new store: its manifest is written before its first log, so a store
    // with logs or segments but no manifest is always a damaged one.
    state.next_file_number = next_file_number_.load();
    s = PersistManifest(state);
    if (!s.ok()) return s;
  }

  // Segments named by the manifest; every other part file is an orphan of an
  // interrupted merge (or an obsolete input whose deletion was cut short).
  std::set<uint64_t> referenced;
  if (!state.disk.empty()) {
    s = Segment::Open(dir_, state.disk, options_.table, cache_, &disk_);
    if (!s.ok()) return s;
    for (const PartMeta& p : state.disk) referenced.insert(p.file_number);
  }
  for (const auto& parts : state.bottoms) {
    std::shared_ptr<Segment> b;
    s = Segment::Open(dir_, parts, options_.table, cache_, &b);
    if (!s.ok()) return s;
    bottoms_.push_back(std::move(b));
    for (const PartMeta& p : parts) referenced.insert(p.file_number);
  }
  for (uint64_t n : seg_files) {
    if (referenced.count(n) == 0) RemoveFile(PartFileName(dir_, n));
  }

  // Replay live logs oldest first; each becomes a frozen segment.
  for (uint64_t w : wal_files) {
    std::string path = wal::LogFileName(dir_, w);
    if (w < state.wal_floor) {
      DeleteWalFiles(w);
      continue;
    }
    auto mem = NewMemTable();
    WalReplayResult result;
    s = ReplayWal(
        path, [&](EntryKind kind, std::string_view key, std::string_view value) { mem->Add(++seq_, key, kind, value); },
        &result);
    if (!s.ok()) return s;
    stats_->wal_records_replayed.fetch_add(result.records, std::memory_order_relaxed);
    if (result.torn_tail) {
      stats_->wal_torn_tails.fetch_add(1, std::memory_order_relaxed);
      stats_->wal_torn_bytes.fetch_add(result.torn_bytes, std::memory_order_relaxed);
      Log(options_, kLogWarn,
          "zonetree_like: " + path + ": torn final record cut off (" + std::to_string(result.torn_bytes) +
              " bytes) after " + std::to_string(result.records) + " records");
    }
    if (mem->records() == 0) {
      DeleteWalFiles(w);
      continue;
    }
    FrozenSegment f;
    f.mem = std::move(mem);
    f.wal_number = w;
    frozen_.push_front(std::move(f));
  }
  last_seq_.store(seq_, std::memory_order_release);

  mem_ = NewMemTable();
  if (options_.wal_mode != WalMode::kNone) {
    s = NewWal(&mem_wal_number_, &wal_);
    if (!s.ok()) return s;
  }
  {
    std::lock_guard<std::mutex> lock(layout_mu_);
    PublishVersionLocked();
  }
  return PersistCurrentManifest();
}

Status Tree::CheckRecoveryFiles(bool manifest_exists, const ManifestState& state, const std::set<uint64_t>& seg_files,
                                const std::set<uint64_t>& wal_files) const {
  if (!manifest_exists) {
    if (seg_files.empty() && wal_files.empty()) return Status::OK();  // a new store
    const std::string example = !seg_files.empty() ? PartFileName(dir_, *seg_files.begin())
                                                   : wal::LogFileName(dir_, *wal_files.begin());
    return Status::Corruption(ManifestFileName(dir_) + " is missing, but the store holds " +
                              std::to_string(seg_files.size()) + " segment and " + std::to_string(wal_files.size()) +
                              " log files (" + example + ", ...): not opened, nothing deleted");
  }
  auto missing_part = [&](const std::vector<PartMeta>& parts) -> Status {
    for (const PartMeta& p : parts) {
      if (seg_files.count(p.file_number) == 0) {
        return Status::Corruption(ManifestFileName(dir_) + ": segment file " + PartFileName(dir_, p.file_number) +
                                  " is missing");
      }
    }
    return Status::OK();
  };
  Status s = missing_part(state.disk);
  for (const auto& parts : state.bottoms) {
    if (s.ok()) s = missing_part(parts);
  }
  if (!s.ok()) return s;
  for (uint64_t w : state.live_wals) {
    if (w >= state.wal_floor && wal_files.count(w) == 0) {
      return Status::Corruption(ManifestFileName(dir_) + ": live log " + wal::LogFileName(dir_, w) + " is missing");
    }
  }
  return Status::OK();
}

std::shared_ptr<MemTable> Tree::NewMemTable() const {
  return std::make_shared<MemTable>(options_.mutable_segment_max_item_count, cache_->shared() > 0 ? cache_ : nullptr);
}

Status Tree::NewWal(uint64_t* number, std::unique_ptr<WalWriter>* wal) {
  *number = NewFileNumber();
  return WalWriter::Create(wal::LogFileName(dir_, *number), options_, &stats_->wal_bytes, wal);
}

void Tree::DeleteWalFiles(uint64_t number) {
  std::string path = wal::LogFileName(dir_, number);
  RemoveFile(path);
  std::string tail = wal::TailFileName(path);
  if (FileExists(tail)) RemoveFile(tail);
}

void Tree::PublishVersionLocked() {
  auto v = std::make_shared<Version>();
  v->mutable_segment = mem_;
  v->frozen.reserve(frozen_.size());
  for (const auto& f : frozen_) v->frozen.push_back(f.mem);
  v->disk = disk_;
  v->bottoms = bottoms_;
  version_.Store(std::move(v));
}

ManifestState Tree::ManifestStateLocked() const {
  ManifestState st;
  st.next_file_number = next_file_number_.load(std::memory_order_relaxed);
  for (auto it = frozen_.rbegin(); it != frozen_.rend(); ++it) {
    if (it->wal_number != 0) st.live_wals.push_back(it->wal_number);
  }
  if (mem_wal_number_ != 0) st.live_wals.push_back(mem_wal_number_);
  st.wal_floor = st.live_wals.empty() ? st.next_file_number : st.live_wals[0];
  if (disk_ != nullptr) st.disk = disk_->parts();
  for (const auto& b : bottoms_) st.bottoms.push_back(b->parts());
  return st;
}

Status Tree::PersistManifest(const ManifestState& state) {
  std::string data;
  EncodeManifest(state, &data);
  Status s = WriteFileAtomically(ManifestFileName(dir_), data);
  if (s.ok()) {
    stats_->manifest_writes.fetch_add(1, std::memory_order_relaxed);
    stats_->manifest_bytes.fetch_add(data.size(), std::memory_order_relaxed);
  }
  return s;
}

Status Tree::PersistCurrentManifest() {
  std::lock_guard<std::mutex> mlock(manifest_mu_);
  ManifestState st;
  {
    std::lock_guard<std::mutex> lock(layout_mu_);
    st = ManifestStateLocked();
  }
  return PersistManifest(st);
}

void Tree::SetBackgroundError(const Status& s) {
  stats_->background_errors.fetch_add(1, std::memory_order_relaxed);
  Log(options_, kLogError, "zonetree_like: " + dir_ + ": " + s.ToString());
  if (bg_error_.ok()) bg_error_ = s;
  has_bg_error_.store(true, std::memory_order_release);
  done_cv_.notify_all();
}

// ---- Writes -------------------------------------------------------------

Status Tree::Put(std::string_view key, std::string_view value) { return Write(key, EntryKind::kValue, value); }

Status Tree::Delete(std::string_view key) { return Write(key, EntryKind::kTombstone, {}); }

Status Tree::Write(std::string_view key, EntryKind kind, std::string_view value) {
  std::lock_guard<std::mutex> lock(write_mu_);
  if (has_bg_error_.load(std::memory_order_acquire)) {
    std::lock_guard<std::mutex> l(layout_mu_);
    return bg_error_;
  }
  if (closed_) return Status::InvalidArgument("tree is closed");
  if (wal_ != nullptr) {
    Status s = wal_->Append(kind, key, value);
    if (!s.ok()) return s;
  }
  mem_->Add(++seq_, key, kind, value);
  last_seq_.store(seq_, std::memory_order_release);
  // Counted under write_mu_: plain stores, no read-modify-write on a line
  // shared by every tree.
  std::atomic<uint64_t>& counter = kind == EntryKind::kValue ? puts_ : deletes_;
  counter.store(counter.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  if (mem_->records() >= options_.mutable_segment_max_item_count) {
    return FreezeLocked(/*wait_for_room=*/true);
  }
  return Status::OK();
}

Status Tree::FreezeLocked(bool wait_for_room) {
  if (mem_->records() == 0) return Status::OK();
  if (wait_for_room) {
    std::unique_lock<std::mutex> lock(layout_mu_);
    if (frozen_.size() >= options_.max_frozen_segments) {
      stats_->backpressure_waits.fetch_add(1, std::memory_order_relaxed);
      done_cv_.wait(lock, [this] { return frozen_.size() < options_.max_frozen_segments || !bg_error_.ok() || stop_; });
    }
    if (!bg_error_.ok()) return bg_error_;
  }
  // The sealed log must reach its file before the new log gets anything:
  // otherwise a kill could keep newer records and lose older ones (a hole).
  // This is one write(2) of what is still buffered, once per freeze. Sealing
  // also stops the log's thread and frees its compressor and buffers (~1 MiB
  // a log), which a frozen segment would otherwise hold until its merge.
  if (wal_ != nullptr) {
    Status s = wal_->Seal();
    if (!s.ok()) return s;
  }
  uint64_t new_number = 0;
  std::unique_ptr<WalWriter> new_wal;
  if (options_.wal_mode != WalMode::kNone) {
    Status s = NewWal(&new_number, &new_wal);
    if (!s.ok()) return s;
  }
  {
    std::lock_guard<std::mutex> lock(layout_mu_);
    FrozenSegment f;
    f.mem = std::move(mem_);
    f.wal_number = mem_wal_number_;
    f.wal = std::move(wal_);  // sealed; closed once merged
    frozen_.push_front(std::move(f));
    mem_ = NewMemTable();
    mem_wal_number_ = new_number;
    wal_ = std::move(new_wal);
    PublishVersionLocked();
  }
  stats_->freezes.fetch_add(1, std::memory_order_relaxed);
  merge_cv_.notify_one();
  return Status::OK();
}

Status Tree::Freeze() {
  std::lock_guard<std::mutex> lock(write_mu_);
  if (closed_) return Status::InvalidArgument("tree is closed");
  return FreezeLocked(/*wait_for_room=*/false);
}

// ---- Reads --------------------------------------------------------------

Status Tree::Get(std::string_view key, void (*sink)(void*, std::string_view), void* ctx) const {
  std::shared_ptr<const Version> v = version_.Load();
  EntryKind kind;
  std::string_view value;
  if (v->mutable_segment->Get(key, &kind, &value)) {
    if (kind == EntryKind::kTombstone) return Status::NotFound();
    sink(ctx, value);
    return Status::OK();
  }
  for (const auto& f : v->frozen) {
    if (f->Get(key, &kind, &value)) {
      if (kind == EntryKind::kTombstone) return Status::NotFound();
      sink(ctx, value);
      return Status::OK();
    }
  }
  if (v->disk != nullptr) {
    Status s = v->disk->Get(key, &kind, sink, ctx);
    if (s.ok()) {
      return kind == EntryKind::kValue ? Status::OK() : Status::NotFound();
    }
    if (!s.IsNotFound()) return s;
  }
  for (const auto& b : v->bottoms) {
    Status s = b->Get(key, &kind, sink, ctx);
    if (s.ok()) {
      return kind == EntryKind::kValue ? Status::OK() : Status::NotFound();
    }
    if (!s.IsNotFound()) return s;
  }
  return Status::NotFound();
}

Status Tree::Get(std::string_view key, std::string* value) const {
  return Get(
      key, [](void* ctx, std::string_view v) { static_cast<std::string*>(ctx)->assign(v); }, value);
}

std::unique_ptr<TreeIterator> Tree::NewIterator(bool fill_cache) const {
  // The sequence number first, then the version: every record at or below
  // the snapshot is in this version or an older layer of it.
  uint64_t snapshot = last_seq_.load(std::memory_order_acquire);
  return std::make_unique<TreeIterator>(version_.Load(), snapshot, fill_cache);
}

Status Tree::Count(uint64_t* count) const {
  std::unique_ptr<TreeIterator> it = NewIterator(/*fill_cache=*/false);
  uint64_t n = 0;
  for (it->SeekToFirst(); it->Valid(); it->Next()) ++n;
  if (!it->status().ok()) return it->status();
  *count = n;
  return Status::OK();
}

Tree::Layout Tree::GetLayout() const {
  std::shared_ptr<const Version> v = version_.Load();
  Layout l;
  l.mutable_records = v->mutable_segment->records();
  l.frozen = v->frozen.size();
  if (v->disk != nullptr) {
    l.disk_entries = v->disk->entries();
    l.disk_parts = v->disk->parts().size();
    for (const PartMeta& p : v->disk->parts()) {
      l.disk_part_files.push_back(p.file_number);
    }
  }
  for (const auto& b : v->bottoms) l.bottom_entries.push_back(b->entries());
  return l;
}

size_t Tree::MemTableMemory() const {
  std::shared_ptr<const Version> v = version_.Load();
  size_t n = v->mutable_segment->MemoryUsage();
  for (const auto& f : v->frozen) n += f->MemoryUsage();
  return n;
}

// ---- Maintenance --------------------------------------------------------

Status Tree::WaitForMerges() {
  std::unique_lock<std::mutex> lock(layout_mu_);
  merge_cv_.notify_one();
  done_cv_.wait(lock, [this] {
    return !bg_error_.ok() || stop_ || (frozen_.empty() && !merge_running_ && !BottomMergeWantedLocked());
  });
  return bg_error_;
}

Status Tree::Stabilize() {
  Status s = Freeze();
  if (!s.ok()) return s;
  return WaitForMerges();
}

Status Tree::Settle() {
  if (options_.wal_mode == WalMode::kNone) {
    Status s = Stabilize();
    if (!s.ok()) return s;
    return PersistCurrentManifest();
  }
  {
    std::lock_guard<std::mutex> wlock(write_mu_);
    if (closed_) return Status::OK();
    // Synced, not only flushed: what a settle leaves must survive a power cut
    // too (kvbench crashtest --power-cut), whatever the mode promises per record.
    if (wal_ != nullptr) {
      Status s = wal_->Sync();
      if (!s.ok()) return s;
    }
    std::lock_guard<std::mutex> lock(layout_mu_);
    for (auto& f : frozen_) {
      if (f.wal != nullptr) {
        Status s = f.wal->Sync();
        if (!s.ok()) return s;
      }
    }
  }
  return PersistCurrentManifest();
}

Status Tree::Close() {
  {
    std::lock_guard<std::mutex> wlock(write_mu_);
    if (closed_) return Status::OK();
  }
  Status result = Settle();
  {
    std::lock_guard<std::mutex> lock(layout_mu_);
    stop_ = true;
  }
  merge_cv_.notify_all();
  done_cv_.notify_all();
  if (merge_thread_.joinable()) merge_thread_.join();
  {
    std::lock_guard<std::mutex> wlock(write_mu_);
    closed_ = true;
    {
      std::lock_guard<std::mutex> lock(layout_mu_);
      DropWarmingLocked();  // unfinished warming is dropped
    }
    if (wal_ != nullptr) {
      Status s = wal_->Close();
      if (result.ok()) result = s;
    }
    std::lock_guard<std::mutex> lock(layout_mu_);
    for (auto& f : frozen_) {
      if (f.wal != nullptr) {
        Status s = f.wal->Close();
        if (result.ok()) result = s;
        f.wal.reset();
      }
    }
  }
  Status s = PersistCurrentManifest();
  if (result.ok()) result = s;
  std::lock_guard<std::mutex> lock(layout_mu_);
  if (result.ok()) result = bg_error_;
  return result;
}

// ---- Background merges --------------------------------------------------

bool Tree::BottomMergeWantedLocked() const {
  return options_.bottom_merge_policy == BottomMergePolicy::kMergeAllWhenMoreThan &&
         bottoms_.size() > options_.bottom_merge_threshold;
}

void Tree::MergeLoop() {
  SetCurrentThreadName("ztm ", BaseName(dir_));
  if (options_.merge_thread_nice > 0) {
    // Linux: nice is per thread (this one's id); best effort, the merges
    // work the same at any priority.
    (void)::setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), options_.merge_thread_nice);
  }
  std::unique_lock<std::mutex> lock(layout_mu_);
  while (true) {
    merge_cv_.wait(lock, [this] {
      return stop_ || (bg_error_.ok() && (!frozen_.empty() || BottomMergeWantedLocked() ||
                                          (WarmingWantedLocked() && !TakingWritesLocked())));
    });
    if (stop_) break;
    if (frozen_.empty() && !BottomMergeWantedLocked()) {
      WarmNextBatch(lock);  // merges first: warming is what is left to do
      continue;
    }
    bool frozen_work = !frozen_.empty();
    merge_running_ = true;
    lock.unlock();
    Status s;
    {
      // Waiting here, before the inputs are taken, lets segments frozen
      // meanwhile join this merge.
      MergeGate::Pass pass(gate_);
      s = frozen_work ? MergeFrozen() : MergeBottoms();
    }
    lock.lock();
    merge_running_ = false;
    if (!s.ok()) SetBackgroundError(s);
    done_cv_.notify_all();
  }
  merge_running_ = false;
  done_cv_.notify_all();
}

Status Tree::MergeFrozen() {
  auto start = std::chrono::steady_clock::now();
  std::vector<std::shared_ptr<MemTable>> inputs;  // newest first
  std::shared_ptr<Segment> base;
  bool drop_tombstones = false;
  {
    std::lock_guard<std::mutex> lock(layout_mu_);
    for (const auto& f : frozen_) inputs.push_back(f.mem);
    base = disk_;
    drop_tombstones = bottoms_.empty();
  }
  // Record the freeze(s) before merging.
  Status s = PersistCurrentManifest();
  if (!s.ok()) return s;

  MergeInput in;
  std::vector<std::unique_ptr<InternalIterator>> layers;
  for (const auto& m : inputs) {
    layers.push_back(std::make_unique<MemTableLayerIterator>(m, MemTable::kMaxSequence));
  }
  if (layers.size() == 1) {
    in.newer = std::move(layers[0]);
  } else {
    in.newer = std::make_unique<MergingIterator>(std::move(layers));
  }
  in.base = base;
  in.drop_tombstones = drop_tombstones;
  if (base != nullptr) in.caching = MergeCaching({base});
  MergeOutput out;
  s = RunMerge(
      dir_, options_.table, [this] { return NewFileNumber(); }, &in, &out);
  if (!s.ok()) return s;
  std::shared_ptr<Segment> merged;
  if (!out.parts.empty()) {
    s = Segment::Open(dir_, out.parts, options_.table, cache_, &merged);
    if (!s.ok()) return s;
  }
  bool to_bottom = merged != nullptr && merged->entries() > options_.disk_segment_max_item_count;

  std::vector<FrozenSegment> done;
  {
    std::lock_guard<std::mutex> mlock(manifest_mu_);
    ManifestState st;
    {
      std::lock_guard<std::mutex> lock(layout_mu_);
      // The merged segments are the oldest |inputs| of the queue.
      for (size_t i = 0; i < inputs.size(); ++i) {
        done.push_back(std::move(frozen_.back()));
        frozen_.pop_back();
      }
      if (to_bottom) {
        bottoms_.insert(bottoms_.begin(), merged);
        disk_ = nullptr;
      } else {
        disk_ = merged;
      }
      st = ManifestStateLocked();
    }
    // Readers still see the old layout until the new one is durable.
    s = PersistManifest(st);
    std::lock_guard<std::mutex> lock(layout_mu_);
    if (!s.ok()) {
      // Put the layout back: the inputs stay live, the new files are orphans
      // that the next Open deletes.
      if (to_bottom) bottoms_.erase(bottoms_.begin());
      disk_ = base;
      for (auto it = done.rbegin(); it != done.rend(); ++it) {
        frozen_.push_back(std::move(*it));
      }
      return s;
    }
    PublishVersionLocked();
  }
  done_cv_.notify_all();  // room in the frozen queue

  // Which new blocks to warm, read while the replaced parts still hold their
  // cache entries; warmed only after this returns, by when those parts have
  // left the cache unless a reader still holds the old layout, so the two
  // are seldom charged at once.
  std::vector<Segment::BlockRef> warm;
  if (base != nullptr && merged != nullptr) warm = BlocksToWarm(*merged, {base.get()});
  if (base != nullptr) base->MarkObsolete();
  for (FrozenSegment& f : done) {
    if (f.wal != nullptr) f.wal->Close();  // drained: nothing is lost
    if (f.wal_number != 0) DeleteWalFiles(f.wal_number);
  }
  stats_->merges.fetch_add(1, std::memory_order_relaxed);
  stats_->entries_merged.fetch_add(out.entries_written, std::memory_order_relaxed);
  stats_->tombstones_dropped.fetch_add(out.tombstones_dropped, std::memory_order_relaxed);
  stats_->parts_written.fetch_add(out.parts_written, std::memory_order_relaxed);
  stats_->blocks_cached_by_merges.fetch_add(out.blocks_cached, std::memory_order_relaxed);
  stats_->parts_reused.fetch_add(out.parts_reused, std::memory_order_relaxed);
  stats_->segment_bytes.fetch_add(out.bytes_written, std::memory_order_relaxed);
  if (to_bottom) stats_->bottom_moves.fetch_add(1, std::memory_order_relaxed);
  stats_->merge_micros.fetch_add(MicrosSince(start), std::memory_order_relaxed);
  QueueWarming(std::move(merged), std::move(warm));
  return Status::OK();
}

Status Tree::MergeBottoms() {
  auto start = std::chrono::steady_clock::now();
  std::vector<std::shared_ptr<Segment>> inputs;  // newest first
  {
    std::lock_guard<std::mutex> lock(layout_mu_);
    inputs = bottoms_;
  }
  if (inputs.size() < 2) return Status::OK();
  std::vector<std::unique_ptr<InternalIterator>> layers;
  for (const auto& b : inputs) {
    layers.push_back(std::make_unique<SegmentLayerIterator>(b->NewIterator(/*fill_cache=*/false)));
  }
  MergeInput in;
  in.newer = std::make_unique<MergingIterator>(std::move(layers));
  in.drop_tombstones = true;  // bottoms are the oldest layers
  in.reuse_parts = false;
  in.caching = MergeCaching(inputs);
  MergeOutput out;
  Status s = RunMerge(
      dir_, options_.table, [this] { return NewFileNumber(); }, &in, &out);
  if (!s.ok()) return s;
  std::shared_ptr<Segment> merged;
  if (!out.parts.empty()) {
    s = Segment::Open(dir_, out.parts, options_.table, cache_, &merged);
    if (!s.ok()) return s;
  }
  {
    std::lock_guard<std::mutex> mlock(manifest_mu_);
    ManifestState st;
    std::vector<std::shared_ptr<Segment>> old;
    {
      std::lock_guard<std::mutex> lock(layout_mu_);
      old = bottoms_;  // only this thread changes bottoms_
      bottoms_.clear();
      if (merged != nullptr) bottoms_.push_back(merged);
      st = ManifestStateLocked();
    }
    s = PersistManifest(st);
    std::lock_guard<std::mutex> lock(layout_mu_);
    if (!s.ok()) {
      bottoms_ = old;
      return s;
    }
    PublishVersionLocked();
  }
  std::vector<Segment::BlockRef> warm;
  if (merged != nullptr) {
    std::vector<const Segment*> replaced;
    for (const auto& b : inputs) replaced.push_back(b.get());
    warm = BlocksToWarm(*merged, replaced);
  }
  for (const auto& b : inputs) b->MarkObsolete();
  stats_->bottom_merges.fetch_add(1, std::memory_order_relaxed);
  stats_->entries_merged.fetch_add(out.entries_written, std::memory_order_relaxed);
  stats_->tombstones_dropped.fetch_add(out.tombstones_dropped, std::memory_order_relaxed);
  stats_->parts_written.fetch_add(out.parts_written, std::memory_order_relaxed);
  stats_->blocks_cached_by_merges.fetch_add(out.blocks_cached, std::memory_order_relaxed);
  stats_->segment_bytes.fetch_add(out.bytes_written, std::memory_order_relaxed);
  stats_->merge_micros.fetch_add(MicrosSince(start), std::memory_order_relaxed);
  QueueWarming(std::move(merged), std::move(warm));
  return Status::OK();
}

std::vector<Segment::BlockRef> Tree::BlocksToWarm(const Segment& merged, const std::vector<const Segment*>& replaced) {
  if (!options_.warm_cache_after_merge) return {};
  {
    std::lock_guard<std::mutex> lock(layout_mu_);
    if (TakingWritesLocked()) return {};
  }
  return merged.BlocksOverlappingCached(replaced);
}

WriteCaching Tree::MergeCaching(std::vector<std::shared_ptr<Segment>> replaced) const {
  if (!options_.cache_merge_output || replaced.empty()) return {};
  WriteCaching caching;
  caching.cache = cache_;
  caching.wanted = [replaced](std::string_view first, std::string_view last) {
    for (const auto& seg : replaced) {
      if (seg->AnyBlockCached(first, last)) return true;
    }
    return false;
  };
  // A replaced block that no reader used since the merge began (the merge's
  // own reads do not count) makes room for the output that covers it before
  // anything else does; one that readers still use (writes going on, as in
  // an update phase) is left to CLOCK, for them.
  const int64_t since = BlockCache::NowMs();
  caching.cached = [replaced, since](std::string_view first, std::string_view last) {
    for (const auto& seg : replaced) seg->DemoteBlocksWithin(first, last, since);
  };
  return caching;
}

void Tree::QueueWarming(std::shared_ptr<Segment> merged, std::vector<Segment::BlockRef> blocks) {
  std::lock_guard<std::mutex> lock(layout_mu_);
  // A queue of an older segment goes: its blocks are no longer read.
  warm_segment_ = blocks.empty() ? nullptr : std::move(merged);
  warm_blocks_ = std::move(blocks);
  warm_next_ = 0;
}

void Tree::WarmNextBatch(std::unique_lock<std::mutex>& lock) {
  // Small batches, so that a merge waiting behind one starts within a few
  // block reads.
  constexpr size_t kBatch = 8;
  std::shared_ptr<Segment> seg = warm_segment_;
  const size_t begin = warm_next_;
  const size_t end = std::min(warm_blocks_.size(), begin + kBatch);
  std::vector<Segment::BlockRef> batch(warm_blocks_.begin() + begin, warm_blocks_.begin() + end);
  warm_next_ = end;
  warm_batch_running_ = true;
  lock.unlock();
  size_t loaded = 0;
  bool failed = false;
  for (const Segment::BlockRef& ref : batch) {
    if (seg->obsolete()) break;  // replaced meanwhile: the reads would be wasted
    // A damaged block is left for a reader to find and report: warming is
    // only a hint.
    if (!seg->LoadBlock(ref).ok()) {
      failed = true;
      break;
    }
    loaded++;
  }
  stats_->blocks_warmed.fetch_add(loaded, std::memory_order_relaxed);
  lock.lock();
  warm_batch_running_ = false;
  // Done, failed or replaced: drop the queue (and with it the segment, which
  // then goes with its layout).
  if (warm_segment_ == seg && (failed || seg->obsolete() || !WarmingWantedLocked())) DropWarmingLocked();
}

bool Tree::Warming() const {
  std::lock_guard<std::mutex> lock(layout_mu_);
  return WarmingWantedLocked() || warm_batch_running_;
}

void Tree::DropWarmingLocked() {
  warm_segment_ = nullptr;
  warm_blocks_.clear();
  warm_next_ = 0;
}

}  // namespace zt
