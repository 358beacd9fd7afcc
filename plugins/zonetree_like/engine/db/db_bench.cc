// zt_db_bench: a rough timing of the engine's hot paths on a profile-store-like
// shape (5 stores, ~150-byte values in one, 40-byte keys with 8-byte values in
// the others, single puts, then random gets and 100-entry scans after
// stabilize). Not a test; prints phase times. Usage: zt_db_bench [N] [dir].
#include <sys/resource.h>

#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <random>
#include <string>

#include "db/engine.h"

namespace {

using Clock = std::chrono::steady_clock;

double Seconds(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// CPU seconds of the calling thread (the machine may be shared: wall time
// alone says little).
double ThreadCpu() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

std::string BigEndian(uint64_t v) {
  std::string s(8, '\0');
  for (int i = 7; i >= 0; --i) {
    s[static_cast<size_t>(i)] = static_cast<char>(v & 0xff);
    v >>= 8;
  }
  return s;
}

std::string Digits(uint64_t v, int width) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%0*llu", width, static_cast<unsigned long long>(v));
  return buf;
}

uint64_t Mix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

long PeakRssMb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss / 1024;
}

}  // namespace

int main(int argc, char** argv) {
  uint64_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1000000;
  std::string dir = argc > 2 ? argv[2] : "/tmp/zt_db_bench";
  std::filesystem::remove_all(dir);
  zt::Options o;
  o.mutable_segment_max_item_count = 250000;
  std::unique_ptr<zt::Engine> engine;
  zt::Status s = zt::Engine::Open(dir, o, &engine);
  if (!s.ok()) {
    std::fprintf(stderr, "%s\n", s.ToString().c_str());
    return 1;
  }
  zt::Tree *profiles, *email, *country, *created, *reputation;
  engine->OpenTree("profiles", &profiles);
  engine->OpenTree("email-index", &email);
  engine->OpenTree("country-status-index", &country);
  engine->OpenTree("created-at-index", &created);
  engine->OpenTree("reputation-index", &reputation);

  auto t = Clock::now();
  double cpu = ThreadCpu();
  std::string value;
  for (uint64_t id = 1; id <= n; ++id) {
    uint64_t a = Mix(id), b = Mix(a);
    std::string key = BigEndian(id);
    value = std::to_string(id) + "|user" + Digits(id, 12) + "@example" + Digits(id % 97, 2) +
            ".com|US|active|" + std::to_string(1672531200000 + id * 1000) + "|" +
            std::to_string(b % 7776000000) + "|" + std::to_string(b % 1000000) + "|User " +
            Digits(id, 12) + "|Profile " + std::to_string(id) + " prefers storage engines and has segment " +
            Digits(b % 10000, 4) + ".";
    profiles->Put(key, value);
    email->Put("user" + Digits(id, 12) + "@example" + Digits(id % 97, 2) + ".com", key);
    country->Put(std::string("US|") + "active|" + Digits(a % 1000003, 20), key);
    created->Put(Digits(1672531200000 + id * 1000, 20) + "|" + Digits(id, 20), key);
    reputation->Put(Digits(1000000 - b % 1000000, 10) + "|" + Digits(id, 20), key);
  }
  double insert = Seconds(t);
  double insert_cpu = ThreadCpu() - cpu;
  t = Clock::now();
  s = engine->Stabilize();
  double stabilize = Seconds(t);
  std::printf("insert %llu profiles: %.2f s (%.0f/s; foreground cpu %.2f s = %.2f us/put), "
              "stabilize %.2f s, peak RSS %ld MB\n",
              static_cast<unsigned long long>(n), insert, n / insert, insert_cpu,
              insert_cpu * 1e6 / (5.0 * n), stabilize, PeakRssMb());

  std::mt19937_64 rng(1);
  size_t total = 0;
  t = Clock::now();
  cpu = ThreadCpu();
  for (uint64_t i = 0; i < n; ++i) {
    profiles->Get(BigEndian(1 + rng() % n), [](void* c, std::string_view v) {
      *static_cast<size_t*>(c) += v.size();
    }, &total);
  }
  double gets = Seconds(t);
  std::printf("random gets: %.2f s (%.0f/s; cpu %.2f us/get)\n", gets, n / gets,
              (ThreadCpu() - cpu) * 1e6 / static_cast<double>(n));

  t = Clock::now();
  cpu = ThreadCpu();
  uint64_t queries = n / 4, found = 0;
  for (uint64_t q = 0; q < queries; ++q) {
    auto it = created->NewIterator();
    uint64_t start = 1 + rng() % n;
    it->Seek(Digits(1672531200000 + start * 1000, 20));
    for (int k = 0; k < 100 && it->Valid(); ++k, it->Next()) {
      profiles->Get(it->value(), [](void*, std::string_view) {}, nullptr);
      ++found;
    }
  }
  double scans = Seconds(t);
  std::printf("range queries (100 entries + 100 gets each): %.2f s (%.0f queries/s; cpu %.2f us "
              "per entry+get)\n",
              scans, queries / scans, (ThreadCpu() - cpu) * 1e6 / static_cast<double>(found));

  t = Clock::now();
  cpu = ThreadCpu();
  for (uint64_t q = 0; q < queries; ++q) {
    auto it = reputation->NewIterator();
    it->SeekToFirst();
    for (int k = 0; k < 100 && it->Valid(); ++k, it->Next()) {
      profiles->Get(it->value(), [](void*, std::string_view) {}, nullptr);
    }
  }
  double top = Seconds(t);
  std::printf("top-100 queries: %.2f s (%.0f queries/s; cpu %.2f us per entry+get)\n", top,
              queries / top, (ThreadCpu() - cpu) * 1e6 / (100.0 * static_cast<double>(queries)));
  // Update-like phase: 2 gets on profiles, 2 deletes and 3 puts (index keys
  // move), on random ids, while the mutable segment fills again.
  t = Clock::now();
  cpu = ThreadCpu();
  std::string cur;
  for (uint64_t i = 0; i < n; ++i) {
    uint64_t id = 1 + rng() % n;
    std::string key = BigEndian(id);
    profiles->Get(key, &cur);
    profiles->Get(key, &cur);
    uint64_t r = rng();
    country->Delete(std::string("US|active|") + Digits(Mix(id) % 1000003, 20));
    reputation->Delete(Digits(1000000 - Mix(Mix(id)) % 1000000, 10) + "|" + Digits(id, 20));
    profiles->Put(key, cur + " updated");
    country->Put(std::string("US|pending|") + Digits(r % 1000003, 20), key);
    reputation->Put(Digits(r % 1000000, 10) + "|" + Digits(id, 20), key);
  }
  double upd = Seconds(t);
  std::printf("updates: %.2f s (%.0f/s; cpu %.2f us/update)\n", upd, n / upd,
              (ThreadCpu() - cpu) * 1e6 / static_cast<double>(n));
  t = Clock::now();
  engine->Stabilize();
  std::printf("post-update stabilize %.2f s\n", Seconds(t));
  std::printf("peak RSS %ld MB\nstats %s\n", PeakRssMb(), engine->StatsJson().c_str());
  engine->Close();
  return 0;
}
