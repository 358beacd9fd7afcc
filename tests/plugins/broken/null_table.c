/* Broken: the entry says OK but hands back no table. */
#include <kvbench/plugin.h>

KVB_EXPORT kvb_status kvbench_plugin_entry(const kvb_host_services* host, const kvb_plugin_table** table) {
  (void)host;
  *table = NULL;
  return KVB_OK;
}
