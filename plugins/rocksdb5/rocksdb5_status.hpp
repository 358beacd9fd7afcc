// Mapping from rocksdb::Status to the SDK's Status (and so to kvb_status codes).
#ifndef KVBENCH_PLUGINS_ROCKSDB5_ROCKSDB5_STATUS_HPP_
#define KVBENCH_PLUGINS_ROCKSDB5_ROCKSDB5_STATUS_HPP_

#include <rocksdb/status.h>

#include <kvbench/sdk.hpp>
#include <string>
#include <string_view>

namespace kvbench::rocksdb5 {

using Status = sdk::Status;

// NotFound, Corruption, IOError, InvalidArgument, NotSupported, Busy/TryAgain and TimedOut keep their meaning;
// anything else is INTERNAL. The message is RocksDB's own, prefixed by `context` when it is not empty.
inline Status FromRocks(const rocksdb::Status& s, std::string_view context = {}) {
  if (s.ok()) return Status::OK();
  std::string m;
  if (!context.empty()) {
    m.assign(context);
    m += ": ";
  }
  m += s.ToString();
  switch (s.code()) {
    case rocksdb::Status::kNotFound:
      return Status::NotFound(std::move(m));
    case rocksdb::Status::kCorruption:
      return Status::Corruption(std::move(m));
    case rocksdb::Status::kIOError:
      return Status::IOError(std::move(m));
    case rocksdb::Status::kInvalidArgument:
      return Status::InvalidArgument(std::move(m));
    case rocksdb::Status::kNotSupported:
      return Status::NotSupported(std::move(m));
    case rocksdb::Status::kBusy:
    case rocksdb::Status::kTryAgain:
      return Status::Busy(std::move(m));
    case rocksdb::Status::kTimedOut:
      return Status::TimedOut(std::move(m));
    default:
      return Status::Internal(std::move(m));
  }
}

}  // namespace kvbench::rocksdb5

#endif  // KVBENCH_PLUGINS_ROCKSDB5_ROCKSDB5_STATUS_HPP_
