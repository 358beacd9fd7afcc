// The ABI call under way in a conformance check's worker, for the parent to name when the worker crashes or hangs:
// "timed out after 60 s in engine_open", "killed by SIGABRT in put (store 'a')". The worker runs its check over a
// copy of the plugin's table whose slots record each call (and the store it is on) in a small file of the check's
// area, mapped shared, so the record survives the process being killed; the parent reads it afterwards.
#ifndef KVBENCH_HOST_CONFORMANCE_CALL_RECORD_HPP_
#define KVBENCH_HOST_CONFORMANCE_CALL_RECORD_HPP_

#include <kvbench/plugin.h>

#include <string>

#include "common/status.hpp"

namespace kvbench::conformance {

// The record's file in a check's area.
inline constexpr const char* kCallRecordFile = "call-under-way";

// Worker side: creates and maps `path`; from then on the table TrackedTable returns records into it. Once per
// process.
Status StartCallRecord(const std::string& path);

// A copy of `real` (its size, versions, strings, capabilities and NULL slots as they are) whose every non-NULL slot
// records "slot" or "slot (store 'name')" while the plugin's function runs, then forwards to it. REQUIRES:
// StartCallRecord succeeded; one plugin per process. The copy lives until the process exits.
const kvb_plugin_table* TrackedTable(const kvb_plugin_table* real);

// Parent side: the call under way when the worker ended ("" when none, or no record).
std::string ReadCallUnderWay(const std::string& path);

}  // namespace kvbench::conformance

#endif  // KVBENCH_HOST_CONFORMANCE_CALL_RECORD_HPP_
