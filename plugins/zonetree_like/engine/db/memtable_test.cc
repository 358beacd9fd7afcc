#include "db/memtable.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <map>
#include <random>
#include <string>
#include <thread>

#include "db/testutil.h"

namespace zt {
namespace {

TEST(MemTableTest, PutGetOverwriteTombstone) {
  MemTable m;
  EntryKind kind;
  std::string_view v;
  EXPECT_FALSE(m.Get("a", &kind, &v));
  m.Add(1, "b", EntryKind::kValue, "1");
  m.Add(2, "a", EntryKind::kValue, "2");
  m.Add(3, "b", EntryKind::kValue, "3");
  m.Add(4, "c", EntryKind::kTombstone, "");
  ASSERT_TRUE(m.Get("b", &kind, &v));
  EXPECT_EQ(kind, EntryKind::kValue);
  EXPECT_EQ(v, "3");
  ASSERT_TRUE(m.Get("c", &kind, &v));
  EXPECT_EQ(kind, EntryKind::kTombstone);
  EXPECT_FALSE(m.Get("bb", &kind, &v));
  EXPECT_FALSE(m.Get("", &kind, &v));
  EXPECT_EQ(m.records(), 4u);
  EXPECT_EQ(m.keys(), 3u);
  m.Add(5, "", EntryKind::kValue, "empty key");
  ASSERT_TRUE(m.Get("", &kind, &v));
  EXPECT_EQ(v, "empty key");
}

TEST(MemTableTest, IteratorOrderAndSnapshot) {
  MemTable m;
  m.Add(1, "k2", EntryKind::kValue, "a");
  m.Add(2, "k1", EntryKind::kValue, "b");
  m.Add(3, "k3", EntryKind::kValue, "c");
  MemTable::Iterator snap(&m, 3);
  m.Add(4, "k2", EntryKind::kValue, "new");
  m.Add(5, "k0", EntryKind::kValue, "later key");
  m.Add(6, "k3", EntryKind::kTombstone, "");

  std::string seen;
  for (snap.SeekToFirst(); snap.Valid(); snap.Next()) {
    seen += std::string(snap.key()) + "=" + std::string(snap.value()) + ";";
  }
  EXPECT_EQ(seen, "k1=b;k2=a;k3=c;");

  MemTable::Iterator all(&m);
  seen.clear();
  for (all.SeekToFirst(); all.Valid(); all.Next()) {
    seen.append(all.key());
    seen.append("=");
    if (all.kind() == EntryKind::kTombstone) {
      seen.append("X");
    } else {
      seen.append(all.value());
    }
    seen.append(";");
  }
  EXPECT_EQ(seen, "k0=later key;k1=b;k2=new;k3=X;");

  all.Seek("k15");
  ASSERT_TRUE(all.Valid());
  EXPECT_EQ(all.key(), "k2");
  all.Seek("k4");
  EXPECT_FALSE(all.Valid());
}

// The memtable iterates exactly the model's keys and newest values, in order.
void ExpectSameAsModel(const MemTable& m, const std::map<std::string, std::string>& model) {
  MemTable::Iterator it(&m);
  it.SeekToFirst();
  for (const auto& [k, v] : model) {
    ASSERT_TRUE(it.Valid());
    ASSERT_EQ(it.key(), k);
    EXPECT_EQ(it.value(), v);
    it.Next();
  }
  EXPECT_FALSE(it.Valid());
  EXPECT_EQ(m.keys(), model.size());
}

TEST(MemTableTest, RandomAgainstMap) {
  MemTable m;
  std::map<std::string, std::string> model;
  std::mt19937_64 rng(42);
  uint64_t seq = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string k = test::Key(rng() % 3000);
    std::string v = test::Value(rng() % 1000, i);
    m.Add(++seq, k, EntryKind::kValue, v);
    model[k] = v;
  }
  ExpectSameAsModel(m, model);
}

// Binary keys of 0 to 100 bytes with long shared prefixes and high bytes:
// the memtable must order them exactly as std::string does (unsigned bytes,
// shorter first on a tie), whether the nodes' 8-byte windows decide or the
// bytes after them do.
TEST(MemTableTest, BinaryKeysOfEveryLengthAgainstMap) {
  MemTable m;
  std::map<std::string, std::string> model;
  std::mt19937_64 rng(7);
  const std::string prefixes[] = {"", std::string(9, '\xff'), "DE|active|0000000", std::string(70, 'p')};
  uint64_t seq = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string k = prefixes[rng() % 4];
    size_t extra = rng() % 31;
    for (size_t j = 0; j < extra; ++j) k.push_back(static_cast<char>(rng() % 4 == 0 ? 0x80 + rng() % 128 : rng() % 4));
    std::string v = std::to_string(i);
    m.Add(++seq, k, EntryKind::kValue, v);
    model[k] = v;
  }
  ExpectSameAsModel(m, model);
  for (const auto& [k, v] : model) {
    EntryKind kind;
    std::string_view got;
    ASSERT_TRUE(m.Get(k, &kind, &got));
    EXPECT_EQ(got, v);
  }
}

