/* Broken: the entry never returns (a plugin that waits for something at load time that never comes). The host must
   give up after its load timeout and say that the plugin hung while loading. */
#define _POSIX_C_SOURCE 200809L
#include <unistd.h>

#include "stub_slots.h"

KVB_EXPORT kvb_status kvbench_plugin_entry(const kvb_host_services* host, const kvb_plugin_table** table) {
  (void)host, (void)table;
  for (;;) sleep(3600);
  return KVB_INTERNAL; /* not reached */
}
