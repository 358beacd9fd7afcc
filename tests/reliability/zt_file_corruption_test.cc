// Damaged files in a zonetree_like data directory, across the engine's
// layers: a data directory with several stores, merges, multi-part disk
// segments, bottom segments and live logs is built through the engine's API;
// then, one damage at a time on a fresh copy, bytes of part files, logs and
// manifests are flipped and the files truncated, and the engine reopens it in
// a forked child (killed after a timeout). What must hold, per file kind:
//   part file: every read returns the right value or Corruption naming the
//              file ("file N"); the damage is always found (every block is
//              read by the full scans); a scan returns a correct prefix;
//   log:       Corruption naming the log at open, or a recovery the format
//              allows: the store holds the stabilized state plus a prefix of
//              the logged operations; losing some needs a reported torn tail
//              unless the file was truncated (a cut at a frame boundary is
//              indistinguishable from a kill);
//   manifest:  Corruption naming the manifest when the store opens;
// in every case the undamaged stores read back exactly, and never a crash, a
// hang, or a wrong value.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "db/engine.h"
#include "db/options.h"
#include "db/tree.h"

namespace {

namespace fs = std::filesystem;
using zt::Status;

constexpr const char* kStores[] = {"profiles", "email-index", "created-at-index"};
constexpr int kNumStores = 3;
constexpr int kBaseKeys = 900;  // keys written (and rewritten) before the final stabilize
constexpr int kLogOps = 120;    // operations after it: they live in the logs only
constexpr int kChildTimeoutSeconds = 60;

using Model = std::map<std::string, std::string>;  // key -> value (absent: no entry)

struct LogOp {
  std::string key;
  std::optional<std::string> value;  // nullopt: delete
};

std::string Key(int store, int i) {
  char buf[48];
  std::snprintf(buf, sizeof(buf), "%s:%08d", kStores[store], i * 3);
  return buf;
}

std::string Value(int store, int i, int round) {
  std::string v = "s" + std::to_string(store) + "-k" + std::to_string(i) + "-r" + std::to_string(round) + "|";
  while (v.size() < 60 + static_cast<size_t>(i % 50)) v += static_cast<char>('a' + (i * 7 + round + v.size()) % 26);
  return v;
}

zt::Options TestOptions(zt::WalMode mode) {
  zt::Options o;
  o.wal_mode = mode;
  o.mutable_segment_max_item_count = 400;  // several freezes and merges per store
  o.disk_segment_max_item_count = 700;     // the disk segment moves to the bottoms
  o.max_frozen_segments = 2;
  o.table.block_size = 1024;  // several blocks per part
  o.table.part_max_entries = 250;
  o.table.part_min_entries = 100;
  o.table.sparse_array_step = 4;
  o.table.key_cache_size = 16;
  o.table.value_cache_size = 16;
  o.table.iterator_prefetch = 4;
  o.block_cache_bytes = 32 * 1024;
  o.wal_async_interval = std::chrono::milliseconds(5);
  o.wal_block_size = 2048;
  return o;
}

// A scratch directory on tmpfs when there is one (the engine fsyncs a lot).
std::string MakeTempDir() {
  std::string base = "/dev/shm";
  if (::access(base.c_str(), W_OK) != 0) {
    const char* tmp = std::getenv("TMPDIR");
    base = tmp != nullptr && *tmp != '\0' ? tmp : "/tmp";
  }
  std::string pattern = base + "/zt-corruption-XXXXXX";
  if (::mkdtemp(pattern.data()) == nullptr) return "";
  return pattern;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void WriteFile(const std::string& path, const std::string& data) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(data.data(), static_cast<std::streamsize>(data.size()));
}

// The pristine data directory and what the engine acknowledged writing.
struct DataSet {
  std::string root;  // temp dir: root/pristine, root/trial
  std::string pristine;
  Model base[kNumStores];                // state at the final stabilize
  std::vector<LogOp> log_ops[kNumStores];  // after it, in order
  Model final_state[kNumStores];
  std::vector<std::string> probe_keys[kNumStores];  // every key ever written, plus absent ones
};

void Apply(const LogOp& op, Model* m) {
  if (op.value) {
    (*m)[op.key] = *op.value;
  } else {
    m->erase(op.key);
  }
}

// Builds the data directory through zt::Engine: three rounds of writes per
// store (new keys, overwrites, deletes) with stabilizes between them, then a
// few log-only operations, then a clean close.
void Build(zt::WalMode mode, DataSet* ds) {
  ds->root = MakeTempDir();
  ASSERT_FALSE(ds->root.empty());
  ds->pristine = ds->root + "/pristine";
  std::unique_ptr<zt::Engine> engine;
  ASSERT_TRUE(zt::Engine::Open(ds->pristine, TestOptions(mode), &engine).ok());
  zt::Tree* trees[kNumStores];
  for (int s = 0; s < kNumStores; s++) ASSERT_TRUE(engine->OpenTree(kStores[s], &trees[s]).ok());
  std::mt19937 rng(12345);
  for (int round = 0; round < 3; round++) {
    for (int s = 0; s < kNumStores; s++) {
      for (int i = 0; i < kBaseKeys; i++) {
        // Round 0 writes every key; later rounds rewrite a third and delete a
        // few, so that newer layers shadow older ones.
        if (round > 0 && (i + round + s) % 3 != 0) continue;
        if (round > 0 && i % 17 == round) {
          ASSERT_TRUE(trees[s]->Delete(Key(s, i)).ok());
          ds->base[s].erase(Key(s, i));
        } else {
          std::string v = Value(s, i, round);
          ASSERT_TRUE(trees[s]->Put(Key(s, i), v).ok());
          ds->base[s][Key(s, i)] = v;
        }
      }
    }
    ASSERT_TRUE(engine->Stabilize().ok());
  }
  for (int s = 0; s < kNumStores; s++) {
    ds->final_state[s] = ds->base[s];
    for (int n = 0; n < kLogOps; n++) {
      int i = static_cast<int>(rng() % (kBaseKeys + 60));  // some keys are new
      LogOp op{Key(s, i), std::nullopt};
      if (n % 7 != 3) op.value = Value(s, i, 10 + n);
      Status st = op.value ? trees[s]->Put(op.key, *op.value) : trees[s]->Delete(op.key);
      ASSERT_TRUE(st.ok()) << st.ToString();
      Apply(op, &ds->final_state[s]);
      ds->log_ops[s].push_back(std::move(op));
    }
    for (int i = 0; i < kBaseKeys + 80; i++) ds->probe_keys[s].push_back(Key(s, i));
    ds->probe_keys[s].push_back(std::string(kStores[s]) + ":zzz");
    ds->probe_keys[s].push_back("");
  }
  const zt::EngineStats& stats = engine->stats();
  EXPECT_GT(stats.merges.load(), 6u);
  EXPECT_GT(stats.bottom_moves.load(), 0u);
  ASSERT_TRUE(engine->Close().ok());
}

enum class FileKind { kPart, kLog, kManifest };

const char* KindName(FileKind k) {
  switch (k) {
    case FileKind::kPart:
      return "part";
    case FileKind::kLog:
      return "log";
    case FileKind::kManifest:
      return "manifest";
  }
  return "?";
}

struct Target {
  int store;
  std::string name;  // file name inside the store's directory
  FileKind kind;
  uint64_t number = 0;  // part/log file number
};

std::vector<Target> ListTargets(const DataSet& ds) {
  std::vector<Target> targets;
  for (int s = 0; s < kNumStores; s++) {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(ds.pristine + "/" + kStores[s])) names.push_back(e.path().filename());
    std::sort(names.begin(), names.end());
    for (const std::string& name : names) {
      Target t{s, name, FileKind::kManifest};
      if (name == "MANIFEST") {
        targets.push_back(t);
      } else if (name.size() > 4 && name.substr(name.size() - 4) == ".seg") {
        t.kind = FileKind::kPart;
        t.number = std::stoull(name);
        targets.push_back(t);
      } else if (name.size() > 4 && name.substr(name.size() - 4) == ".wal") {
        t.kind = FileKind::kLog;
        t.number = std::stoull(name);
        targets.push_back(t);
      } else {
        ADD_FAILURE() << "unexpected file " << name;
      }
    }
  }
  return targets;
}

