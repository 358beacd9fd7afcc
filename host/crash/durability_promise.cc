#include "crash/durability_promise.hpp"

namespace kvbench::crash {

const char* PromiseName(Promise promise) { return promise == Promise::kNoAckedLoss ? "no-acked-loss" : "none"; }

PromiseRule PromiseFor(const config::EngineSpec& engine, const std::string& plugin_name) {
  if (engine.crash_promise) {
    return {*engine.crash_promise == "no-acked-loss" ? Promise::kNoAckedLoss : Promise::kNone,
            "config crash_promise \"" + *engine.crash_promise + "\""};
  }
  const nlohmann::json& d = engine.durability;
  if (plugin_name == "zonetree_like") {
    const std::string mode =
        d.contains("WalMode") && d["WalMode"].is_string() ? d["WalMode"].get<std::string>() : "async-compressed";
    if (mode == "sync") return {Promise::kNoAckedLoss, "zonetree_like WalMode=sync"};
    return {Promise::kNone, "zonetree_like WalMode=" + mode};
  }
  if (plugin_name == "rocksdb5") {
    const bool wal = !(d.contains("Wal") && d["Wal"].is_boolean() && !d["Wal"].get<bool>());
    if (wal) return {Promise::kNoAckedLoss, "rocksdb5 Wal=true"};
    return {Promise::kNone, "rocksdb5 Wal=false"};
  }
  return {Promise::kNone, plugin_name + ": no built-in rule"};
}

}  // namespace kvbench::crash
