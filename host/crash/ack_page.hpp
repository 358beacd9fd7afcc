// The crash test's acknowledgement counter: one page of shared memory (a memfd, so it survives the writer's exec)
// that the writer process bumps after every put or remove the engine acknowledged, and that the parent polls to
// pick the moment of the kill. The writer's data calls go through CountingTable, an interposed plugin table whose
// put/remove forward to the plugin and then make one release store to the page: nothing else on the hot path.
#ifndef KVBENCH_HOST_CRASH_ACK_PAGE_HPP_
#define KVBENCH_HOST_CRASH_ACK_PAGE_HPP_

#include <kvbench/plugin.h>

#include <atomic>
#include <cstdint>
#include <memory>

#include "common/status.hpp"

namespace kvbench::crash {

struct AckShared {
  std::atomic<uint64_t> acked{0};        // puts + removes the engine acknowledged, since the writer started
  std::atomic<uint32_t> writer_done{0};  // the writer finished its phases (it then waits to be killed)
};

class AckPage {
 public:
  // A new zeroed page. Its descriptor is inherited across exec (not close-on-exec) so the worker can attach.
  static Status Create(std::unique_ptr<AckPage>* out);
  // Maps the page behind an inherited descriptor.
  static Status Attach(int fd, std::unique_ptr<AckPage>* out);
  ~AckPage();
  AckPage(const AckPage&) = delete;
  AckPage& operator=(const AckPage&) = delete;

  AckShared* shared() const { return shared_; }
  int fd() const { return fd_; }

 private:
  AckPage(int fd, AckShared* shared) : fd_(fd), shared_(shared) {}
  int fd_;
  AckShared* shared_;
};

// A copy of `plugin` whose put and remove count every KVB_OK into `counter` (one release store each). One per
// process: the counter and the forwarded table are process-wide. REQUIRES: called once, single-threaded writer.
const kvb_plugin_table* CountingTable(const kvb_plugin_table& plugin, std::atomic<uint64_t>* counter);

}  // namespace kvbench::crash

#endif  // KVBENCH_HOST_CRASH_ACK_PAGE_HPP_