// The membership filter never hides a key, even far past its sizing.
TEST(MemTableTest, FilterHasNoFalseNegatives) {
  for (uint64_t expected : {uint64_t{1}, uint64_t{1000}, uint64_t{1} << 20}) {
    MemTable m(expected);
    uint64_t seq = 0;
    for (int i = 0; i < 30000; i += 2) {
      m.Add(++seq, test::Key(static_cast<uint64_t>(i)), EntryKind::kValue, "v");
    }
    int false_positive_searches = 0;
    for (int i = 0; i < 30000; ++i) {
      EntryKind kind;
      std::string_view v;
      bool found = m.Get(test::Key(static_cast<uint64_t>(i)), &kind, &v);
      ASSERT_EQ(found, i % 2 == 0) << "expected " << expected << " key " << i;
      if (!found) ++false_positive_searches;
    }
    EXPECT_EQ(false_positive_searches, 15000);
  }
}

// Enough keys for a tree of three levels, arriving in runs of ascending
// keys (each run appends past the last key, which splits nodes at their end)
// and at random (which halves them), with keys that share long prefixes so
// that the nodes' windows move past them as the tree's fences narrow. Every
// key, and the gap before and after it, is found as std::map finds it.
TEST(MemTableTest, TreeOfSeveralLevelsAgainstMap) {
  MemTable m;
  std::map<std::string, std::string> model;
  std::mt19937_64 rng(11);
  auto key = [](uint64_t group, uint64_t i) {
    char buf[64];
    std::snprintf(buf, sizeof(buf), "US|active|%02llu|%020llu", static_cast<unsigned long long>(group),
                  static_cast<unsigned long long>(i));
    return std::string(buf);
  };
  uint64_t seq = 0;
  uint64_t next_in_order = 0;
  for (int round = 0; round < 60; ++round) {
    // A run in order past every key so far, then random keys among them.
    for (int i = 0; i < 2000; ++i) {
      std::string k = key(99, next_in_order += 3);
      m.Add(++seq, k, EntryKind::kValue, k);
      model[k] = k;
    }
    for (int i = 0; i < 2000; ++i) {
      std::string k = key(rng() % 4, rng() % 1000000);
      std::string v = std::to_string(seq);
      m.Add(++seq, k, EntryKind::kValue, v);
      model[k] = v;
    }
  }
  ASSERT_GT(model.size(), 64u * 64u * 2u);  // more than two levels of full nodes
  ExpectSameAsModel(m, model);
  MemTable::Iterator it(&m);
  EntryKind kind;
  std::string_view got;
  for (const auto& [k, v] : model) {
    ASSERT_TRUE(m.Get(k, &kind, &got)) << k;
    ASSERT_EQ(got, v);
    // A key just below and just above k: absent, and a seek lands on k or
    // on k's successor.
    std::string below = k.substr(0, k.size() - 1);
    std::string above = k + '\0';
    EXPECT_FALSE(m.Get(above, &kind, &got));
    it.Seek(below);
    ASSERT_TRUE(it.Valid());
    EXPECT_EQ(it.key(), model.lower_bound(below)->first);
    it.Seek(above);
    auto succ = model.upper_bound(k);
    if (succ == model.end()) {
      EXPECT_FALSE(it.Valid());
    } else {
      ASSERT_TRUE(it.Valid());
      EXPECT_EQ(it.key(), succ->first);
    }
  }
  EXPECT_EQ(m.keys(), model.size());
}

// One writer, several readers: readers never see a torn value or a key out of
// order, and every key written before a reader started is found.
TEST(MemTableTest, ConcurrentReaders) {
  MemTable m;
  constexpr int kKeys = 20000;
  std::atomic<int> written{0};
  std::atomic<bool> failed{false};
  std::thread writer([&] {
    for (int i = 0; i < kKeys; ++i) {
      std::string k = test::Key((static_cast<uint64_t>(i) * 7919) % kKeys);
      m.Add(static_cast<uint64_t>(i) + 1, k, EntryKind::kValue, k + "-value");
      written.store(i + 1, std::memory_order_release);
    }
  });
  std::vector<std::thread> readers;
  for (int r = 0; r < 2; ++r) {
    readers.emplace_back([&, r] {
      std::mt19937 rng(r);
      while (written.load(std::memory_order_acquire) < kKeys) {
        int n = written.load(std::memory_order_acquire);
        if (n == 0) continue;
        int i = static_cast<int>(rng() % static_cast<unsigned>(n));
        std::string k = test::Key((static_cast<uint64_t>(i) * 7919) % kKeys);
        EntryKind kind;
        std::string_view v;
        if (!m.Get(k, &kind, &v) || v != k + "-value") failed = true;
        MemTable::Iterator it(&m);
        std::string prev;
        int steps = 0;
        for (it.Seek(k); it.Valid() && steps < 50; it.Next(), ++steps) {
          std::string cur(it.key());
          if (!prev.empty() && cur <= prev) failed = true;
          if (it.value() != cur + "-value") failed = true;
          prev = cur;
        }
      }
    });
  }
  writer.join();
  for (auto& t : readers) t.join();
  EXPECT_FALSE(failed.load());
}

}  // namespace
}  // namespace zt
