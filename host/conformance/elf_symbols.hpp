// The dynamic symbols a shared object defines (its exports), read from its ELF .dynsym: for the conformance check
// that a plugin exports its entry function and nothing else (docs/plugin-abi.md: one exported symbol).
#ifndef KVBENCH_HOST_CONFORMANCE_ELF_SYMBOLS_HPP_
#define KVBENCH_HOST_CONFORMANCE_ELF_SYMBOLS_HPP_

#include <string>
#include <vector>

#include "common/status.hpp"

namespace kvbench::conformance {

struct ExportedSymbol {
  std::string name;
  bool function = false;  // STT_FUNC (or STT_GNU_IFUNC)
};

// The global and weak symbols `path` defines in its dynamic symbol table, without the linker's markers (_init,
// _fini, __bss_start, _edata, _end) and version names. 64-bit little-endian ELF only (NotSupported otherwise).
Status ExportedSymbols(const std::string& path, std::vector<ExportedSymbol>* out);

}  // namespace kvbench::conformance

#endif  // KVBENCH_HOST_CONFORMANCE_ELF_SYMBOLS_HPP_
