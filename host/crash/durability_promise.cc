#include "crash/durability_promise.hpp"

namespace kvbench::crash {

const char* PromiseName(Promise promise) { return promise == Promise::kNoAckedLoss ? "no-acked-loss" : "none"; }

const char* FaultName(Fault fault) { return fault == Fault::kPowerCut ? "power-cut" : "kill"; }

PromiseRule PromiseFor(const config::EngineSpec& engine, const std::string& plugin_name, Fault fault) {
  if (engine.crash_promise) {
    return {*engine.crash_promise == "no-acked-loss" ? Promise::kNoAckedLoss : Promise::kNone,
            "config crash_promise \"" + *engine.crash_promise + "\""};
  }
  const nlohmann::json& d = engine.durability;
  if (plugin_name == "zonetree_like") {
    const std::string mode =
        d.contains("WalMode") && d["WalMode"].is_string() ? d["WalMode"].get<std::string>() : "async-compressed";
    if (fault == Fault::kPowerCut) {
      return {Promise::kNone,
              "zonetree_like WalMode=" + mode + (mode == "none" ? ", no log" : ", no fsync per record")};
    }
    if (mode == "sync") return {Promise::kNoAckedLoss, "zonetree_like WalMode=sync"};
    return {Promise::kNone, "zonetree_like WalMode=" + mode};
  }
  if (plugin_name == "rocksdb5") {
    const bool wal = !(d.contains("Wal") && d["Wal"].is_boolean() && !d["Wal"].get<bool>());
    const bool sync = d.contains("SyncWrites") && d["SyncWrites"].is_boolean() && d["SyncWrites"].get<bool>();
    if (!wal) return {Promise::kNone, "rocksdb5 Wal=false"};
    if (fault == Fault::kKill) return {Promise::kNoAckedLoss, "rocksdb5 Wal=true"};
    if (sync) return {Promise::kNoAckedLoss, "rocksdb5 Wal=true, SyncWrites=true"};
    return {Promise::kNone, "rocksdb5 Wal=true, SyncWrites=false"};
  }
  return {Promise::kNone, plugin_name + ": no built-in rule"};
}

}  // namespace kvbench::crash
