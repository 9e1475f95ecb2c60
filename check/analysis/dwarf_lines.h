/* SPDX-License-Identifier: BSD-3-Clause */
// What a module's DWARF says of its code addresses, read with elfutils' libdw (which reads
// DWARF 5 file tables right, as binutils' addr2line does not for code inlined from a header):
// the innermost source line and function, and the chain of frames it was inlined into.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace redsem::check {

// What is known of one code address: "energy_sum.h:14 (energy_sum) inlined into main at
// app.c:30" with `has_line`; or, when the module has a symbol table but no line information
// (built without -g), "main()" with `has_line` false; empty when neither is known.
struct source_place {
  std::string text;
  bool has_line = false;
  std::string file;  // the innermost line's file, with its directories, as the DWARF names it
  int line = 0;
};

// address (hex, as the module's file addresses: an offset for a position-independent module)
// → what its DWARF and symbol table say, for the addresses of one module. Empty when the
// module cannot be read.
std::map<std::string, source_place> locate_in_module(const std::string& module,
                                                     const std::vector<std::string>& addresses);

}  // namespace redsem::check
