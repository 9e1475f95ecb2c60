// SPDX-License-Identifier: BSD-3-Clause
#include "check/analysis/symbolize.h"

#include <map>
#include <set>

#include "check/analysis/dwarf_lines.h"
#include "check/analysis/elf_file.h"
#include "check/analysis/record_fields.h"

namespace redsem::check {
namespace {

// Where a code address is, without its function's name: "/path/app+0x1139", else the address.
std::string module_place(const nlohmann::json& caller) {
  const std::string module = text_of(caller, "module");
  return module.empty() ? text_of(caller, "address") : module + "+" + text_of(caller, "offset");
}

}  // namespace

std::string unsymbolized_location(const nlohmann::json& caller) {
  if (!caller.is_object()) return "unknown caller";
  const std::string symbol = text_of(caller, "symbol"), module = text_of(caller, "module");
  if (!symbol.empty()) return symbol + (module.empty() ? "" : " in " + module);
  return module_place(caller);
}

namespace {

// A caller's location, and its module when that module was read and has no line information
// for it (the report then says, once, how to get file and line).
struct located_caller {
  std::string text;
  std::string module_without_lines;
  nlohmann::json frame;  // {"location", "file", "line"}: what SARIF and the HTML report read
};

std::vector<located_caller> locate_all(const std::vector<nlohmann::json>& callers) {
  // The file address per call site: the offset in a position-independent module, the run-time
  // address in an executable loaded where it was linked.
  std::map<std::string, std::set<std::string>> wanted;
  std::map<std::string, bool> pie;
  auto lookup_address = [&](const nlohmann::json& caller) -> std::string {
    const std::string module = text_of(caller, "module");
    if (module.empty()) return "";
    if (!pie.contains(module)) {
      const auto facts = read_elf(module);
      pie[module] = !facts || facts->position_independent;
    }
    return text_of(caller, pie[module] ? "offset" : "address");
  };
  for (const auto& caller : callers)
    if (caller.is_object())
      if (const auto a = lookup_address(caller); !a.empty()) wanted[text_of(caller, "module")].insert(a);
  std::map<std::string, std::map<std::string, source_place>> located;
  for (const auto& [module, addresses] : wanted)
    located[module] = locate_in_module(module, {addresses.begin(), addresses.end()});
  std::vector<located_caller> out;
  for (const auto& caller : callers) {
    const source_place* place = nullptr;
    if (caller.is_object())
      if (const auto where = located.find(text_of(caller, "module")); where != located.end())
        if (const auto at = where->second.find(lookup_address(caller)); at != where->second.end()) place = &at->second;
    const std::string without_lines = place && !place->has_line ? text_of(caller, "module") : "";
    if (!place || place->text.empty())
      out.push_back({unsymbolized_location(caller), without_lines, {}});
    else if (!place->has_line)  // a function without a line: keep where it is too (its name once)
      out.push_back({place->text + " (" + module_place(caller) + ", no line information)", without_lines, {}});
    else
      out.push_back({place->text, "", {}});
    auto& frame = out.back().frame;
    frame["location"] = out.back().text;
    if (place && place->has_line && !place->file.empty()) frame["file"] = place->file;
    if (place && place->line > 0) frame["line"] = place->line;
  }
  return out;
}

}  // namespace

std::vector<std::string> locations(const std::vector<nlohmann::json>& callers) {
  std::vector<std::string> out;
  for (auto& c : locate_all(callers)) out.push_back(std::move(c.text));
  return out;
}

void symbolize(std::vector<finding>& findings) {
  std::vector<nlohmann::json> callers;
  for (const auto& f : findings) callers.push_back(f.caller);
  auto found = locate_all(callers);
  std::set<std::string> hinted;  // the hint once per module, on its first finding
  for (std::size_t i = 0; i < findings.size(); ++i) {
    const std::string& module = found[i].module_without_lines;
    if (!module.empty() && hinted.insert(module).second)
      found[i].text += "; rebuild " + module + " with -g for file and line";
    findings[i].location = std::move(found[i].text);
    findings[i].frames = nlohmann::json::array({std::move(found[i].frame)});
  }
}

}  // namespace redsem::check
