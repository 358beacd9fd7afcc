#include "workload/dotnet_random.hpp"

#include <climits>

namespace kvbench::workload {

DotNetRandom::DotNetRandom(int32_t seed) {
  const int32_t sub = seed == INT32_MIN ? kMBig : (seed < 0 ? -seed : seed);
  int32_t mj = kMSeed - sub;
  sa_[55] = mj;
  int32_t mk = 1;
  int ii = 0;
  for (int i = 1; i < 55; ++i) {
    ii += 21;
    if (ii >= 55) ii -= 55;
    sa_[ii] = mk;
    mk = Sub(mj, mk);
    if (mk < 0) mk += kMBig;
    mj = sa_[ii];
  }
  for (int pass = 1; pass < 5; ++pass) {
    for (int i = 1; i < 56; ++i) {
      int n = i + 30;
      if (n >= 55) n -= 55;
      sa_[i] = Sub(sa_[i], sa_[1 + n]);
      if (sa_[i] < 0) sa_[i] += kMBig;
    }
  }
  inext_ = 0;
  inextp_ = 21;
}

}  // namespace kvbench::workload
