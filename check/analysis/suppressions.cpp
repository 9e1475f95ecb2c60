// SPDX-License-Identifier: BSD-3-Clause
#include "check/analysis/suppressions.h"

#include <fmt/format.h>

#include <sstream>

namespace redsem::check {
namespace {

bool is_place(const std::string& text) {  // "app.c:42"
  const auto colon = text.rfind(':');
  return colon != std::string::npos && colon + 1 < text.size() &&
         text.find_first_not_of("0123456789", colon + 1) == std::string::npos;
}

// The function and the source place of a symbolised finding, each empty when unknown:
// "app.c:42 (main)", "app.c:42", "main() (… no line information)", "main in /path/app"; of an
// inlined call, its innermost frame ("sum.h:14 (sum)" of "sum.h:14 (sum) inlined into main at …").
std::pair<std::string, std::string> caller_names(const finding& f) {
  const std::string where = f.location.substr(0, f.location.find(" inlined into "));
  const auto open = where.find(" (");
  const std::string head = where.substr(0, open);
  std::string function, place;
  if (is_place(head)) {
    place = head;
    if (open != std::string::npos && where.ends_with(")")) function = where.substr(open + 2, where.size() - open - 3);
  } else if (head.ends_with("()")) {
    function = head.substr(0, head.size() - 2);
  } else if (const auto in = head.find(" in "); in != std::string::npos) {
    function = head.substr(0, in);
  }
  return {function, place};
}

// One `key=value` word into `s`; the problem when it is not one.
std::string take_word(const std::string& word, suppression& s) {
  const auto eq = word.find('=');
  if (eq == std::string::npos || eq + 1 == word.size()) return "'" + word + "' is not key=value";
  const std::string key = word.substr(0, eq), value = word.substr(eq + 1);
  std::string* field = key == "check" ? &s.check : key == "call" ? &s.call : key == "caller" ? &s.caller : nullptr;
  if (!field) return "unknown key '" + key + "' (expected check, call or caller)";
  if (!field->empty()) return "'" + key + "' given twice";
  *field = value;
  return "";
}

}  // namespace

std::optional<std::vector<suppression>> parse_suppressions(const std::string& text, std::string* why) {
  std::vector<suppression> out;
  std::istringstream lines(text);
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number) {
    if (const auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    std::istringstream words(line);
    suppression s;
    s.line = number;
    bool any = false;
    for (std::string word; words >> word; any = true)
      if (const auto problem = take_word(word, s); !problem.empty())
        return *why = fmt::format("line {}: {}", number, problem), std::nullopt;
    if (!any) continue;
    if (s.check.empty())
      return *why = fmt::format("line {}: no check= (every suppression names its check)", number), std::nullopt;
    out.push_back(std::move(s));
  }
  return out;
}

bool suppresses(const suppression& s, const finding& f) {
  if (s.check != f.check || (!s.call.empty() && s.call != f.call)) return false;
  if (s.caller.empty()) return true;
  const auto [function, place] = caller_names(f);
  return s.caller == function || s.caller == place;
}

std::string suppressions_for(const std::vector<finding>& findings) {
  std::string out;
  for (const auto& f : findings) {
    const auto [function, place] = caller_names(f);
    std::string caller = !place.empty() ? place : function;
    if (caller.find_first_of(" \t") != std::string::npos) caller.clear();  // a word cannot hold it
    out += fmt::format("# {} at {}: {}\n", f.check, f.location, f.message.substr(0, 160));
    out += "check=" + f.check + (f.call.empty() ? "" : " call=" + f.call) + (caller.empty() ? "" : " caller=" + caller);
    out += "\n";
  }
  return out;
}

}  // namespace redsem::check
