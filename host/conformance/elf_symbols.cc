#include "conformance/elf_symbols.hpp"

#include <elf.h>

#include <cstring>
#include <fstream>
#include <set>
#include <sstream>

namespace kvbench::conformance {
namespace {

template <class T>
bool ReadAt(const std::string& file, uint64_t offset, T* out) {
  if (offset > file.size() || file.size() - offset < sizeof(T)) return false;
  std::memcpy(out, file.data() + offset, sizeof(T));
  return true;
}

}  // namespace

Status ExportedSymbols(const std::string& path, std::vector<ExportedSymbol>* out) {
  out->clear();
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::IOError("cannot read " + path);
  std::ostringstream text;
  text << in.rdbuf();
  const std::string file = text.str();
  Elf64_Ehdr header;
  if (!ReadAt(file, 0, &header) || std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0) {
    return Status::InvalidArgument(path + ": not an ELF file");
  }
  if (header.e_ident[EI_CLASS] != ELFCLASS64 || header.e_ident[EI_DATA] != ELFDATA2LSB) {
    return Status::NotSupported(path + ": not a 64-bit little-endian ELF file");
  }
  const std::set<std::string> markers = {"_init", "_fini", "__bss_start", "_edata", "_end"};
  for (uint16_t i = 0; i < header.e_shnum; ++i) {
    Elf64_Shdr section;
    if (!ReadAt(file, header.e_shoff + uint64_t{i} * header.e_shentsize, &section)) {
      return Status::InvalidArgument(path + ": section header " + std::to_string(i) + " is past the end of the file");
    }
    if (section.sh_type != SHT_DYNSYM || section.sh_entsize < sizeof(Elf64_Sym)) continue;
    Elf64_Shdr strings;
    if (!ReadAt(file, header.e_shoff + uint64_t{section.sh_link} * header.e_shentsize, &strings) ||
        strings.sh_offset > file.size() || file.size() - strings.sh_offset < strings.sh_size) {
      return Status::InvalidArgument(path + ": the dynamic string table is past the end of the file");
    }
    for (uint64_t at = 0; at + section.sh_entsize <= section.sh_size; at += section.sh_entsize) {
      Elf64_Sym symbol;
      if (!ReadAt(file, section.sh_offset + at, &symbol)) {
        return Status::InvalidArgument(path + ": the dynamic symbol table is past the end of the file");
      }
      const unsigned bind = ELF64_ST_BIND(symbol.st_info), type = ELF64_ST_TYPE(symbol.st_info);
      if (symbol.st_shndx == SHN_UNDEF || (bind != STB_GLOBAL && bind != STB_WEAK && bind != STB_GNU_UNIQUE)) continue;
      if (symbol.st_shndx == SHN_ABS && type == STT_OBJECT && symbol.st_value == 0) continue;  // a version name
      if (symbol.st_name >= strings.sh_size) continue;
      const char* name = file.data() + strings.sh_offset + symbol.st_name;
      const std::string symbol_name(name, strnlen(name, strings.sh_size - symbol.st_name));
      if (symbol_name.empty() || markers.count(symbol_name) != 0) continue;
      out->push_back({symbol_name, type == STT_FUNC || type == STT_GNU_IFUNC});
    }
  }
  return Status::OK();
}

}  // namespace kvbench::conformance
