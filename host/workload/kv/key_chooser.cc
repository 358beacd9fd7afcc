#include "workload/kv/key_chooser.hpp"

#include <algorithm>
#include <cmath>

namespace kvbench::workload::kv {

KeyChooser::KeyChooser(const Distribution& d, uint64_t items, uint64_t n0) : d_(d) {
  items = std::max<uint64_t>(items, 1);
  if (d.kind == DistributionKind::kZipfian) {
    if (d.scrambled) {
      scrambled_.emplace(items, d.theta);
    } else {
      zipfian_.emplace(items, d.theta);
    }
  } else if (d.kind == DistributionKind::kLatest) {
    zipfian_.emplace(std::max<uint64_t>(n0, 1), d.theta);
  }
}

uint64_t KeyChooser::Next(Rng& rng, uint64_t n) {
  switch (d_.kind) {
    case DistributionKind::kUniform:
      return rng.Below(n);
    case DistributionKind::kSequential: {
      if (sequential_ >= n) sequential_ = 0;
      return sequential_++;
    }
    case DistributionKind::kZipfian: {
      // YCSB redraws a record not inserted yet; after 64 misses (the item space far larger than n) fold instead.
      for (int attempt = 0; attempt < 64; ++attempt) {
        const uint64_t id = scrambled_ ? scrambled_->Next(rng.Double()) : zipfian_->Next(rng.Double());
        if (id < n) return id;
      }
      return (scrambled_ ? scrambled_->Next(rng.Double()) : zipfian_->Next(rng.Double())) % n;
    }
    case DistributionKind::kLatest: {
      if (n > zipfian_->items()) zipfian_->Grow(n);
      const uint64_t back = zipfian_->Next(rng.Double());
      return back < n ? n - 1 - back : 0;
    }
    case DistributionKind::kHotspot: {
      const uint64_t hot = std::clamp<uint64_t>(static_cast<uint64_t>(std::floor(static_cast<double>(n) * d_.hot_data)),
                                                1, n);
      if (hot == n || rng.Double() < d_.hot_ops) return rng.Below(hot);
      return hot + rng.Below(n - hot);
    }
  }
  return 0;
}

}  // namespace kvbench::workload::kv
