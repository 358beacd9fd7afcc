// rocksdb5.so: RocksDB behind the plugin ABI, one separate RocksDB instance per store, configured as the
// published report's RocksDB row said it was (and as the settings say, nothing rewritten behind them).
#include <rocksdb/version.h>

#include <kvbench/sdk.hpp>

#include "rocksdb5_engine.hpp"

#define KVB_ROCKSDB5_STR2(x) #x
#define KVB_ROCKSDB5_STR(x) KVB_ROCKSDB5_STR2(x)

namespace kvbench::rocksdb5 {
namespace {

struct RocksDb5Plugin {
  static constexpr const char* kName = "rocksdb5";
  static constexpr const char* kVersion = "1.0.0 (RocksDB " KVB_ROCKSDB5_STR(ROCKSDB_MAJOR) "." KVB_ROCKSDB5_STR(
      ROCKSDB_MINOR) "." KVB_ROCKSDB5_STR(ROCKSDB_PATCH) ")";
  static constexpr const char* kDescription =
      "RocksDB, one separate instance per store (five for the profile workload), no WriteBatch across stores";
  static constexpr bool kConcurrentDataCalls = true;
  static constexpr bool kPersistent = true;
  using Engine = RocksEngine;

  static Status Open(const sdk::OpenRequest& request, std::unique_ptr<Engine>* engine) {
    return RocksEngine::Open(request, engine);
  }
};

}  // namespace
}  // namespace kvbench::rocksdb5

KVBENCH_EXPORT_PLUGIN(kvbench::rocksdb5::RocksDb5Plugin)
