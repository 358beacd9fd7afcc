/* Broken: exports a function, but not the entry symbol (a typo in its name). */
#include <kvbench/plugin.h>

KVB_EXPORT kvb_status kvbench_plugin_entri(const kvb_host_services* host, const kvb_plugin_table** table) {
  (void)host;
  *table = NULL;
  return KVB_INTERNAL;
}
