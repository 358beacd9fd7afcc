/*
 * The ABI header compiled as C11 with -Wall -Wextra -Wpedantic -Werror (the build fails if it does not), and the
 * ABI 1.0 layout pinned: a change of any offset, size or constant below breaks every plugin built against 1.0,
 * so it must fail here first. Run as a test, it also checks the values at run time.
 */
#include <kvbench/plugin.h>
#include <stdio.h>

/* Constants are part of the ABI: they never change meaning. */
_Static_assert(KVB_ABI_MAJOR == 1, "ABI major");
_Static_assert(KVB_OK == 0 && KVB_NOT_FOUND == 1 && KVB_INVALID_ARGUMENT == 2 && KVB_NOT_SUPPORTED == 3 &&
                   KVB_CORRUPTION == 4 && KVB_IO_ERROR == 5 && KVB_BUSY == 6 && KVB_TIMED_OUT == 7 &&
                   KVB_OUT_OF_MEMORY == 8 && KVB_INTERNAL == 9 && KVB_ABI_MISMATCH == 10,
               "status codes");
_Static_assert(KVB_CAP_CONCURRENT_DATA_CALLS == 1u && KVB_CAP_SCAN == 2u && KVB_CAP_COUNT == 4u &&
                   KVB_CAP_STATS_JSON == 8u && KVB_CAP_EFFECTIVE_SETTINGS == 16u && KVB_CAP_PERSISTENT == 32u,
               "capability bits");
_Static_assert(KVB_SCAN_FROM_FIRST == 1u && KVB_SCAN_BOUND_IS_PREFIX == 2u && KVB_SCAN_BOUND_INCLUSIVE == 4u,
               "scan flags");
_Static_assert(KVB_DESCRIBE_EFFECTIVE_SETTINGS == 1 && KVB_DESCRIBE_DURABILITY == 2 && KVB_DESCRIBE_STATS == 3,
               "describe kinds");
_Static_assert(KVB_LOG_TRACE == 0 && KVB_LOG_ERROR == 4, "log levels");

/* Every struct starts with the same header. */
_Static_assert(offsetof(kvb_plugin_table, struct_size) == 0 && offsetof(kvb_plugin_table, abi_major) == 4 &&
                   offsetof(kvb_plugin_table, abi_minor) == 6,
               "plugin table header");
_Static_assert(offsetof(kvb_open_params, abi_minor) == 6 && offsetof(kvb_scan_request, abi_minor) == 6 &&
                   offsetof(kvb_host_services, abi_minor) == 6,
               "struct headers");
/* Optional slots come after every required one. */
_Static_assert(KVB_PLUGIN_TABLE_MIN_SIZE == offsetof(kvb_plugin_table, scan), "minimum table size");
_Static_assert(offsetof(kvb_plugin_table, count) > offsetof(kvb_plugin_table, scan), "slot order");

#if UINTPTR_MAX == 0xFFFFFFFFFFFFFFFFu
/* The LP64 layout of ABI 1.0 (x86-64, aarch64). */
_Static_assert(offsetof(kvb_host_services, context) == 8 && offsetof(kvb_host_services, log) == 16 &&
                   sizeof(kvb_host_services) == 24,
               "kvb_host_services layout");
_Static_assert(offsetof(kvb_open_params, data_dir) == 8 && offsetof(kvb_open_params, data_dir_size) == 16 &&
                   offsetof(kvb_open_params, config_json) == 24 && offsetof(kvb_open_params, config_json_size) == 32 &&
                   sizeof(kvb_open_params) == 40,
               "kvb_open_params layout");
_Static_assert(offsetof(kvb_scan_request, flags) == 8 && offsetof(kvb_scan_request, reserved) == 12 &&
                   offsetof(kvb_scan_request, start) == 16 && offsetof(kvb_scan_request, start_size) == 24 &&
                   offsetof(kvb_scan_request, bound) == 32 && offsetof(kvb_scan_request, bound_size) == 40 &&
                   offsetof(kvb_scan_request, limit) == 48 && sizeof(kvb_scan_request) == 56,
               "kvb_scan_request layout");
_Static_assert(offsetof(kvb_plugin_table, name) == 8 && offsetof(kvb_plugin_table, capabilities) == 32 &&
                   offsetof(kvb_plugin_table, engine_open) == 40 && offsetof(kvb_plugin_table, put) == 96 &&
                   offsetof(kvb_plugin_table, iterator_status) == 184 && offsetof(kvb_plugin_table, scan) == 192 &&
                   offsetof(kvb_plugin_table, count) == 200 && sizeof(kvb_plugin_table) == 208,
               "kvb_plugin_table layout");
#endif

/* The function types a C plugin implements, used as C sees them. */
static kvb_status entry_example(const kvb_host_services* host, const kvb_plugin_table** table) {
  (void)host;
  *table = NULL;
  return KVB_ABI_MISMATCH;
}

int main(void) {
  kvb_plugin_entry_fn entry = entry_example;
  const kvb_plugin_table* table = NULL;
  kvb_host_services host = {0};
  host.struct_size = (uint32_t)sizeof(host);
  host.abi_major = KVB_ABI_MAJOR;
  host.abi_minor = KVB_ABI_MINOR;
  if (entry(&host, &table) != KVB_ABI_MISMATCH || table != NULL) {
    fprintf(stderr, "entry function pointer call failed\n");
    return 1;
  }
  if (sizeof(KVB_ENTRY_SYMBOL) != sizeof("kvbench_plugin_entry")) {
    fprintf(stderr, "KVB_ENTRY_SYMBOL is '%s'\n", KVB_ENTRY_SYMBOL);
    return 1;
  }
  printf(
      "plugin.h compiles as C11; ABI %d.%d layout: table %zu bytes (minimum %zu), open params %zu, scan request "
      "%zu, host services %zu\n",
      KVB_ABI_MAJOR, KVB_ABI_MINOR, sizeof(kvb_plugin_table), (size_t)KVB_PLUGIN_TABLE_MIN_SIZE,
      sizeof(kvb_open_params), sizeof(kvb_scan_request), sizeof(kvb_host_services));
  return 0;
}
