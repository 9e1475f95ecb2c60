// SPDX-License-Identifier: BSD-3-Clause
#include "check/analysis/finding.h"

#include <algorithm>
#include <array>
#include <unordered_map>

#include "check/analysis/record_fields.h"

namespace redsem::check {
namespace {

// Where the call was made, whatever address the module was loaded at on each rank.
nlohmann::json call_site(const nlohmann::json& caller) {
  if (!caller.is_object()) return nullptr;
  return {{"module", text_of(caller, "module")}, {"offset", text_of(caller, "offset")}};
}

// Equal for the same finding, whichever rank saw it.
std::string identity(const finding& f) {
  return nlohmann::json::array({f.check, f.call, call_site(f.caller), identifying_evidence(f.evidence)})
      .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void add_rank(finding& into, const finding& f) {
  into.count += f.count;
  const bool differs = f.message != into.message || f.evidence != into.evidence;
  for (int rank : f.ranks) {
    const bool seen = std::find(into.ranks.begin(), into.ranks.end(), rank) != into.ranks.end();
    if (!seen) into.ranks.push_back(rank);
    if (differs && !seen) into.other_ranks.push_back({rank, f.message, f.evidence});
  }
}

}  // namespace

finding finding_from_record(const nlohmann::json& line, int rank) {
  finding f;
  f.check = text_of(line, "check");
  f.call = text_of(line, "call");
  f.rule = text_of(line, "rule");
  f.message = text_of(line, "message");
  f.caller = line.contains("caller") ? line["caller"] : nlohmann::json();
  f.evidence = line.contains("evidence") ? line["evidence"] : nlohmann::json::object();
  f.ranks = {rank};
  f.level = severity_of(f.check);
  return f;
}

nlohmann::json identifying_evidence(const nlohmann::json& evidence) {
  static constexpr std::array keys{"win", "op", "type", "argument", "buffer"};
  nlohmann::json id = nlohmann::json::object();
  if (!evidence.is_object()) return id;
  for (const char* key : keys)
    if (const auto it = evidence.find(key); it != evidence.end()) id[key] = *it;
  return id;
}

std::vector<finding> merge_findings(const std::vector<finding>& findings) {
  std::vector<finding> merged;
  std::unordered_map<std::string, std::size_t> index;
  for (const auto& f : findings) {
    const auto [it, added] = index.try_emplace(identity(f), merged.size());
    if (added)
      merged.push_back(f);
    else
      add_rank(merged[it->second], f);
  }
  for (auto& m : merged) {
    std::sort(m.ranks.begin(), m.ranks.end());
    m.ranks.erase(std::unique(m.ranks.begin(), m.ranks.end()), m.ranks.end());
    std::sort(m.other_ranks.begin(), m.other_ranks.end(), [](const auto& a, const auto& b) { return a.rank < b.rank; });
  }
  return merged;
}

}  // namespace redsem::check
