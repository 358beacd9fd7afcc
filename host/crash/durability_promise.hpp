// What an engine promises about a crash, as a machine-readable verdict rule for 'kvbench crashtest'.
// A process kill (SIGKILL) loses only what the process had not yet handed to the OS; a power cut also loses what
// the OS had not yet written to the device (everything not fsync'ed):
//   no-acked-loss: every acknowledged put/remove survives the fault. Built in, for a process kill: zonetree_like
//                  with durability.WalMode "sync" (write(2) per record before the call returns) and rocksdb5 with
//                  durability.Wal true, the default (the WAL write reaches the page cache before Put returns, with
//                  or without SyncWrites). For a power cut: rocksdb5 with Wal and SyncWrites true (an fsync per
//                  write); no zonetree_like mode syncs per record (spec/zonetree-like.md), so none promises it.
//   none:          every other engine and mode; losses are reported, not judged.
// An engine entry's "crash_promise" in the config ("none" | "no-acked-loss") overrides the built-in rule for
// either fault.
#ifndef KVBENCH_HOST_CRASH_DURABILITY_PROMISE_HPP_
#define KVBENCH_HOST_CRASH_DURABILITY_PROMISE_HPP_

#include <nlohmann/json.hpp>
#include <string>

#include "config/run_config.hpp"

namespace kvbench::crash {

enum class Promise { kNone, kNoAckedLoss };

// The fault a crash test injects.
enum class Fault { kKill, kPowerCut };
const char* FaultName(Fault fault);  // "kill" / "power-cut"

struct PromiseRule {
  Promise promise = Promise::kNone;
  std::string reason;  // why, for the report: "zonetree_like WalMode=sync", "config crash_promise", ...
};

const char* PromiseName(Promise promise);  // "none" / "no-acked-loss"

// `plugin_name`: the name the loaded plugin reports (not the config's engine name).
PromiseRule PromiseFor(const config::EngineSpec& engine, const std::string& plugin_name, Fault fault);

}  // namespace kvbench::crash

#endif  // KVBENCH_HOST_CRASH_DURABILITY_PROMISE_HPP_