struct Damage {
  enum Kind { kFlip, kTruncate } kind;
  uint64_t at;  // byte flipped / new length
  uint8_t mask = 0xff;
};

std::string Describe(const Target& t, const Damage& d) {
  return std::string(KindName(t.kind)) + " " + kStores[t.store] + "/" + t.name +
         (d.kind == Damage::kFlip ? " flip at " : " truncate to ") + std::to_string(d.at);
}

// Outcome of one reopen, decided in the child.
struct Verdict {
  bool ok = true;
  std::string what;  // a violation, or a summary
  void Fail(const std::string& why) {
    if (ok) what = why;
    ok = false;
  }
};

bool NamesFile(const Status& s, const Target& t) {
  const std::string& m = s.message();
  if (t.kind == FileKind::kPart) return m.find("file " + std::to_string(t.number) + " ") != std::string::npos;
  return m.find("/" + t.name) != std::string::npos;
}

void AppendSink(void* ctx, std::string_view v) { static_cast<std::string*>(ctx)->assign(v.data(), v.size()); }

// Reads store s completely (every probe key, then a full scan). observed gets
// what was read (nullopt: absent); returns the Corruption met (OK if none).
// Any other error or an inconsistency between gets and the scan is a
// violation.
Status ReadStore(zt::Tree* tree, const DataSet& ds, int s, std::map<std::string, std::optional<std::string>>* observed,
                 Verdict* v) {
  Status corruption;
  for (const std::string& key : ds.probe_keys[s]) {
    std::string value;
    Status st = tree->Get(key, AppendSink, &value);
    if (st.ok()) {
      (*observed)[key] = value;
    } else if (st.IsNotFound()) {
      (*observed)[key] = std::nullopt;
    } else if (st.IsCorruption()) {
      if (corruption.ok()) corruption = st;
    } else {
      v->Fail(std::string("get ") + key + ": unexpected status " + st.ToString());
    }
  }
  // The scan: strictly ascending, and every entry agrees with the gets.
  auto it = tree->NewIterator(false);
  std::string prev;
  bool first = true;
  size_t n = 0;
  for (it->SeekToFirst(); it->Valid(); it->Next(), n++) {
    std::string key(it->key());
    if (!first && !(prev < key)) v->Fail("scan out of order at " + key);
    first = false;
    prev = key;
    auto o = observed->find(key);
    if (o == observed->end()) {
      // Its get failed (or it was never written): the caller checks the
      // scanned value against the model.
      (*observed)[key] = std::string(it->value());
    } else if (!o->second || *o->second != it->value()) {
      v->Fail("scan and get disagree on " + key);
    }
  }
  if (it->status().IsCorruption()) {
    if (corruption.ok()) corruption = it->status();
  } else if (!it->status().ok()) {
    v->Fail("scan: unexpected status " + it->status().ToString());
  } else if (corruption.ok()) {
    // A complete scan sees every present key exactly once.
    size_t present = 0;
    for (const auto& [k, val] : *observed) present += val.has_value();
    if (present != n) v->Fail("scan saw " + std::to_string(n) + " entries, gets " + std::to_string(present));
  }
  return corruption;
}

