#include "crash/ack_page.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <new>
#include <string>

#include "common/errno_message.hpp"

namespace kvbench::crash {
namespace {

constexpr size_t kPageBytes = 4096;
static_assert(sizeof(AckShared) <= kPageBytes);

// The interposer's state (one writer per process).
const kvb_plugin_table* g_plugin = nullptr;
std::atomic<uint64_t>* g_counter = nullptr;
uint64_t g_acked = 0;
kvb_plugin_table g_table;

kvb_status CountingPut(kvb_store* store, const void* key, size_t key_size, const void* value, size_t value_size,
                       char* err, size_t err_capacity) {
  const kvb_status rc = g_plugin->put(store, key, key_size, value, value_size, err, err_capacity);
  if (rc == KVB_OK) [[likely]]
    g_counter->store(++g_acked, std::memory_order_release);
  return rc;
}

kvb_status CountingRemove(kvb_store* store, const void* key, size_t key_size, char* err, size_t err_capacity) {
  const kvb_status rc = g_plugin->remove(store, key, key_size, err, err_capacity);
  if (rc == KVB_OK) [[likely]]
    g_counter->store(++g_acked, std::memory_order_release);
  return rc;
}

}  // namespace

Status AckPage::Create(std::unique_ptr<AckPage>* out) {
  const int fd = ::memfd_create("kvbench-crash-acks", 0);
  if (fd < 0) return Status::IOError(ErrnoMessage("memfd_create"));
  if (::ftruncate(fd, kPageBytes) != 0) {
    const Status s = Status::IOError(ErrnoMessage("ftruncate"));
    ::close(fd);
    return s;
  }
  std::unique_ptr<AckPage> page;
  Status s = Attach(fd, &page);
  if (!s.ok()) {
    ::close(fd);
    return s;
  }
  *out = std::move(page);
  return Status::OK();
}

Status AckPage::Attach(int fd, std::unique_ptr<AckPage>* out) {
  void* p = ::mmap(nullptr, kPageBytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (p == MAP_FAILED) return Status::IOError(ErrnoMessage("mmap of the acknowledgement page"));
  // A fresh memfd page is zero-filled, which is the AckShared of a writer that has not started.
  out->reset(new AckPage(fd, static_cast<AckShared*>(p)));
  return Status::OK();
}

AckPage::~AckPage() {
  ::munmap(shared_, kPageBytes);
  ::close(fd_);
}

const kvb_plugin_table* CountingTable(const kvb_plugin_table& plugin, std::atomic<uint64_t>* counter) {
  g_plugin = &plugin;
  g_counter = counter;
  g_acked = counter->load(std::memory_order_relaxed);
  // Only the slots the plugin's table has (an older minor version's table is shorter); the rest stay zero.
  g_table = kvb_plugin_table{};
  std::memcpy(&g_table, &plugin, std::min<size_t>(plugin.struct_size, sizeof(g_table)));
  g_table.put = &CountingPut;
  g_table.remove = &CountingRemove;
  return &g_table;
}

}  // namespace kvbench::crash
