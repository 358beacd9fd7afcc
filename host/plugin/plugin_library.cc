#include "plugin/plugin_library.hpp"

#include <dlfcn.h>
#include <link.h>
#include <spdlog/spdlog.h>

#include <boost/dll/runtime_symbol_info.hpp>
#include <boost/dll/shared_library.hpp>
#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>

namespace kvbench::host {
namespace {

void HostLog(void*, int32_t level, const char* message, size_t size) {
  std::string_view text(message, size);
  switch (level) {
    case KVB_LOG_TRACE:
      spdlog::trace("[plugin] {}", text);
      break;
    case KVB_LOG_DEBUG:
      spdlog::debug("[plugin] {}", text);
      break;
    case KVB_LOG_INFO:
      spdlog::info("[plugin] {}", text);
      break;
    case KVB_LOG_WARN:
      spdlog::warn("[plugin] {}", text);
      break;
    default:
      spdlog::error("[plugin] {}", text);
      break;
  }
}

// True unless the dynamic symbol at `address` is known to be something other than a function (a data symbol
// named like the entry would be "called" into non-executable memory).
bool IsFunctionSymbol(const void* address) {
  Dl_info info{};
  void* extra = nullptr;
  if (::dladdr1(address, &info, &extra, RTLD_DL_SYMENT) == 0 || extra == nullptr) {
    return true;  // nothing known about it: let the call decide
  }
  const auto* symbol = static_cast<const ElfW(Sym)*>(extra);
  const unsigned type = ELF64_ST_TYPE(symbol->st_info);
  return type == STT_FUNC || type == STT_GNU_IFUNC;
}

bool LooksLikeElf(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  char magic[4] = {};
  f.read(magic, 4);
  return f.gcount() == 4 && magic[0] == 0x7f && magic[1] == 'E' && magic[2] == 'L' && magic[3] == 'F';
}

// Boost.DLL libraries are kept here for the life of the process: plugins are never unloaded.
std::vector<std::unique_ptr<boost::dll::shared_library>>& LoadedLibraries() {
  static auto* libs = new std::vector<std::unique_ptr<boost::dll::shared_library>>();
  return *libs;
}

}  // namespace

const kvb_host_services* HostServices() {
  static const kvb_host_services services = [] {
    kvb_host_services s{};
    s.struct_size = sizeof(kvb_host_services);
    s.abi_major = KVB_ABI_MAJOR;
    s.abi_minor = KVB_ABI_MINOR;
    s.context = nullptr;
    s.log = &HostLog;
    return s;
  }();
  return &services;
}

Status PluginLibrary::Load(const std::string& path, std::shared_ptr<const PluginLibrary>* out) {
  static std::mutex mu;
  std::lock_guard<std::mutex> lock(mu);
  auto fail = [&](const std::string& why) { return Status::InvalidArgument("plugin " + path + ": " + why); };
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return fail("file not found");
  if (!std::filesystem::is_regular_file(path, ec)) return fail("not a regular file");
  if (!LooksLikeElf(path)) return fail("not a shared object (no ELF header)");

  auto lib = std::make_unique<boost::dll::shared_library>();
  boost::dll::fs::error_code load_ec;
  lib->load(boost::dll::fs::path(path), boost::dll::load_mode::rtld_now | boost::dll::load_mode::rtld_local, load_ec);
  if (load_ec) {
    const char* detail = ::dlerror();
    return fail(std::string("cannot be loaded: ") + (detail ? detail : load_ec.message()));
  }
  // Once loaded, the object's code has run (static constructors, later the entry): keep it loaded even when it is
  // refused, so nothing it may have registered can outlive its code.
  boost::dll::shared_library* loaded = lib.get();
  LoadedLibraries().push_back(std::move(lib));
  if (!loaded->has(KVB_ENTRY_SYMBOL)) {
    return fail(std::string("entry symbol '") + KVB_ENTRY_SYMBOL + "' not found (not a kvbench plugin?)");
  }
  auto entry = loaded->get<std::remove_pointer_t<kvb_plugin_entry_fn>>(KVB_ENTRY_SYMBOL);
  if (!IsFunctionSymbol(reinterpret_cast<const void*>(entry))) {
    return fail(std::string("entry symbol '") + KVB_ENTRY_SYMBOL + "' is not a function (a data symbol?)");
  }
  const kvb_plugin_table* table = nullptr;
  kvb_status rc = entry(HostServices(), &table);
  if (table == nullptr) {
    return fail(std::string("entry returned no plugin table (status ") + StatusCodeName(rc) + ")");
  }
  // The version and size come first: nothing else in the table is read before they check out.
  if (table->struct_size < offsetof(kvb_plugin_table, name)) {
    return fail("plugin table too small to hold its version (" + std::to_string(table->struct_size) + " bytes)");
  }
  if (table->abi_major != KVB_ABI_MAJOR || rc == KVB_ABI_MISMATCH) {
    return fail("ABI major version mismatch: plugin built for ABI " + std::to_string(table->abi_major) + "." +
                std::to_string(table->abi_minor) + ", host speaks ABI " + std::to_string(KVB_ABI_MAJOR) + "." +
                std::to_string(KVB_ABI_MINOR));
  }
  if (rc != KVB_OK) return fail(std::string("entry failed with status ") + StatusCodeName(rc));
  if (table->struct_size < KVB_PLUGIN_TABLE_MIN_SIZE) {
    return fail("plugin table too small: " + std::to_string(table->struct_size) + " bytes, ABI " +
                std::to_string(KVB_ABI_MAJOR) + ".0 needs at least " + std::to_string(KVB_PLUGIN_TABLE_MIN_SIZE));
  }
  if (table->struct_size > sizeof(kvb_plugin_table)) {
    // A newer minor version: its extra slots are unknown to us and ignored (they are optional by the rules).
    spdlog::debug("plugin {} has a larger table ({} bytes) than this host knows ({})", path, table->struct_size,
                  sizeof(kvb_plugin_table));
  }
  struct RequiredSlot {
    const char* name;
    const void* fn;
  };
#define KVB_REQUIRED_SLOT(slot) \
  RequiredSlot { #slot, reinterpret_cast < const void*>(table->slot) }
  const RequiredSlot required[] = {KVB_REQUIRED_SLOT(engine_open),
                                   KVB_REQUIRED_SLOT(engine_close),
                                   KVB_REQUIRED_SLOT(engine_stabilize),
                                   KVB_REQUIRED_SLOT(engine_settle),
                                   KVB_REQUIRED_SLOT(engine_describe),
                                   KVB_REQUIRED_SLOT(store_open),
                                   KVB_REQUIRED_SLOT(store_close),
                                   KVB_REQUIRED_SLOT(put),
                                   KVB_REQUIRED_SLOT(get),
                                   KVB_REQUIRED_SLOT(remove),
                                   KVB_REQUIRED_SLOT(iterator_create),
                                   KVB_REQUIRED_SLOT(iterator_destroy),
                                   KVB_REQUIRED_SLOT(iterator_seek),
                                   KVB_REQUIRED_SLOT(iterator_seek_first),
                                   KVB_REQUIRED_SLOT(iterator_next),
                                   KVB_REQUIRED_SLOT(iterator_valid),
                                   KVB_REQUIRED_SLOT(iterator_key),
                                   KVB_REQUIRED_SLOT(iterator_value),
                                   KVB_REQUIRED_SLOT(iterator_status)};
#undef KVB_REQUIRED_SLOT
  for (const RequiredSlot& slot : required) {
    if (slot.fn == nullptr) return fail(std::string("required function slot '") + slot.name + "' is NULL");
  }
  if (table->name == nullptr || table->name[0] == '\0') return fail("plugin table has no name");

  auto plugin = std::shared_ptr<PluginLibrary>(new PluginLibrary());
  plugin->path_ = path;
  plugin->table_ = table;
  *out = std::move(plugin);
  return Status::OK();
}

std::string PluginLibrary::abi_version() const {
  return std::to_string(table_->abi_major) + "." + std::to_string(table_->abi_minor);
}

bool PluginLibrary::HasScan() const {
  return table_->struct_size >= offsetof(kvb_plugin_table, scan) + sizeof(table_->scan) && table_->scan != nullptr &&
         Has(KVB_CAP_SCAN);
}

bool PluginLibrary::HasCount() const {
  return table_->struct_size >= offsetof(kvb_plugin_table, count) + sizeof(table_->count) && table_->count != nullptr &&
         Has(KVB_CAP_COUNT);
}

std::vector<std::string> PluginLibrary::CapabilityNames() const {
  std::vector<std::string> names;
  if (Has(KVB_CAP_CONCURRENT_DATA_CALLS)) names.push_back("concurrent");
  if (HasScan()) names.push_back("scan");
  if (HasCount()) names.push_back("count");
  if (Has(KVB_CAP_STATS_JSON)) names.push_back("stats");
  if (Has(KVB_CAP_EFFECTIVE_SETTINGS)) names.push_back("effective-settings");
  if (Has(KVB_CAP_PERSISTENT)) names.push_back("persistent");
  return names;
}

std::string ResolvePluginPath(const std::string& name_or_path, const std::string& plugin_dir) {
  bool is_path = name_or_path.find('/') != std::string::npos ||
                 (name_or_path.size() > 3 && name_or_path.compare(name_or_path.size() - 3, 3, ".so") == 0);
  if (is_path) return name_or_path;
  return (std::filesystem::path(plugin_dir) / (name_or_path + ".so")).string();
}

std::string DefaultPluginDir() {
  if (const char* env = std::getenv("KVBENCH_PLUGIN_DIR"); env != nullptr && env[0] != '\0') return env;
  boost::dll::fs::error_code ec;
  auto exe = boost::dll::program_location(ec);
  if (ec) return "plugins";
  return (std::filesystem::path(exe.parent_path().string()) / "plugins").string();
}

std::shared_ptr<const PluginLibrary> PluginLibrary::WithTable(const kvb_plugin_table* table) const {
  std::shared_ptr<PluginLibrary> copy(new PluginLibrary(*this));
  copy->table_ = table;
  return copy;
}

}  // namespace kvbench::host
