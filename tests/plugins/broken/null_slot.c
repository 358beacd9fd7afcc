/* Broken: the required `get` slot is NULL. */
#include "stub_slots.h"

static const kvb_plugin_table kTable = {.struct_size = sizeof(kvb_plugin_table),
                                        .abi_major = KVB_ABI_MAJOR,
                                        .abi_minor = KVB_ABI_MINOR,
                                        .name = "null_slot",
                                        .version = "1.0.0",
                                        .description = "get is NULL",
                                        KVB_STUB_SLOTS_EXCEPT_GET};

KVB_EXPORT kvb_status kvbench_plugin_entry(const kvb_host_services* host, const kvb_plugin_table** table) {
  (void)host;
  *table = &kTable;
  return KVB_OK;
}
