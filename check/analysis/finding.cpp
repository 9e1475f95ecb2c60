#include "check/analysis/finding.h"

#include <algorithm>
#include <unordered_map>

namespace redsem::check {
namespace {

std::string text(const nlohmann::json& line, const char* key) {
  const auto it = line.find(key);
  return it != line.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// Where the call was made, whatever address the module was loaded at on each rank.
nlohmann::json call_site(const nlohmann::json& caller) {
  if (!caller.is_object()) return nullptr;
  return {{"module", caller.value("module", "")}, {"offset", caller.value("offset", "")}};
}

// Equal for the same finding, whichever rank saw it.
std::string identity(const finding& f) {
  return nlohmann::json::array({f.check, f.call, f.rule, f.message, f.evidence, call_site(f.caller)})
      .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

finding finding_from_record(const nlohmann::json& line, int rank) {
  finding f;
  f.check = text(line, "check");
  f.call = text(line, "call");
  f.rule = text(line, "rule");
  f.message = text(line, "message");
  f.caller = line.contains("caller") ? line["caller"] : nlohmann::json();
  f.evidence = line.contains("evidence") ? line["evidence"] : nlohmann::json::object();
  f.ranks = {rank};
  return f;
}

std::vector<finding> merge_findings(const std::vector<finding>& findings) {
  std::vector<finding> merged;
  std::unordered_map<std::string, std::size_t> index;
  for (const auto& f : findings) {
    const auto [it, added] = index.try_emplace(identity(f), merged.size());
    if (added)
      merged.push_back(f);
    else
      merged[it->second].ranks.insert(merged[it->second].ranks.end(), f.ranks.begin(), f.ranks.end());
  }
  for (auto& m : merged) {
    std::sort(m.ranks.begin(), m.ranks.end());
    m.ranks.erase(std::unique(m.ranks.begin(), m.ranks.end()), m.ranks.end());
  }
  return merged;
}

}  // namespace redsem::check
