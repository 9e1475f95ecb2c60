/* SPDX-License-Identifier: BSD-3-Clause */
// What the launcher and the symboliser need to know of an ELF file: whether it is loaded at a
// fixed address (an executable built without -pie: its callers are named by address) or
// anywhere (a PIE or a shared library: by offset from its load address), and the libraries it
// names as DT_NEEDED (which MPI a program was linked with).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace redsem::check {

struct elf_facts {
  bool position_independent = false;  // ET_DYN
  std::vector<std::string> needed;    // DT_NEEDED entries, in file order
};

// nullopt when `path` is not a readable 64-bit little-endian ELF file (what Debian's MPIs build).
std::optional<elf_facts> read_elf(const std::string& path);

}  // namespace redsem::check
