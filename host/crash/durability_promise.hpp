// What an engine promises about a process kill, as a machine-readable verdict rule for 'kvbench crashtest'.
// A SIGKILL loses only what the process had not yet handed to the OS, so the rule is about that, not about power
// cuts:
//   no-acked-loss: every acknowledged put/remove survives a process kill. Built in for zonetree_like with
//                  durability.WalMode "sync" (write(2) per record before the call returns) and for rocksdb5 with
//                  durability.Wal true, the default (the WAL write reaches the page cache before Put returns, with
//                  or without SyncWrites).
//   none:          every other engine and mode; losses are reported, not judged.
// An engine entry's "crash_promise" in the config ("none" | "no-acked-loss") overrides the built-in rule.
#ifndef KVBENCH_HOST_CRASH_DURABILITY_PROMISE_HPP_
#define KVBENCH_HOST_CRASH_DURABILITY_PROMISE_HPP_

#include <nlohmann/json.hpp>
#include <string>

#include "config/run_config.hpp"

namespace kvbench::crash {

enum class Promise { kNone, kNoAckedLoss };

struct PromiseRule {
  Promise promise = Promise::kNone;
  std::string reason;  // why, for the report: "zonetree_like WalMode=sync", "config crash_promise", ...
};

const char* PromiseName(Promise promise);  // "none" / "no-acked-loss"

// `plugin_name`: the name the loaded plugin reports (not the config's engine name).
PromiseRule PromiseFor(const config::EngineSpec& engine, const std::string& plugin_name);

}  // namespace kvbench::crash

#endif  // KVBENCH_HOST_CRASH_DURABILITY_PROMISE_HPP_
