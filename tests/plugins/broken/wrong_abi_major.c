/* Broken for this host: built against a future ABI 99.0. It answers the way the ABI asks (its table, and
   KVB_ABI_MISMATCH), so the host can name both versions. */
#include "stub_slots.h"

static const kvb_plugin_table kTable = {.struct_size = sizeof(kvb_plugin_table),
                                        .abi_major = 99,
                                        .abi_minor = 0,
                                        .name = "wrong_abi_major",
                                        .version = "99.0.0",
                                        .description = "built for ABI 99.0",
                                        KVB_STUB_SLOTS};

KVB_EXPORT kvb_status kvbench_plugin_entry(const kvb_host_services* host, const kvb_plugin_table** table) {
  *table = &kTable;
  return host->abi_major == 99 ? KVB_OK : KVB_ABI_MISMATCH;
}
