// What the kv workload has written: the current version of every record number (0: never written), and whether
// it was deleted since. A read is checked against it (value_codec.hpp), and the final verify walks it.
// Thread-safety: none. With parallel clients each would own the record numbers of its partition.
#ifndef KVBENCH_HOST_WORKLOAD_KV_RECORD_STATE_HPP_
#define KVBENCH_HOST_WORKLOAD_KV_RECORD_STATE_HPP_

#include <cstdint>
#include <vector>

namespace kvbench::workload::kv {

class RecordState {
 public:
  // Room for `capacity` record numbers without reallocating (more are added as inserts reach them).
  explicit RecordState(uint64_t capacity) { versions_.reserve(capacity); }

  // The version a read of `id` must see, 0 when the record must be absent.
  uint32_t Expected(uint64_t id) const {
    if (id >= versions_.size()) return 0;
    const uint32_t v = versions_[id];
    return (v & kDeleted) != 0 ? 0 : v;
  }
  // The version the next write of `id` writes (one more than the last one, deleted or not); Commit() records it.
  uint32_t NextVersion(uint64_t id) const { return (id < versions_.size() ? versions_[id] & ~kDeleted : 0) + 1; }
  void Commit(uint64_t id, uint32_t version) {
    if (id >= versions_.size()) versions_.resize(id + 1, 0);
    versions_[id] = version;
  }
  void Remove(uint64_t id) {
    if (id < versions_.size() && versions_[id] != 0) versions_[id] |= kDeleted;
  }
  // Record numbers [0, size()) have been addressed by a write.
  uint64_t size() const { return versions_.size(); }

 private:
  static constexpr uint32_t kDeleted = 0x80000000u;
  std::vector<uint32_t> versions_;
};

}  // namespace kvbench::workload::kv

#endif  // KVBENCH_HOST_WORKLOAD_KV_RECORD_STATE_HPP_
