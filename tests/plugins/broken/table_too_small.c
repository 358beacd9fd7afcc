/* Broken: its table claims only 16 bytes, too small for the ABI 1.0 required slots. */
#include "stub_slots.h"

static const kvb_plugin_table kTable = {.struct_size = 16,
                                        .abi_major = KVB_ABI_MAJOR,
                                        .abi_minor = KVB_ABI_MINOR,
                                        .name = "table_too_small",
                                        .version = "1.0.0",
                                        .description = "table struct_size 16",
                                        KVB_STUB_SLOTS};

KVB_EXPORT kvb_status kvbench_plugin_entry(const kvb_host_services* host, const kvb_plugin_table** table) {
  (void)host;
  *table = &kTable;
  return KVB_OK;
}
