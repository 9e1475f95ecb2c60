// SPDX-License-Identifier: BSD-3-Clause
#include "check/analysis/dwarf_lines.h"

#include <cxxabi.h>
#include <dwarf.h>
#include <elfutils/libdwfl.h>

#include <cstdlib>
#include <filesystem>
#include <memory>

namespace redsem::check {
namespace {

char* no_debuginfo_path = nullptr;
// The module's own DWARF, else a separate debug file found by build id or debuglink.
const Dwfl_Callbacks offline_callbacks{
    .find_elf = dwfl_build_id_find_elf,
    .find_debuginfo = dwfl_standard_find_debuginfo,
    .section_address = dwfl_offline_section_address,
    .debuginfo_path = &no_debuginfo_path,
};

std::string demangled(const char* name) {
  int status = 0;
  const std::unique_ptr<char, decltype(&std::free)> out(abi::__cxa_demangle(name, nullptr, nullptr, &status),
                                                        &std::free);
  return status == 0 && out ? out.get() : name;
}

// A function written as called: "main" becomes "main()"; a demangled C++ name already has its
// parameter list ("compute_scalar()", "ns::f(int) const").
std::string called(const std::string& function) {
  return function.find('(') == std::string::npos ? function + "()" : function;
}

const char* string_attribute(Dwarf_Die* die, unsigned name) {
  Dwarf_Attribute attribute;
  return dwarf_attr_integrate(die, name, &attribute) ? dwarf_formstring(&attribute) : nullptr;
}

// A function as a reader knows it: a C++ function by its demangled linkage name (with its
// parameter list, as the symbol table gives it), a C function by its name.
std::string function_name(Dwarf_Die* die) {
  const char* linkage = string_attribute(die, DW_AT_linkage_name);
  if (!linkage) linkage = string_attribute(die, DW_AT_MIPS_linkage_name);
  if (linkage) return demangled(linkage);
  const char* name = string_attribute(die, DW_AT_name);
  return name ? name : "??";
}

// "app.c:30" (the file without its directory), "app.c" when the line is not known.
std::string place(const char* file, int line) {
  std::string where = file ? file : "??";
  if (const auto slash = where.rfind('/'); slash != std::string::npos) where.erase(0, slash + 1);
  return line > 0 ? where + ":" + std::to_string(line) : where;
}

// Where an inlined subroutine was called from: its DW_AT_call_file and DW_AT_call_line.
std::string call_site(Dwarf_Die* inlined, Dwarf_Files* files) {
  Dwarf_Attribute attribute;
  Dwarf_Word file = 0, line = 0;
  const char* name = nullptr;
  if (files && dwarf_formudata(dwarf_attr(inlined, DW_AT_call_file, &attribute), &file) == 0)
    name = dwarf_filesrc(files, file, nullptr, nullptr);
  dwarf_formudata(dwarf_attr(inlined, DW_AT_call_line, &attribute), &line);
  return place(name, static_cast<int>(line));
}

// " (energy_sum) inlined into main at app.c:30": the function holding `address` in `cu`, then
// each function it was inlined into with the line of that call, out to the one not inlined.
std::string frames(Dwarf_Die* cu, Dwarf_Addr address) {
  // dwarf_getscopes follows an inlined subroutine to its abstract origin's scopes (the header's
  // function, not the caller): only its innermost scope is taken, and the scopes that hold that
  // one in the code are asked for.
  Dwarf_Die* lookup = nullptr;
  const int found = dwarf_getscopes(cu, address, &lookup);
  const std::unique_ptr<Dwarf_Die, decltype(&std::free)> owned_lookup(lookup, &std::free);
  Dwarf_Die* scopes = nullptr;
  const int count = found > 0 ? dwarf_getscopes_die(&lookup[0], &scopes) : 0;
  const std::unique_ptr<Dwarf_Die, decltype(&std::free)> owned(scopes, &std::free);
  Dwarf_Files* files = nullptr;
  if (dwarf_getsrcfiles(cu, &files, nullptr) != 0) files = nullptr;
  std::string text;
  Dwarf_Die* inner = nullptr;  // the inlined subroutine last seen
  for (int i = 0; i < count; ++i) {
    Dwarf_Die* scope = &scopes[i];
    const int tag = dwarf_tag(scope);
    if (tag != DW_TAG_subprogram && tag != DW_TAG_inlined_subroutine) continue;
    text += inner ? " inlined into " + function_name(scope) + " at " + call_site(inner, files)
                  : " (" + function_name(scope) + ")";
    if (tag == DW_TAG_subprogram) break;
    inner = scope;
  }
  return text;
}

source_place locate(Dwfl_Module* module, Dwarf_Addr address) {
  Dwarf_Addr bias = 0;
  Dwarf_Die* cu = dwfl_module_addrdie(module, address, &bias);
  Dwfl_Line* line = cu ? dwfl_module_getsrc(module, address) : nullptr;
  if (!line) {  // no line information: the symbol table's name, if any
    const char* symbol = dwfl_module_addrname(module, address);
    return {symbol ? called(demangled(symbol)) : "", false, "", 0};
  }
  int number = 0;
  const char* file = dwfl_lineinfo(line, nullptr, &number, nullptr, nullptr, nullptr);
  // A relative name is relative to the compilation's directory (DW_AT_comp_dir): the whole path is
  // what a report that links to the file (SARIF, HTML) needs.
  std::string path = file ? file : "";
  Dwarf_Attribute attribute;
  const char* dir = cu ? dwarf_formstring(dwarf_attr(cu, DW_AT_comp_dir, &attribute)) : nullptr;
  if (!path.empty() && path[0] != '/' && dir) path = (std::filesystem::path(dir) / path).lexically_normal().string();
  return {place(file, number) + frames(cu, address - bias), true, path, number};
}

}  // namespace

std::map<std::string, source_place> locate_in_module(const std::string& module,
                                                     const std::vector<std::string>& addresses) {
  std::map<std::string, source_place> found;
  const std::unique_ptr<Dwfl, decltype(&dwfl_end)> session(dwfl_begin(&offline_callbacks), &dwfl_end);
  if (!session) return found;
  Dwfl_Module* reported = dwfl_report_offline(session.get(), module.c_str(), module.c_str(), -1);
  dwfl_report_end(session.get(), nullptr, nullptr);
  if (!reported) return found;
  // libdwfl lays an offline module out at a base of its choosing: file addresses move by it.
  Dwarf_Addr base = 0;
  if (!dwfl_module_getelf(reported, &base)) return found;
  for (const auto& a : addresses) {
    char* end = nullptr;
    const unsigned long long file_address = std::strtoull(a.c_str(), &end, 16);
    if (end == a.c_str() || *end != '\0') continue;
    found[a] = locate(reported, base + file_address);
  }
  return found;
}

}  // namespace redsem::check
