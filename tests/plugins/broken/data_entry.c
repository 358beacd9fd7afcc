/* Broken: exports the entry name as a data symbol, not a function. Calling it would jump into data. */
#include <kvbench/plugin.h>

KVB_EXPORT const kvb_plugin_table* kvbench_plugin_entry = NULL;
