/* Broken: a well-formed table, but the shared object exports a second function besides the entry (it was built
   without hiding its helpers). Conformance load.only_entry_exported must name it. */
#include "stub_slots.h"

static const kvb_plugin_table kTable = {.struct_size = sizeof(kvb_plugin_table),
                                        .abi_major = KVB_ABI_MAJOR,
                                        .abi_minor = KVB_ABI_MINOR,
                                        .name = "extra_export",
                                        .version = "1.0.0",
                                        .description = "exports kvbench_test_stray_helper besides the entry",
                                        KVB_STUB_SLOTS};

KVB_EXPORT int kvbench_test_stray_helper(int x) { return x + 1; }

KVB_EXPORT kvb_status kvbench_plugin_entry(const kvb_host_services* host, const kvb_plugin_table** table) {
  (void)host;
  *table = &kTable;
  return KVB_OK;
}
