// Checks of loading and version negotiation: the entry symbol, the table's version, size, required slots and
// capability bits, and how the entry answers hosts of another ABI version.
#include <dlfcn.h>

#include <cstddef>
#include <iterator>

#include "conformance/check.hpp"
#include "conformance/check_util.hpp"

namespace kvbench::conformance {
namespace {

// The plugin's entry function, found again in the already-loaded object (RTLD_NOLOAD: nothing new is loaded).
kvb_plugin_entry_fn FindEntry(const std::string& path, std::string* error) {
  void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
  if (handle == nullptr) {
    const char* e = ::dlerror();
    *error = std::string("dlopen(RTLD_NOLOAD) of the loaded plugin failed: ") + (e ? e : "unknown error");
    return nullptr;
  }
  void* sym = ::dlsym(handle, KVB_ENTRY_SYMBOL);
  // The handle only added a reference to an object the loader keeps loaded for the life of the process.
  ::dlclose(handle);
  if (sym == nullptr) {
    *error = "entry symbol not found";
    return nullptr;
  }
  return reinterpret_cast<kvb_plugin_entry_fn>(sym);
}

// A host that differs from ours only in its version (and, for the newer minor, a larger, zero-tailed struct).
// Static: a plugin may keep the pointer it was given for the life of the process.
struct LargerHostServices {
  kvb_host_services services;
  void* future_slots[4];
};

kvb_host_services* HostOfVersion(uint16_t major, uint16_t minor) {
  static kvb_host_services host;
  host = *host::HostServices();
  host.abi_major = major;
  host.abi_minor = minor;
  return &host;
}

// Hands the plugin the real host services again, so it logs through the host after a check changed them.
void RestoreHost(kvb_plugin_entry_fn entry) {
  const kvb_plugin_table* table = nullptr;
  entry(host::HostServices(), &table);
}

bool SlotPresent(const kvb_plugin_table& t, size_t offset, const void* slot) {
  return t.struct_size >= offset + sizeof(void*) && slot != nullptr;
}

Outcome VersionNegotiation(CheckContext& ctx) {
  std::shared_ptr<const host::PluginLibrary> again;
  Status s = host::PluginLibrary::Load(ctx.plugin()->path(), &again);
  if (!s.ok()) return Outcome::Fail("loading the plugin a second time: " + s.message());
  const kvb_plugin_table& t = ctx.table();
  if (t.abi_major != KVB_ABI_MAJOR) return Outcome::Fail(Str("table abi_major is ", t.abi_major));
  if (&again->table() != &t) {
    return Outcome::Fail("the entry returned a different table on its second call (the table must be static)");
  }
  std::string error;
  kvb_plugin_entry_fn entry = FindEntry(ctx.plugin()->path(), &error);
  if (entry == nullptr) return Outcome::Fail(error);
  const kvb_plugin_table* table = nullptr;
  kvb_status rc = entry(host::HostServices(), &table);
  if (rc != KVB_OK) return Outcome::Fail(Failure("entry with this host's services", rc, ""));
  if (table != &t) return Outcome::Fail("the entry returned a different table pointer on a repeated call");
  return Outcome::Pass(Str("plugin ABI ", t.abi_major, ".", t.abi_minor, ", host ABI ", KVB_ABI_MAJOR, ".",
                           KVB_ABI_MINOR, "; the entry returns the same static table every time"));
}

Outcome TableLayout(CheckContext& ctx) {
  const kvb_plugin_table& t = ctx.table();
  if (t.struct_size < KVB_PLUGIN_TABLE_MIN_SIZE) {
    return Outcome::Fail(
        Str("table struct_size ", t.struct_size, " < the ABI 1.0 minimum ", KVB_PLUGIN_TABLE_MIN_SIZE));
  }
  if (t.abi_minor == KVB_ABI_MINOR && t.struct_size != sizeof(kvb_plugin_table)) {
    return Outcome::Fail(Str("a table of ABI ", KVB_ABI_MAJOR, ".", KVB_ABI_MINOR, " must be ",
                             sizeof(kvb_plugin_table), " bytes, this one says ", t.struct_size));
  }
  struct Slot {
    const char* name;
    const void* fn;
  };
  const Slot required[] = {
      {"engine_open", reinterpret_cast<const void*>(t.engine_open)},
      {"engine_close", reinterpret_cast<const void*>(t.engine_close)},
      {"engine_stabilize", reinterpret_cast<const void*>(t.engine_stabilize)},
      {"engine_settle", reinterpret_cast<const void*>(t.engine_settle)},
      {"engine_describe", reinterpret_cast<const void*>(t.engine_describe)},
      {"store_open", reinterpret_cast<const void*>(t.store_open)},
      {"store_close", reinterpret_cast<const void*>(t.store_close)},
      {"put", reinterpret_cast<const void*>(t.put)},
      {"get", reinterpret_cast<const void*>(t.get)},
      {"remove", reinterpret_cast<const void*>(t.remove)},
      {"iterator_create", reinterpret_cast<const void*>(t.iterator_create)},
      {"iterator_destroy", reinterpret_cast<const void*>(t.iterator_destroy)},
      {"iterator_seek", reinterpret_cast<const void*>(t.iterator_seek)},
      {"iterator_seek_first", reinterpret_cast<const void*>(t.iterator_seek_first)},
      {"iterator_next", reinterpret_cast<const void*>(t.iterator_next)},
      {"iterator_valid", reinterpret_cast<const void*>(t.iterator_valid)},
      {"iterator_key", reinterpret_cast<const void*>(t.iterator_key)},
      {"iterator_value", reinterpret_cast<const void*>(t.iterator_value)},
      {"iterator_status", reinterpret_cast<const void*>(t.iterator_status)},
  };
  for (const Slot& slot : required) {
    if (slot.fn == nullptr) return Outcome::Fail(Str("required slot ", slot.name, " is NULL"));
  }
  if (t.name == nullptr || t.name[0] == '\0') return Outcome::Fail("name is NULL or empty");
  for (const char* c = t.name; *c != '\0'; ++c) {
    bool ok = (*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_' || *c == '-' || *c == '.';
    if (!ok) return Outcome::Fail(Str("name ", Printable(t.name), " must be lower-case [a-z0-9_.-]"));
  }
  if (t.version == nullptr || t.version[0] == '\0') return Outcome::Fail("version is NULL or empty");
  if (t.description == nullptr) return Outcome::Fail("description is NULL");
  return Outcome::Pass(Str("table of ", t.struct_size, " bytes, all ", std::size(required),
                           " required slots set; name '", t.name, "', version '", t.version, "'"));
}

Outcome CapabilitiesMatchSlots(CheckContext& ctx) {
  const kvb_plugin_table& t = ctx.table();
  const bool scan_slot = SlotPresent(t, offsetof(kvb_plugin_table, scan), reinterpret_cast<const void*>(t.scan));
  const bool count_slot = SlotPresent(t, offsetof(kvb_plugin_table, count), reinterpret_cast<const void*>(t.count));
  const bool scan_cap = (t.capabilities & KVB_CAP_SCAN) != 0;
  const bool count_cap = (t.capabilities & KVB_CAP_COUNT) != 0;
  if (scan_cap != scan_slot) {
    return Outcome::Fail(scan_cap ? "KVB_CAP_SCAN is declared but the scan slot is absent or NULL"
                                  : "the scan slot is set but KVB_CAP_SCAN is not declared");
  }
  if (count_cap != count_slot) {
    return Outcome::Fail(count_cap ? "KVB_CAP_COUNT is declared but the count slot is absent or NULL"
                                   : "the count slot is set but KVB_CAP_COUNT is not declared");
  }
  constexpr uint64_t kKnown = KVB_CAP_CONCURRENT_DATA_CALLS | KVB_CAP_SCAN | KVB_CAP_COUNT | KVB_CAP_STATS_JSON |
                              KVB_CAP_EFFECTIVE_SETTINGS | KVB_CAP_PERSISTENT;
  // A plugin of a newer minor version may declare bits this host does not know; one of ours may not.
  if (t.abi_minor <= KVB_ABI_MINOR && (t.capabilities & ~kKnown) != 0) {
    return Outcome::Fail(Str("unknown capability bits 0x", std::hex, (t.capabilities & ~kKnown), " in an ABI ",
                             std::dec, t.abi_major, ".", t.abi_minor, " table"));
  }
  std::string names;
  for (const std::string& n : ctx.plugin()->CapabilityNames()) names += (names.empty() ? "" : ",") + n;
  return Outcome::Pass(
      Str("capabilities 0x", std::hex, t.capabilities, std::dec, " (", names, ") consistent with the optional slots"));
}

Outcome HostMajorMismatch(CheckContext& ctx) {
  std::string error;
  kvb_plugin_entry_fn entry = FindEntry(ctx.plugin()->path(), &error);
  if (entry == nullptr) return Outcome::Fail(error);
  const uint16_t majors[] = {KVB_ABI_MAJOR + 1, KVB_ABI_MAJOR - 1, 99};
  std::string failure;
  for (uint16_t major : majors) {
    const kvb_plugin_table* table = nullptr;
    kvb_status rc = entry(HostOfVersion(major, 0), &table);
    if (rc != KVB_ABI_MISMATCH) {
      failure = Str("a host of ABI ", major, ".0 got ", StatusCodeName(rc), " from the entry, expected ABI_MISMATCH");
      break;
    }
    if (table == nullptr) {
      failure = Str("a host of ABI ", major,
                    ".0 got no table: the entry must still hand back its table so the "
                    "host can name both versions");
      break;
    }
    if (table->abi_major != KVB_ABI_MAJOR) {
      failure = Str("the table handed to a host of ABI ", major, ".0 says abi_major ", table->abi_major);
      break;
    }
  }
  RestoreHost(entry);
  if (!failure.empty()) return Outcome::Fail(failure);
  return Outcome::Pass(Str("hosts of ABI ", majors[0], ".0, ", majors[1], ".0 and ", majors[2],
                           ".0 get ABI_MISMATCH and the plugin's table"));
}

Outcome HostNewerMinor(CheckContext& ctx) {
  std::string error;
  kvb_plugin_entry_fn entry = FindEntry(ctx.plugin()->path(), &error);
  if (entry == nullptr) return Outcome::Fail(error);
  static LargerHostServices newer;
  newer = LargerHostServices{};
  newer.services = *host::HostServices();
  newer.services.struct_size = sizeof(LargerHostServices);
  newer.services.abi_minor = KVB_ABI_MINOR + 1;
  const kvb_plugin_table* table = nullptr;
  kvb_status rc = entry(&newer.services, &table);
  RestoreHost(entry);
  if (rc != KVB_OK) {
    return Outcome::Fail(Str("a host of ABI ", KVB_ABI_MAJOR, ".", KVB_ABI_MINOR + 1, " with a ",
                             sizeof(LargerHostServices), "-byte services struct got ", StatusCodeName(rc),
                             ", expected OK (minor versions are compatible)"));
  }
  if (table != &ctx.table()) return Outcome::Fail("the entry handed a newer-minor host a different table");
  return Outcome::Pass(
      Str("a host of ABI ", KVB_ABI_MAJOR, ".", KVB_ABI_MINOR + 1, " with a larger services struct is accepted"));
}

}  // namespace

void AddLoadChecks(std::vector<Check>* checks) {
  checks->push_back({"load.version_negotiation",
                     "the entry hands back one static table of this ABI major; repeated calls agree",
                     &VersionNegotiation});
  checks->push_back({"load.table_size_and_slots",
                     "struct_size covers every ABI 1.0 slot, required slots are non-NULL, strings are set",
                     &TableLayout});
  checks->push_back({"load.capabilities_match_slots",
                     "KVB_CAP_SCAN/KVB_CAP_COUNT match the optional slots; no unknown capability bits",
                     &CapabilitiesMatchSlots});
  checks->push_back({"load.host_abi_major_mismatch",
                     "a host of another ABI major gets KVB_ABI_MISMATCH and still receives the table",
                     &HostMajorMismatch});
  checks->push_back(
      {"load.host_newer_minor", "a host of a newer ABI minor (larger services struct) is accepted", &HostNewerMinor});
}

}  // namespace kvbench::conformance
