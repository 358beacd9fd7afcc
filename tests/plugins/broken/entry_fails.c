/* Broken: a well-formed ABI 1.0 table, but the entry reports that the plugin cannot start. */
#include "stub_slots.h"

static const kvb_plugin_table kTable = {.struct_size = sizeof(kvb_plugin_table),
                                        .abi_major = KVB_ABI_MAJOR,
                                        .abi_minor = KVB_ABI_MINOR,
                                        .name = "entry_fails",
                                        .version = "1.0.0",
                                        .description = "the entry returns KVB_INTERNAL",
                                        KVB_STUB_SLOTS};

KVB_EXPORT kvb_status kvbench_plugin_entry(const kvb_host_services* host, const kvb_plugin_table** table) {
  (void)host;
  *table = &kTable;
  return KVB_INTERNAL;
}
