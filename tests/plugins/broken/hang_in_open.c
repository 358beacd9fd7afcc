/* Broken: loads, but engine_open never returns. The host's settings check opens the engine on an empty directory
   before anything runs: it must give up after its load timeout and name engine_open. */
#define _POSIX_C_SOURCE 200809L
#include <unistd.h>

#include "stub_slots.h"

static kvb_status hang_open(const kvb_open_params* p, kvb_engine** e, char* err, size_t cap) {
  (void)p, (void)e, (void)err, (void)cap;
  for (;;) sleep(3600);
  return KVB_INTERNAL; /* not reached */
}

static const kvb_plugin_table kTable = {.struct_size = sizeof(kvb_plugin_table),
                                        .abi_major = KVB_ABI_MAJOR,
                                        .abi_minor = KVB_ABI_MINOR,
                                        .name = "hang_in_open",
                                        .version = "1.0.0",
                                        .description = "engine_open never returns",
                                        .engine_open = hang_open,
                                        .engine_close = stub_engine,
                                        .engine_stabilize = stub_engine,
                                        .engine_settle = stub_engine,
                                        .engine_describe = stub_describe,
                                        .store_open = stub_store_open,
                                        .store_close = stub_store_close,
                                        .put = stub_put,
                                        .get = stub_get,
                                        .remove = stub_remove,
                                        .iterator_create = stub_iterator_create,
                                        .iterator_destroy = stub_iterator,
                                        .iterator_seek = stub_iterator_seek,
                                        .iterator_seek_first = stub_iterator,
                                        .iterator_next = stub_iterator,
                                        .iterator_valid = stub_iterator_valid,
                                        .iterator_key = stub_iterator_bytes,
                                        .iterator_value = stub_iterator_bytes,
                                        .iterator_status = stub_iterator_status};

KVB_EXPORT kvb_status kvbench_plugin_entry(const kvb_host_services* host, const kvb_plugin_table** table) {
  (void)host;
  *table = &kTable;
  return KVB_OK;
}
