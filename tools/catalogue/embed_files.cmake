# SPDX-License-Identifier: BSD-3-Clause
# Writes OUTPUT, a C++ file defining SYMBOL as the span of FILES (paths joined by '|'), each
# with its file name and text, so `redsem verify` carries its catalogue's example files.
string(REPLACE "|" ";" FILES "${FILES}")
set(body "")
foreach(path IN LISTS FILES)
  get_filename_component(name "${path}" NAME)
  file(READ "${path}" text)
  string(APPEND body "    {\"${name}\", R\"redsem_file(${text})redsem_file\"},\n")
endforeach()
file(WRITE "${OUTPUT}" "// Generated from the catalogue's example files; do not edit.\n#include \"tools/verify/catalogue_files.h\"\nnamespace redsem::tools {\nstd::span<const embedded_file> ${SYMBOL}() {\n  static const embedded_file files[] = {\n${body}  };\n  return files;\n}\n}\n")
