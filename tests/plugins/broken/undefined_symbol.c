/* Broken: links against a function nobody defines (built without -Wl,--no-undefined), so loading with RTLD_NOW
   fails before any of its code runs. */
#include <kvbench/plugin.h>

extern kvb_status kvbench_test_function_that_does_not_exist(void);

KVB_EXPORT kvb_status kvbench_plugin_entry(const kvb_host_services* host, const kvb_plugin_table** table) {
  (void)host;
  *table = NULL;
  return kvbench_test_function_that_does_not_exist();
}