// Every key read must have its value in `want` (keys whose read failed are
// not in observed).
bool Matches(const std::map<std::string, std::optional<std::string>>& observed, const Model& want,
             std::string* first_diff) {
  for (const auto& [key, got] : observed) {
    auto w = want.find(key);
    bool ok = w == want.end() ? !got.has_value() : got.has_value() && *got == w->second;
    if (!ok) {
      *first_diff = key + ": got " + (got ? "'" + *got + "'" : "absent") + ", want " +
                    (w == want.end() ? "absent" : "'" + w->second + "'");
      return false;
    }
  }
  return true;
}

// The child: opens the damaged copy and checks the rules above.
Verdict CheckReopen(const DataSet& ds, const std::string& dir, zt::WalMode mode, const Target& t, const Damage& d) {
  Verdict v;
  std::unique_ptr<zt::Engine> engine;
  Status st = zt::Engine::Open(dir, TestOptions(mode), &engine);
  if (!st.ok()) {
    v.Fail("engine open: " + st.ToString());
    return v;
  }
  bool found_damage = false;
  std::string summary;
  for (int s = 0; s < kNumStores; s++) {
    const bool damaged = s == t.store;
    zt::Tree* tree = nullptr;
    uint64_t torn_before = engine->stats().wal_torn_tails.load();
    st = engine->OpenTree(kStores[s], &tree);
    const bool torn = engine->stats().wal_torn_tails.load() > torn_before;
    if (!st.ok()) {
      if (!damaged) {
        v.Fail(std::string("undamaged store ") + kStores[s] + " does not open: " + st.ToString());
      } else if (!st.IsCorruption()) {
        v.Fail("open: not Corruption: " + st.ToString());
      } else if (!NamesFile(st, t)) {
        v.Fail("open: Corruption does not name " + t.name + ": " + st.ToString());
      } else {
        found_damage = true;
        summary = "open: " + st.ToString();
      }
      continue;
    }
    if (damaged && t.kind == FileKind::kManifest) {
      v.Fail("a damaged manifest opens");
      continue;
    }
    std::map<std::string, std::optional<std::string>> observed;
    Status corruption = ReadStore(tree, ds, s, &observed, &v);
    if (!corruption.ok()) {
      if (!damaged || t.kind != FileKind::kPart) {
        v.Fail(std::string("read of ") + kStores[s] + ": unexpected " + corruption.ToString());
      } else if (!NamesFile(corruption, t)) {
        v.Fail("read: Corruption does not name " + t.name + ": " + corruption.ToString());
      } else {
        found_damage = true;
        summary = "read: " + corruption.ToString();
      }
    }
    std::string diff;
    if (!damaged || t.kind != FileKind::kLog) {
      if (!Matches(observed, ds.final_state[s], &diff)) v.Fail(std::string("wrong value in ") + kStores[s] + ": " + diff);
      continue;
    }
    // A recovered log: the stabilized state plus the first c operations,
    // for some c; the largest such c is reported.
    Model m = ds.base[s];
    std::optional<size_t> cut;
    for (size_t c = 0;; c++) {
      if (Matches(observed, m, &diff)) cut = c;
      if (c == ds.log_ops[s].size()) break;
      Apply(ds.log_ops[s][c], &m);
    }
    if (!cut) {
      Matches(observed, ds.final_state[s], &diff);
      v.Fail("recovered log is not a prefix of the operations: " + diff);
    } else if (*cut < ds.log_ops[s].size()) {
      found_damage = true;
      summary = "recovered " + std::to_string(*cut) + "/" + std::to_string(ds.log_ops[s].size()) + " logged ops" +
                (torn ? " (torn tail reported)" : "");
      if (d.kind == Damage::kFlip && !torn) v.Fail("a flipped byte lost logged operations without a report");
    } else {
      found_damage = true;  // nothing lost
      summary = torn ? "torn tail reported, nothing lost" : "nothing lost";
    }
  }
  if (!found_damage && t.kind != FileKind::kLog) v.Fail("the damage went unnoticed");
  st = engine->Close();
  if (!st.ok() && v.ok && t.kind != FileKind::kPart) v.Fail("close: " + st.ToString());
  if (v.ok) v.what = summary;
  return v;
}

