// SPDX-License-Identifier: BSD-3-Clause
#include "check/analysis/symbolize.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <set>
#include <sstream>

#include "check/analysis/elf_file.h"

extern char** environ;

namespace redsem::check {
namespace {

std::string text(const nlohmann::json& caller, const char* key) {
  const auto it = caller.find(key);
  return it != caller.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// What addr2line prints on stdout for `argv` ("" when it cannot run). Its stderr is dropped.
std::string run_addr2line(const std::vector<std::string>& argv) {
  int out[2];
  if (pipe(out) != 0) return "";
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, out[0]);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  const int failed = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(out[1]);
  std::string text;
  char buffer[4096];
  for (ssize_t n; !failed && (n = read(out[0], buffer, sizeof buffer)) > 0;)
    text.append(buffer, static_cast<std::size_t>(n));
  close(out[0]);
  if (!failed) waitpid(pid, nullptr, 0);
  return text;
}

// What addr2line knows of one call site: "app.c:42 (main)", or, when the module has a symbol
// table but no line information (built without -g), "main()" with `has_line` false; empty when
// it knows neither.
struct source_place {
  std::string text;
  bool has_line = false;
  std::string function, file;  // as addr2line names them: the file with its directories
  int line = 0;
};

// A function written as called: "main" becomes "main()"; a demangled C++ name (addr2line -C)
// already has its parameter list ("compute_scalar()", "ns::f(int) const").
std::string called(const std::string& function) {
  return function.find('(') == std::string::npos ? function + "()" : function;
}

source_place describe(const std::string& function, const std::string& place) {
  const bool known_function = !function.empty() && function != "??";
  const bool known_place = !place.empty() && place.rfind("??", 0) != 0;
  if (!known_place) return {known_function ? called(function) : "", false, "", "", 0};
  std::string where = place.substr(0, place.find(" (discriminator"));
  if (where.ends_with(":?")) where.resize(where.size() - 2);  // the file is known, its line is not
  source_place found{"", true, known_function ? function : "", where, 0};
  if (const auto colon = where.rfind(':'); colon != std::string::npos) {
    found.file = where.substr(0, colon);
    found.line = std::atoi(where.c_str() + colon + 1);
  }
  if (const auto slash = where.rfind('/'); slash != std::string::npos) where = where.substr(slash + 1);
  found.text = known_function ? where + " (" + function + ")" : where;
  return found;
}

// address → what addr2line knows of it, for one module's call sites.
std::map<std::string, source_place> locate_in_module(const std::string& module,
                                                     const std::vector<std::string>& addresses) {
  std::map<std::string, source_place> found;
  std::vector<std::string> argv{"addr2line", "-f", "-C", "-e", module};
  argv.insert(argv.end(), addresses.begin(), addresses.end());
  std::istringstream lines(run_addr2line(argv));
  for (const auto& a : addresses) {
    std::string function, place;
    if (!std::getline(lines, function) || !std::getline(lines, place)) break;
    found[a] = describe(function, place);
  }
  return found;
}

// Where a code address is, without its function's name: "/path/app+0x1139", else the address.
std::string module_place(const nlohmann::json& caller) {
  const std::string module = text(caller, "module");
  return module.empty() ? text(caller, "address") : module + "+" + text(caller, "offset");
}

}  // namespace

std::string unsymbolized_location(const nlohmann::json& caller) {
  if (!caller.is_object()) return "unknown caller";
  const std::string symbol = text(caller, "symbol"), module = text(caller, "module");
  if (!symbol.empty()) return symbol + (module.empty() ? "" : " in " + module);
  return module_place(caller);
}

namespace {

// What addr2line knows of each caller (nullptr: nothing).
std::vector<std::shared_ptr<const source_place>> places_of(const std::vector<nlohmann::json>& callers) {
  // The address addr2line wants per call site: the offset in a position-independent module,
  // the run-time address in an executable loaded where it was linked.
  std::map<std::string, std::set<std::string>> wanted;
  std::map<std::string, bool> pie;
  auto lookup_address = [&](const nlohmann::json& caller) -> std::string {
    const std::string module = text(caller, "module");
    if (module.empty()) return "";
    if (!pie.contains(module)) {
      const auto facts = read_elf(module);
      pie[module] = !facts || facts->position_independent;
    }
    return text(caller, pie[module] ? "offset" : "address");
  };
  for (const auto& caller : callers)
    if (caller.is_object())
      if (const auto a = lookup_address(caller); !a.empty()) wanted[text(caller, "module")].insert(a);
  std::map<std::string, std::map<std::string, source_place>> located;
  for (const auto& [module, addresses] : wanted)
    located[module] = locate_in_module(module, {addresses.begin(), addresses.end()});
  std::vector<std::shared_ptr<const source_place>> out;
  for (const auto& caller : callers) {
    std::shared_ptr<const source_place> place;
    if (caller.is_object())
      if (const auto where = located.find(text(caller, "module")); where != located.end())
        if (const auto at = where->second.find(lookup_address(caller)); at != where->second.end())
          place = std::make_shared<source_place>(at->second);
    out.push_back(place);
  }
  return out;
}

std::string location_text(const nlohmann::json& caller, const source_place* place) {
  if (!place || place->text.empty()) return unsymbolized_location(caller);
  if (!place->has_line)  // a function without a line: keep where it is too (its name once)
    return place->text + " (" + module_place(caller) + ", no line information)";
  return place->text;
}

nlohmann::json frame_json(const nlohmann::json& caller, const source_place* place) {
  nlohmann::json frame{{"location", location_text(caller, place)}};
  if (place && !place->function.empty()) frame["function"] = place->function;
  if (place && place->has_line && !place->file.empty()) frame["file"] = place->file;
  if (place && place->line > 0) frame["line"] = place->line;
  return frame;
}

}  // namespace

std::vector<std::string> locations(const std::vector<nlohmann::json>& callers) {
  const auto places = places_of(callers);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < callers.size(); ++i) out.push_back(location_text(callers[i], places[i].get()));
  return out;
}

void symbolize(std::vector<finding>& findings) {
  std::vector<nlohmann::json> callers;
  for (const auto& f : findings) callers.push_back(f.caller);
  const auto places = places_of(callers);
  for (std::size_t i = 0; i < findings.size(); ++i) {
    findings[i].location = location_text(callers[i], places[i].get());
    findings[i].frames = nlohmann::json::array({frame_json(callers[i], places[i].get())});
  }
}

}  // namespace redsem::check
