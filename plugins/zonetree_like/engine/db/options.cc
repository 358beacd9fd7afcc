#include "db/options.h"

namespace zt {

const char* WalModeName(WalMode mode) {
  switch (mode) {
    case WalMode::kNone:
      return "none";
    case WalMode::kSync:
      return "sync";
    case WalMode::kSyncCompressed:
      return "sync-compressed";
    case WalMode::kAsyncCompressed:
      return "async-compressed";
  }
  return "unknown";
}

bool ParseWalMode(std::string_view name, WalMode* mode) {
  for (WalMode m : {WalMode::kNone, WalMode::kSync, WalMode::kSyncCompressed,
                    WalMode::kAsyncCompressed}) {
    if (name == WalModeName(m)) {
      *mode = m;
      return true;
    }
  }
  return false;
}

const char* BottomMergePolicyName(BottomMergePolicy policy) {
  switch (policy) {
    case BottomMergePolicy::kNone:
      return "none";
    case BottomMergePolicy::kMergeAllWhenMoreThan:
      return "merge-all";
  }
  return "unknown";
}

bool ParseBottomMergePolicy(std::string_view name, BottomMergePolicy* policy) {
  for (BottomMergePolicy p :
       {BottomMergePolicy::kNone, BottomMergePolicy::kMergeAllWhenMoreThan}) {
    if (name == BottomMergePolicyName(p)) {
      *policy = p;
      return true;
    }
  }
  return false;
}

}  // namespace zt
