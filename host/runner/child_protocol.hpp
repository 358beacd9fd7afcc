// The engine worker's messages to its parent: one JSON object per line on a pipe. The parent learns from them,
// as they happen, which phase or step is running and every result that completed, so that it can report a child
// that crashes or is killed. Members (all events carry "event"):
//   {"event":"started","name":"insert profiles","kind":"phase"|"step","total":100000|null}
//                                        ("load plugin" starts first: a crash while loading is reported as such)
//   {"event":"loaded","plugin":{name, version, abi, path, capabilities},"description":"..."}  (load plugin is over)
//   {"event":"progress","name":...,"done":51234,"total":100000}
//   {"event":"phase","result":{name, operations, elapsed_ms, ops_per_s, checksum, measurements}}
//   {"event":"step","result":{name, elapsed_ms, measurements}}
//   {"event":"engine","plugin":{...},"settings":{...},"durability":"..."}   (after the engine opened)
//   {"event":"value","key":"storage_bytes","value":7804479}                 (one figure of results.json)
//   {"event":"check","result":{name, result, message, seconds}}            (mode "conformance": the check's verdict)
//   {"event":"finished","status":"Completed"|"Failed","error":..., "phase":...}  (always last)
#ifndef KVBENCH_HOST_RUNNER_CHILD_PROTOCOL_HPP_
#define KVBENCH_HOST_RUNNER_CHILD_PROTOCOL_HPP_

#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "common/status.hpp"

namespace kvbench::runner {

// Writes events to a file descriptor. Thread-safe (the progress thread and the engine thread share it).
class EventWriter {
 public:
  explicit EventWriter(int fd) : fd_(fd) {}
  // Writes one line; a failed write (the parent is gone) is returned, never thrown.
  Status Write(const nlohmann::json& event);

 private:
  std::mutex mutex_;
  int fd_;
};

// Splits the byte stream of a pipe into events. A line that is not a JSON object is reported as an error event
// ({"event":"protocol_error","line":...}) rather than dropped, so a corrupted stream is visible.
class EventReader {
 public:
  // Appends `size` bytes and moves every complete line into *events.
  void Feed(const char* data, size_t size, std::vector<nlohmann::json>* events);
  // Bytes received after the last newline (a child that died mid-write).
  bool HasPartialLine() const { return !pending_.empty(); }

 private:
  std::string pending_;
};

// Writes all of `data` to `fd`, retrying on EINTR and short writes.
Status WriteAll(int fd, const std::string& data);

}  // namespace kvbench::runner

#endif  // KVBENCH_HOST_RUNNER_CHILD_PROTOCOL_HPP_