// Runs CheckReopen in a child with a timeout; returns its verdict (a crash
// or a hang is a violation).
Verdict RunTrial(const DataSet& ds, zt::WalMode mode, const Target& t, const Damage& d) {
  const std::string trial = ds.root + "/trial";
  fs::remove_all(trial);
  fs::copy(ds.pristine, trial, fs::copy_options::recursive);
  const std::string path = trial + "/" + kStores[t.store] + "/" + t.name;
  std::string data = ReadFile(path);
  if (d.kind == Damage::kFlip) {
    data[d.at] = static_cast<char>(data[d.at] ^ d.mask);
  } else {
    data.resize(d.at);
  }
  WriteFile(path, data);

  int fds[2];
  if (::pipe(fds) != 0) return Verdict{false, "pipe"};
  pid_t pid = ::fork();
  if (pid < 0) return Verdict{false, "fork"};
  if (pid == 0) {
    ::close(fds[0]);
    Verdict v = CheckReopen(ds, trial, mode, t, d);
    std::string msg = std::string(v.ok ? "OK " : "FAIL ") + v.what;
    ssize_t unused = ::write(fds[1], msg.data(), msg.size());
    (void)unused;
    ::close(fds[1]);
    ::_exit(v.ok ? 0 : 1);
  }
  ::close(fds[1]);
  std::string msg;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(kChildTimeoutSeconds);
  bool timed_out = false;
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      timed_out = true;
      break;
    }
    pollfd p{fds[0], POLLIN, 0};
    int r = ::poll(&p, 1, static_cast<int>(left.count()));
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) continue;
    char buf[4096];
    ssize_t n = ::read(fds[0], buf, sizeof(buf));
    if (n <= 0) break;  // the child closed its end
    msg.append(buf, static_cast<size_t>(n));
  }
  ::close(fds[0]);
  if (timed_out) ::kill(pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
  if (timed_out) return Verdict{false, "hang: no answer in " + std::to_string(kChildTimeoutSeconds) + " s"};
  if (WIFSIGNALED(status)) return Verdict{false, "crash: signal " + std::to_string(WTERMSIG(status)) + " " + msg};
  if (!WIFEXITED(status) || (WEXITSTATUS(status) != 0 && WEXITSTATUS(status) != 1)) {
    return Verdict{false, "child exit status " + std::to_string(status) + " " + msg};
  }
  bool ok = WEXITSTATUS(status) == 0 && msg.rfind("OK ", 0) == 0;
  return Verdict{ok, msg};
}

