// SPDX-License-Identifier: BSD-3-Clause
#include "check/analysis/elf_file.h"

#include <elf.h>

#include <cstring>
#include <fstream>

namespace redsem::check {
namespace {

// A section header table larger than this is not a program's (they hold tens of sections).
constexpr std::size_t max_sections = 65536;
constexpr std::streamoff max_dynstr = std::streamoff{1} << 24;

template <class T>
bool read_at(std::ifstream& in, std::streamoff at, T& out) {
  in.seekg(at);
  return static_cast<bool>(in.read(reinterpret_cast<char*>(&out), sizeof out));
}

// The DT_NEEDED names from the SHT_DYNAMIC section and the string table it links to.
std::vector<std::string> needed_names(std::ifstream& in, const Elf64_Ehdr& header) {
  std::vector<std::string> names;
  if (header.e_shentsize != sizeof(Elf64_Shdr) || header.e_shnum > max_sections) return names;
  for (std::size_t i = 0; i < header.e_shnum; ++i) {
    Elf64_Shdr dynamic{};
    if (!read_at(in, static_cast<std::streamoff>(header.e_shoff + i * sizeof(Elf64_Shdr)), dynamic)) return names;
    if (dynamic.sh_type != SHT_DYNAMIC) continue;
    Elf64_Shdr strings{};
    if (dynamic.sh_link >= header.e_shnum ||
        !read_at(in, static_cast<std::streamoff>(header.e_shoff + dynamic.sh_link * sizeof(Elf64_Shdr)), strings) ||
        static_cast<std::streamoff>(strings.sh_size) > max_dynstr)
      return names;
    std::string table(strings.sh_size, '\0');
    in.seekg(static_cast<std::streamoff>(strings.sh_offset));
    if (!in.read(table.data(), static_cast<std::streamsize>(table.size()))) return names;
    for (std::uint64_t at = 0; at + sizeof(Elf64_Dyn) <= dynamic.sh_size; at += sizeof(Elf64_Dyn)) {
      Elf64_Dyn entry{};
      if (!read_at(in, static_cast<std::streamoff>(dynamic.sh_offset + at), entry) || entry.d_tag == DT_NULL) break;
      if (entry.d_tag == DT_NEEDED && entry.d_un.d_val < table.size())
        names.emplace_back(table.c_str() + entry.d_un.d_val);
    }
    return names;
  }
  return names;
}

}  // namespace

std::optional<elf_facts> read_elf(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  Elf64_Ehdr header{};
  if (!in || !read_at(in, 0, header)) return std::nullopt;
  if (std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 || header.e_ident[EI_CLASS] != ELFCLASS64 ||
      header.e_ident[EI_DATA] != ELFDATA2LSB)
    return std::nullopt;
  elf_facts facts;
  facts.position_independent = header.e_type == ET_DYN;
  facts.needed = needed_names(in, header);
  return facts;
}

}  // namespace redsem::check
