// Loading an engine plugin (.so) with Boost.DLL and negotiating the ABI version before anything else.
#ifndef KVBENCH_HOST_PLUGIN_PLUGIN_LIBRARY_HPP_
#define KVBENCH_HOST_PLUGIN_PLUGIN_LIBRARY_HPP_

#include <kvbench/plugin.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/status.hpp"

namespace kvbench::host {

// A loaded plugin. The shared object stays loaded for the life of the process (plugins are never unloaded while
// anything of theirs may live: see docs/plugin-abi.md), so the table and its strings stay valid.
class PluginLibrary {
 public:
  // Loads `path` (RTLD_NOW | RTLD_LOCAL), calls the entry symbol and checks the table. Every failure is one line
  // naming the file and what is wrong: missing file, not a shared object, no entry symbol, ABI major mismatch
  // (both versions named), table too small, required slot missing. A file that crashes the loader (a truncated
  // .so faults with SIGBUS) takes the calling process down: the host loads a plugin in a worker process first
  // (runner/plugin_check.hpp).
  static Status Load(const std::string& path, std::shared_ptr<const PluginLibrary>* out);

  const kvb_plugin_table& table() const { return *table_; }
  const std::string& path() const { return path_; }
  std::string name() const { return table_->name ? table_->name : ""; }
  std::string version() const { return table_->version ? table_->version : ""; }
  std::string description() const { return table_->description ? table_->description : ""; }
  uint64_t capabilities() const { return table_->capabilities; }
  bool Has(uint64_t capability) const { return (table_->capabilities & capability) != 0; }
  // "1.0": the ABI version the plugin was built against.
  std::string abi_version() const;
  // Optional slots are usable only when inside the table's struct_size, non-NULL and declared.
  bool HasScan() const;
  bool HasCount() const;
  // Capability names, e.g. {"scan", "count", "persistent"}.
  std::vector<std::string> CapabilityNames() const;
  // The same plugin seen through `table` instead (a wrapper of table() with the same contents, e.g. the conformance
  // checks' call record: conformance/call_record.hpp). REQUIRES: `table` outlives the copy.
  std::shared_ptr<const PluginLibrary> WithTable(const kvb_plugin_table* table) const;

 private:
  PluginLibrary() = default;
  std::string path_;
  const kvb_plugin_table* table_ = nullptr;
};

// The host services every plugin receives (logging through spdlog, thread-safe).
const kvb_host_services* HostServices();

// A config names a plugin by name ("rocksdb5": <plugin_dir>/rocksdb5.so) or by a path (contains '/' or ends in
// ".so").
std::string ResolvePluginPath(const std::string& name_or_path, const std::string& plugin_dir);

// The default plugin directory: $KVBENCH_PLUGIN_DIR, else "plugins" beside the running executable.
std::string DefaultPluginDir();

}  // namespace kvbench::host

#endif  // KVBENCH_HOST_PLUGIN_PLUGIN_LIBRARY_HPP_