// Byte positions to flip: both ends, the footer / header regions, and
// spread positions in between.
std::vector<uint64_t> FlipPositions(uint64_t size, int spread, std::mt19937* rng) {
  std::vector<uint64_t> at;
  for (uint64_t p : {uint64_t{0}, uint64_t{1}, uint64_t{8}, uint64_t{12}, size - 1, size - 5, size - 20, size - 36}) {
    if (p < size) at.push_back(p);
  }
  for (int i = 0; i < spread; i++) at.push_back(static_cast<uint64_t>((*rng)() % size));
  std::sort(at.begin(), at.end());
  at.erase(std::unique(at.begin(), at.end()), at.end());
  return at;
}

std::vector<uint64_t> TruncateLengths(uint64_t size) {
  std::vector<uint64_t> at;
  for (uint64_t n : {uint64_t{0}, uint64_t{1}, uint64_t{7}, uint64_t{8}, uint64_t{12}, size / 3, size / 2, size - 37,
                     size - 36, size - 9, size - 4, size - 1}) {
    if (n < size) at.push_back(n);
  }
  std::sort(at.begin(), at.end());
  at.erase(std::unique(at.begin(), at.end()), at.end());
  return at;
}

class ZtFileCorruption : public ::testing::TestWithParam<zt::WalMode> {
 protected:
  void SetUp() override {
    Build(GetParam(), &ds_);
    if (HasFatalFailure()) GTEST_SKIP() << "build failed";
    targets_ = ListTargets(ds_);
  }
  void TearDown() override {
    if (!ds_.root.empty()) fs::remove_all(ds_.root);
  }

  // Damages every file of `kind` (at most max_files of them, spread over the
  // stores) at `flips` spread positions plus the fixed ones, and truncates
  // each at several lengths.
  void RunKind(FileKind kind, size_t max_files, int flips) {
    std::vector<Target> chosen;
    for (const Target& t : targets_) {
      if (t.kind == kind) chosen.push_back(t);
    }
    ASSERT_FALSE(chosen.empty()) << "no " << KindName(kind) << " files";
    if (chosen.size() > max_files) {
      // Evenly spaced picks: the smallest and largest file numbers are
      // different segments (disk and bottom) of different stores.
      std::vector<Target> picked;
      for (size_t i = 0; i < max_files; i++) picked.push_back(chosen[i * (chosen.size() - 1) / (max_files - 1)]);
      chosen = picked;
    }
    std::mt19937 rng(777 + static_cast<int>(kind));
    int trials = 0;
    std::map<std::string, int> outcomes;
    for (const Target& t : chosen) {
      const uint64_t size = fs::file_size(ds_.pristine + "/" + kStores[t.store] + "/" + t.name);
      ASSERT_GT(size, 0u) << t.name;
      std::vector<Damage> damages;
      for (uint64_t at : FlipPositions(size, flips, &rng)) {
        damages.push_back(Damage{Damage::kFlip, at, static_cast<uint8_t>(1u << (rng() % 8))});
      }
      for (uint64_t n : TruncateLengths(size)) damages.push_back(Damage{Damage::kTruncate, n});
      for (const Damage& d : damages) {
        Verdict v = RunTrial(ds_, GetParam(), t, d);
        trials++;
        EXPECT_TRUE(v.ok) << Describe(t, d) << ": " << v.what;
        std::string outcome = v.what.substr(0, v.what.find(':'));
        outcomes[outcome.substr(0, 40)]++;
      }
    }
    std::string summary;
    for (const auto& [o, n] : outcomes) summary += "\n  " + std::to_string(n) + " x " + o;
    std::printf("%s files: %zu, damages: %d%s\n", KindName(kind), chosen.size(), trials, summary.c_str());
  }

  DataSet ds_;
  std::vector<Target> targets_;
};

TEST_P(ZtFileCorruption, PartFiles) { RunKind(FileKind::kPart, 4, 24); }
TEST_P(ZtFileCorruption, Logs) { RunKind(FileKind::kLog, 3, 30); }
TEST_P(ZtFileCorruption, Manifests) { RunKind(FileKind::kManifest, 2, 12); }

INSTANTIATE_TEST_SUITE_P(WalModes, ZtFileCorruption,
                         ::testing::Values(zt::WalMode::kSync, zt::WalMode::kAsyncCompressed),
                         [](const ::testing::TestParamInfo<zt::WalMode>& info) {
                           return info.param == zt::WalMode::kSync ? std::string("sync")
                                                                   : std::string("async_compressed");
                         });

}  // namespace
